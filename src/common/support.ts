/**
 * Support tickets: the contract shared by the SPA and the server, and the pure rules
 * both sides apply — the details appended to a ticket's description (SPEC S7.09) and the
 * session-recording buffer limits (SPEC §9: queue 1000, body truncation 4,096,000 characters).
 */

/** SPEC §9: session-recording limits. */
export const RECORDING_LIMITS = { queue: 1000, bodyTruncation: 4_096_000 } as const;

/** SPEC §8: support toasts' lives. */
export const SUPPORT_TOAST_LIFE_MS = { success: 30_000, failure: 20_000 } as const;

/** SPEC §9: support form limits. */
export const SUPPORT_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  emailMax: 100,
  subjectMax: 200,
  descriptionMax: 2000,
} as const;
export const SUPPORT_HOURS_NOTE = 'Monday through Friday, 8 a.m. to 6 p.m. ET';

/** The line that separates what the student wrote from the details the SPA appends (SPEC S7.09). */
export const SUPPORT_DETAILS_MARKER = '\n\n---- Details ----\n';
/** The appended details may not exceed this many characters (ours). */
export const SUPPORT_DETAILS_MAX = 4000;
/** The hidden honeypot field of the public form; people never fill it in. */
export const SUPPORT_HONEYPOT_FIELD = 'website';
/** Ticket keys read HELP-1001, HELP-1002 … */
export const SUPPORT_KEY_PREFIX = 'HELP-';
export const SUPPORT_KEY_PATTERN = /^HELP-\d{1,12}$/;
export const RECORDING_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export { SUPPORT_PERMISSION } from './permissions';
/**
 * The one line under the recording checkbox: what is recorded (this tab, from the tick, typing
 * hidden) and who sees it. The box starts unticked and nothing is recorded before it is ticked.
 * Signed out, or where the school turned the minute before a request off.
 */
export const RECORDING_NOTICE =
  'From when you tick this until you send, we record this tab (never what you type); only our support team can watch it.';
/**
 * The same line where this tab keeps the minute before a request (HELP_BUFFER): what is kept, for
 * how long, and that nothing leaves the tab unless the box is ticked.
 */
export const RECORDING_NOTICE_WITH_BUFFER =
  'Until you sign out, this tab keeps its last minute in memory (never what you type); ticked, that minute and your time on this form go to our support team only. Unticked, nothing leaves this tab.';
export const RECORDING_CHECKBOX_LABEL = 'Attach a recording of my screen';
/** The warning beside the success toast when the recording was refused (a limit reached): ours, not the spec's. */
export const RECORDING_NOT_ATTACHED = 'Your screen recording was not attached';

/**
 * A ticket's state: `new` until staff first reply; a staff reply makes it `waiting-on-student`; the
 * student's answer makes it `open` (staff's turn); staff resolve and reopen it by hand.
 */
export const TICKET_STATUSES = ['new', 'open', 'waiting-on-student', 'resolved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** How the console names each state. */
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  new: 'New',
  open: 'Open',
  'waiting-on-student': 'Waiting on student',
  resolved: 'Resolved',
};

/** How "My requests" tells the student where their request stands, in plain words. */
export const MY_TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  new: 'Received, not answered yet',
  open: 'We are looking at your answer',
  'waiting-on-student': 'Answered, waiting for you',
  resolved: 'Resolved',
};

/** A thread entry: a staff reply, a staff-only internal note, or the student's answer. */
export type TicketMessageKind = 'reply' | 'note' | 'student';

export interface TicketMessage {
  id: number;
  kind: TicketMessageKind;
  authorName: string;
  body: string;
  createdAt: number;
}

export interface StaffMember {
  id: number;
  name: string;
}

/** POST /whichway/support answers with the issue key; with a recording asked for, a one-time upload token too. */
export interface SupportTicketCreated {
  issuekey: string;
  uploadToken?: string;
}

