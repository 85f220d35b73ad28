/**
 * What the replay's timeline shows, read from a recording's rrweb events: its length, and marks where
 * the student clicked, the page changed (a snapshot of another address), or an error was logged (a
 * custom `error` event `{ message, path }` from recording/errorMarks.ts, or rrweb's console plugin at
 * level error), and when the student opened Get Help (the custom event HELP_OPENED_TAG: the replay
 * starts there, with the minute the tab kept before it earlier on the timeline). Pure; offsets are ms
 * from the start.
 */
import { HELP_OPENED_TAG } from '../../../../common/support';

export type MarkKind = 'click' | 'page' | 'error' | 'opened';

export interface TimelineMark {
  kind: MarkKind;
  offset: number;
  /** what the mark is, for its accessible name ("Page changed to /app/catalog") */
  detail: string;
}

export interface Timeline {
  duration: number;
  marks: TimelineMark[];
  /** when the student opened Get Help (the last time), or null: a recording from a tick starts there itself */
  opened: number | null;
}

interface RawEvent {
  type?: unknown;
  timestamp?: unknown;
  data?: unknown;
}

const META = 4;
const INCREMENTAL = 3;
const CUSTOM = 5;
const PLUGIN = 6;
const MOUSE_INTERACTION = 2;
const CLICK = 2;

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

function pathOf(href: string): string {
  try {
    const url = new URL(href);
    return url.pathname + url.search;
  } catch {
    return href;
  }
}

/** "Error on /app/budgets: Budget not found", from the recorder's `{ message, path }` (either may be missing). */
function errorDetail({ message, path }: Record<string, unknown>): string {
  const where = typeof path === 'string' && path.startsWith('/') ? ` on ${path.slice(0, 80)}` : '';
  const text = typeof message === 'string' && message.trim() !== '' ? message.trim().slice(0, 120) : '';
  return text ? `Error${where}: ${text}` : `Error${where}`;
}

export function readTimeline(events: readonly unknown[]): Timeline {
  const timed = events.map(record).filter((e) => typeof e.timestamp === 'number') as unknown as (RawEvent & { timestamp: number })[];
  if (timed.length === 0) return { duration: 0, marks: [], opened: null };
  const start = timed[0]!.timestamp;
  const marks: TimelineMark[] = [];
  let href: string | null = null;
  let opened: number | null = null;
  for (const e of timed) {
    const data = record(e.data);
    const offset = e.timestamp - start;
    if (e.type === META && typeof data.href === 'string') {
      if (href !== null && data.href !== href) marks.push({ kind: 'page', offset, detail: `Page changed to ${pathOf(data.href)}` });
      href = data.href;
    } else if (e.type === INCREMENTAL && data.source === MOUSE_INTERACTION && data.type === CLICK) {
      marks.push({ kind: 'click', offset, detail: 'Click' });
    } else if (e.type === CUSTOM && data.tag === HELP_OPENED_TAG) {
      marks.push({ kind: 'opened', offset, detail: 'Get Help opened' });
      opened = offset;
    } else if (e.type === CUSTOM && data.tag === 'error') {
      marks.push({ kind: 'error', offset, detail: errorDetail(record(data.payload)) });
    } else if (e.type === PLUGIN && record(data.payload).level === 'error') {
      marks.push({ kind: 'error', offset, detail: 'Error logged' });
    }
  }
  return { duration: timed[timed.length - 1]!.timestamp - start, marks, opened };
}

/** 0:05, 1:20, 12:03 */
export function formatClock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The keyboard on the position slider: arrows ±5 s, Home the start, End the end; null for other keys. */
export const SEEK_STEP_MS = 5000;
export function seekForKey(key: string, current: number, duration: number): number | null {
  const clamp = (v: number) => Math.min(duration, Math.max(0, v));
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(current + SEEK_STEP_MS);
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(current - SEEK_STEP_MS);
    case 'Home':
      return 0;
    case 'End':
      return duration;
    default:
      return null;
  }
}

/** The scale that fits a recorded screen into the viewer's box without cutting it, aspect kept. */
export function fitScale(recorded: { width: number; height: number }, box: { width: number; maxHeight: number }): number {
  if (recorded.width <= 0 || recorded.height <= 0 || box.width <= 0) return 1;
  return Math.min(box.width / recorded.width, box.maxHeight / recorded.height);
}
