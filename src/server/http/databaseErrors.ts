/**
 * Errors that mean "the database cannot answer right now" rather than "this request is wrong" or
 * "our code is wrong": the app answers them with 503 + Retry-After (`{ message }`), never 500, and
 * the same process serves normally again once the database is back (docs/server.md
 * "Scale-out and failure behaviour").
 */

/** Node socket errors on the way to PostgreSQL. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** SQLSTATEs of a PostgreSQL that is going away, starting up, full of connections or too slow. */
const POSTGRES_TRANSIENT = new Set([
  '53300', // too_many_connections
  '57014', // query_canceled (statement_timeout)
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up / shutting down)
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

/** node-postgres's own messages for a lost, refused or timed-out connection (it sets no code on these). */
const PG_CONNECTION_MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /^Query read timeout/i,
  /is not queryable/i,
  /Client was closed and is not queryable/i,
  /^Connection closed/i,
];

export interface Unavailable {
  /** seconds a client should wait before trying again */
  retryAfterSeconds: number;
}

/** Unavailable when `error` (or its cause / an AggregateError member) is a transient database failure. */
export function databaseUnavailable(error: unknown, depth = 0): Unavailable | null {
  if (!error || typeof error !== 'object' || depth > 3) return null;
  const { code, message, errors, cause } = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === 'string') {
    // better-sqlite3: another writer held the lock for longer than busy_timeout
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return { retryAfterSeconds: 1 };
    if (NETWORK_CODES.has(code) || POSTGRES_TRANSIENT.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return { retryAfterSeconds: 5 };
  }
  if (typeof message === 'string' && PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return { retryAfterSeconds: 5 };
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const found = databaseUnavailable(inner, depth + 1);
      if (found) return found;
    }
  }
  return cause ? databaseUnavailable(cause, depth + 1) : null;
}
