/**
 * Checks on request input that hold for every route, whatever its schema says.
 * NUL (U+0000): PostgreSQL refuses it in text ("invalid byte sequence for encoding UTF8: 0x00"),
 * so a string holding one would be a server error there and stored as-is on SQLite; no legitimate
 * input contains it, so every JSON body (and the proxy request of a multipart form) holding one is
 * refused with 400 on both databases alike.
 */
import { API_MESSAGES } from '../../common/apiMessages';
import { HttpError } from './errors';

/**
 * true when a string anywhere in value (object keys included) holds U+0000; past 200 levels of
 * nesting the walk stops and answers true (refusing such a body errs on the safe side).
 */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  if (depth > 200) return true;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/** 400 when parsed JSON holds a NUL; `text` (the JSON source) lets the common case skip the walk. */
export function refuseNul(value: unknown, text?: string): void {
  // JSON can carry U+0000 only escaped: no "\u0000" in the source, no NUL in the value
  if (text !== undefined && !text.includes('\\u0000')) return;
  if (containsNul(value)) throw new HttpError(400, API_MESSAGES.nulCharacter);
}