export interface TicketSummary {
  key: string;
  number: number;
  status: TicketStatus;
  name: string;
  email: string;
  subject: string;
  school: string | null;
  userName: string | null;
  createdAt: number;
  resolvedAt: number | null;
  hasRecording: boolean;
  /** the staff member working on it, or null */
  assignee: StaffMember | null;
  /** the first staff reply (time to first reply is counted in business hours from createdAt) */
  firstReplyAt: number | null;
  /** the time zone of the school the ticket was sent from (the queue shows its times there), or null */
  schoolTimezone: string | null;
  /** the student's current classes at that school, by name (none for a /help ticket) */
  classes: string[];
}

export interface RecordingInfo {
  id: string;
  size: number;
  truncated: boolean;
  createdAt: number;
}

export interface TicketDetail extends TicketSummary {
  description: string;
  url: string;
  useragent: string;
  recordingId: string | null;
  recording: RecordingInfo | null;
  /** replies, the student's answers and internal notes, oldest first */
  messages: TicketMessage[];
}

/** One of the signed-in student's own tickets, as "My requests" lists it. */
export interface MyTicketSummary {
  key: string;
  subject: string;
  status: TicketStatus;
  createdAt: number;
  /** the newest staff reply, or null before the first one */
  lastReply: { body: string; at: number } | null;
}

/** One of the student's tickets with its thread: what they wrote, replies and their answers (never notes). */
export interface MyTicketDetail extends MyTicketSummary {
  /** what the student wrote, without the appended details */
  comments: string;
  messages: TicketMessage[];
}

export interface RecordingBody {
  ticketKey: string;
  createdAt: number;
  truncated: boolean;
  /** the rrweb events as JSON text */
  events: string;
}

export interface SupportDetails {
  name: string;
  email: string;
  userName: string | null;
  pageUrl: string;
  referrer: string;
  userAgent: string;
  /** absolute address of the replay page, or null when the student left the recording out */
  recordingUrl: string | null;
}

/** SPEC S7.09: the student's comments, then the marker, then one detail per line. */
export function composeDescription(comments: string, details: SupportDetails): string {
  const lines = [
    `Name: ${details.name}`,
    `E-mail: ${details.email}`,
    `User name: ${details.userName ?? '(not signed in)'}`,
    `Page: ${details.pageUrl}`,
    `Referrer: ${details.referrer || '(none)'}`,
    `User agent: ${details.userAgent}`,
    `Session recording: ${details.recordingUrl ?? '(not attached)'}`,
  ];
  return `${comments}${SUPPORT_DETAILS_MARKER}${lines.join('\n').slice(0, SUPPORT_DETAILS_MAX)}`;
}

/** Splits a description into what the student wrote and the appended details. */
export function splitDescription(description: string): { comments: string; details: string } {
  const at = description.indexOf(SUPPORT_DETAILS_MARKER);
  if (at < 0) return { comments: description, details: '' };
  return { comments: description.slice(0, at), details: description.slice(at + SUPPORT_DETAILS_MARKER.length) };
}

/** A support team's saved reply: the team is a school's support staff (GET /support/saved-replies). */
export interface SavedReply {
  id: number;
  /** the school whose support team it belongs to */
  school: { id: string; name: string };
  title: string;
  body: string;
  updatedAt: number;
}

/** POST /support/saved-replies (`school`: the lsclient id; optional when the caller supports one school only); PUT /support/saved-replies/:id without `school`. */
export interface SavedReplyInput {
  title: string;
  body: string;
  school?: string;
}

export const SAVED_REPLY_LIMITS = { titleMax: 100, bodyMax: 2000, perSchool: 200 } as const;

export const SAVED_REPLY_MESSAGES = {
  notFound: 'That saved reply was not found.',
  title: `A saved reply needs a title of at most ${SAVED_REPLY_LIMITS.titleMax} characters.`,
  body: `A saved reply needs a text of at most ${SAVED_REPLY_LIMITS.bodyMax} characters.`,
  school: 'Choose which school’s support team the saved reply is for.',
  full: `A support team keeps at most ${SAVED_REPLY_LIMITS.perSchool} saved replies: delete one first.`,
} as const;

/** rrweb's event type for Meta, which starts every (re)snapshot. */
export const RRWEB_META_EVENT = 4;
/** rrweb's event type for the app's own custom events (an error mark, Get Help opened). */
export const RRWEB_CUSTOM_EVENT = 5;

