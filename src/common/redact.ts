/**
 * Secrets out of addresses and text that end up where they should not (logs, error reports, support
 * tickets): a password-reset code or a certificate code in the path, an invitation token or a
 * registration key in the query, and anything else that looks like a random token. The address keeps
 * its shape, so a log still says which page was asked for.
 */
export const REDACTED = '[redacted]';

/** Path prefixes whose next segment is a secret (the SPA's /password/reset/:code, /certificates/:code). */
const SECRET_SEGMENT_AFTER = [/\/password\/reset\/$/i, /\/certificates\/$/i];

/** Query parameters that carry secrets by name (invitation `token`, verification `code`, record `key` …). */
const SECRET_PARAM = /(^|[_-])(token|code|key|secret|password|passwd|pass|sig|signature|auth|authorization|jwt|otp|session|sid|ticket|nonce)s?$/i;

/**
 * A random-looking value: 20+ characters of base64url or hex that mix letters and digits (a slug of
 * words such as `track-your-spending` does not; a UUID does not, none of ours is a secret).
 */
export function looksLikeToken(value: string): boolean {
  if (value.length < 20 || !/^[A-Za-z0-9_~.+/=-]+$/.test(value)) return false;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return false;
  if (/^[a-z]+(-[a-z]+)*$/.test(value)) return false;
  return /\d/.test(value) && /[A-Za-z]/.test(value);
}

function redactPath(path: string): string {
  const parts = path.split('/');
  let before = '';
  return parts
    .map((part, index) => {
      const prefix = `${before}${part}/`;
      const secret = index > 0 && part !== '' && (SECRET_SEGMENT_AFTER.some((p) => p.test(before)) || looksLikeToken(safeDecode(part)));
      before = prefix;
      return secret ? REDACTED : part;
    })
    .join('/');
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      if (at < 0) return pair;
      const name = safeDecode(pair.slice(0, at));
      const value = safeDecode(pair.slice(at + 1));
      return SECRET_PARAM.test(name) || looksLikeToken(value) ? `${pair.slice(0, at)}=${REDACTED}` : pair;
    })
    .join('&');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * The address without its secrets: a path (`/password/reset/abc…?x=1`) or a whole URL
 * (`https://host/register/5?token=…`). The fragment goes too (it is never sent to a server).
 */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutHash = hash >= 0 ? url.slice(0, hash) : url;
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(withoutHash)?.[0] ?? '';
  const rest = withoutHash.slice(origin.length);
  const question = rest.indexOf('?');
  const path = question >= 0 ? rest.slice(0, question) : rest;
  const query = question >= 0 ? rest.slice(question + 1) : null;
  return `${origin}${redactPath(path)}${query === null ? '' : `?${redactQuery(query)}`}${hash >= 0 ? `#${REDACTED}` : ''}`;
}

/**
 * Every address (absolute, or a path starting with /) inside free text, such as an error message or a
 * stack. `dropQuery`: the query and fragment go whole (for text that leaves the server's own logs).
 */
export function redactText(text: string, { dropQuery = false }: { dropQuery?: boolean } = {}): string {
  return text.replace(/(?:[a-z][a-z0-9+.-]*:\/\/[^\s'"<>`]*|\/[^\s'"<>`]*)/gi, (match) => redactUrl(dropQuery ? match.replace(/[?#].*$/, '') : match));
}

/** E-mail addresses inside free text. */
export function redactEmails(text: string): string {
  return text.replace(/[^\s@'"<>`()[\]{},;:]+@[^\s@'"<>`()[\]{},;:]+\.[^\s@'"<>`()[\]{},;:]+/g, REDACTED);
}

/** Words that look like a random token (a JWT, a reset code) inside free text. */
export function redactTokens(text: string): string {
  return text.replace(/[A-Za-z0-9_~.+=-]{20,}/g, (word) => (looksLikeToken(word) ? REDACTED : word));
}
