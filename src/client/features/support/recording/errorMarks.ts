/**
 * An error logged while a recording runs becomes an rrweb custom event `error` carrying
 * `{ message, path }` (what recording/timeline.ts reads as an error mark). The students are minors
 * and a recording leaves the browser: only the message's first line (never a stack), with addresses
 * cut to their redacted path (no query, no fragment), e-mail addresses, token-like words, quoted
 * text ("…" and `…`: engines quote the text they failed to parse) and the values now in the page's
 * fields replaced by [redacted]; the route path likewise redacted. Length and count are capped.
 */
import { REDACTED, redactEmails, redactText, redactTokens, redactUrl } from '../../../../common/redact';

export const ERROR_MARK_TAG = 'error';

export const ERROR_MARK_LIMITS = {
  /** characters of a message (the timeline shows 120) */
  messageChars: 200,
  /** marks per recording: an error in a render loop must not fill the buffer */
  perRecording: 20,
  /** a field value shorter than this is not looked for (it would blank out ordinary words) */
  fieldValueMinChars: 3,
} as const;

export interface ErrorMarkPayload {
  message: string;
  /** the route's path, redacted */
  path: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The custom event's payload for an error `message` logged at `href` while `fieldValues` are typed in. */
export function errorMarkPayload(message: string, href: string, fieldValues: readonly string[] = []): ErrorMarkPayload {
  let text = (message.split(/\r?\n/).find((line) => line.trim() !== '') ?? '').trim();
  for (const value of fieldValues) {
    if (value.trim().length >= ERROR_MARK_LIMITS.fieldValueMinChars) text = text.replace(new RegExp(escapeRegExp(value.trim()), 'g'), REDACTED);
  }
  text = text.replace(/"[^"]*"|`[^`]*`/g, `"${REDACTED}"`);
  text = redactTokens(redactEmails(redactText(text, { dropQuery: true })));
  text = text.replace(/\s+/g, ' ');
  if (text.length > ERROR_MARK_LIMITS.messageChars) text = `${text.slice(0, ERROR_MARK_LIMITS.messageChars - 1)}…`;
  return { message: text || 'Error', path: pathOf(href) };
}

function pathOf(href: string): string {
  try {
    return redactUrl(new URL(href).pathname);
  } catch {
    return redactUrl(href.replace(/[?#].*$/, ''));
  }
}

/** What the student has typed into the page's fields now (text-like inputs and text areas). */
export function currentFieldValues(root: ParentNode = document): string[] {
  const skip = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'range', 'color']);
  return Array.from(root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'))
    .filter((field) => !(field instanceof HTMLInputElement && skip.has(field.type)))
    .map((field) => field.value)
    .filter((value) => value !== '');
}