/**
 * Get Help's "moments before" (docs/privacy.md): while a signed-in student works, their tab keeps
 * the page's last `windowMs` in memory. rrweb takes a fresh snapshot every `checkoutEveryMs`, which
 * starts a segment (a Meta event, the snapshot, what follows); whole segments go once the later
 * ones still reach back the window (trimToWindow), so the buffer spans at least the window once
 * that long has passed, and never more than the window plus one segment.
 */
export const HELP_BUFFER = { windowMs: 60_000, checkoutEveryMs: 30_000 } as const;
/** The custom event marking when the student opened Get Help: the replay starts there. */
export const HELP_OPENED_TAG = 'help-opened';

/**
 * The time rule of the buffer: drops whole segments from the oldest end while the next segment
 * still starts `windowMs` or more before the newest event, and anything before the first Meta
 * event (nothing a player could rebuild). Pure: returns the buffer itself when nothing goes.
 */
export function trimToWindow<E extends { type: number; timestamp: number }>(buffer: readonly E[], windowMs: number = HELP_BUFFER.windowMs): readonly E[] {
  if (buffer.length === 0) return buffer;
  const cutoff = buffer[buffer.length - 1]!.timestamp - windowMs;
  let start = -1;
  for (let i = 0; i < buffer.length; i += 1) {
    const e = buffer[i]!;
    if (e.type !== RRWEB_META_EVENT) continue;
    if (start < 0 || e.timestamp <= cutoff) start = i;
    if (e.timestamp > cutoff) break;
  }
  return start <= 0 ? buffer : buffer.slice(start);
}

/** The time the student opened Get Help (the last such mark), or null when the recording has none. */
export function helpOpenedAt(events: readonly unknown[]): number | null {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const e = events[i] as { type?: unknown; timestamp?: unknown; data?: { tag?: unknown } } | null;
    if (e && e.type === RRWEB_CUSTOM_EVENT && e.data?.tag === HELP_OPENED_TAG && typeof e.timestamp === 'number') return e.timestamp;
  }
  return null;
}

/**
 * The ring buffer rule (SPEC §9 queue 1000): adds `event`, drops the oldest beyond `max`, then drops
 * up to the next Meta event so the buffer always starts with a snapshot a player can replay from.
 * Pure: returns a new array.
 */
export function pushEvent<E extends { type: number }>(buffer: readonly E[], event: E, max: number = RECORDING_LIMITS.queue): E[] {
  let next = [...buffer, event];
  if (next.length <= max) return next;
  next = next.slice(next.length - max);
  const meta = next.findIndex((e) => e.type === RRWEB_META_EVENT);
  return meta > 0 ? next.slice(meta) : next;
}

/**
 * SPEC §9 body truncation: the JSON of `events` in at most `limit` characters. Whole events are
 * dropped from the oldest end (never cut in half, so the JSON stays readable), then up to the next
 * Meta event when there is one, so the replay starts from a snapshot.
 */
export function truncateRecording(
  events: readonly unknown[],
  limit: number = RECORDING_LIMITS.bodyTruncation,
): { json: string; truncated: boolean; count: number } {
  const parts = events.map((e) => JSON.stringify(e) ?? 'null');
  let total = 2 + parts.reduce((sum, p) => sum + p.length, 0) + Math.max(0, parts.length - 1);
  if (total <= limit) return { json: `[${parts.join(',')}]`, truncated: false, count: parts.length };
  let start = 0;
  while (start < parts.length && total > limit) {
    total -= parts[start]!.length + (parts.length - start > 1 ? 1 : 0);
    start += 1;
  }
  const isMeta = (e: unknown) => typeof e === 'object' && e !== null && (e as { type?: unknown }).type === RRWEB_META_EVENT;
  const meta = events.findIndex((e, i) => i >= start && isMeta(e));
  if (meta > start) start = meta;
  const kept = parts.slice(start);
  return { json: `[${kept.join(',')}]`, truncated: true, count: kept.length };
}
