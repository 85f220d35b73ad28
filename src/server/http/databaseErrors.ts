/**
 * Errors that mean "the database cannot answer right now" rather than "this request is wrong" or
 * "our code is wrong": the app answers them with 503 + Retry-After (`{ message }`), never 500, and
 * the same process serves normally again once the database is back (docs/server.md
 * "Scale-out and failure behaviour"). Two kinds, each with its own message: the database is
 * unreachable (connections refused, cut, timed out, a server going down), or it answers but is
 * busy (another transaction got in the way, a lock or a statement waited too long, no connection
 * slot free).
 */

/** Node socket errors on the way to PostgreSQL. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** SQLSTATEs of a PostgreSQL that is going away or starting up. */
const POSTGRES_GONE = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up / shutting down)
]);

/**
 * SQLSTATEs of a transaction rolled back because another one got in the way: the same work usually
 * succeeds when run again (db/transaction.ts retries it inside the server first).
 */
const POSTGRES_CONTENTION = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

/** SQLSTATEs of a PostgreSQL that answers but is too loaded to serve this request now. */
const POSTGRES_OVERLOADED = new Set([
  '53300', // too_many_connections
  '55P03', // lock_not_available
  '57014', // query_canceled (statement_timeout)
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
  /** `busy`: the database answers but could not serve this now; `unreachable`: it does not answer */
  reason: 'busy' | 'unreachable';
}

/** Is `error` a PostgreSQL transaction rolled back for contention (deadlock, serialization failure)? */
export function databaseContention(error: unknown): boolean {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && POSTGRES_CONTENTION.has(code);
}

/** Unavailable when `error` (or its cause / an AggregateError member) is a transient database failure. */
export function databaseUnavailable(error: unknown, depth = 0): Unavailable | null {
  if (!error || typeof error !== 'object' || depth > 3) return null;
  const { code, message, errors, cause } = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === 'string') {
    // better-sqlite3: another writer held the lock for longer than busy_timeout
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return { retryAfterSeconds: 1, reason: 'busy' };
    // already retried inside the server (db/transaction.ts): the client tries again shortly
    if (POSTGRES_CONTENTION.has(code)) return { retryAfterSeconds: 1, reason: 'busy' };
    if (POSTGRES_OVERLOADED.has(code)) return { retryAfterSeconds: 5, reason: 'busy' };
    if (NETWORK_CODES.has(code) || POSTGRES_GONE.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return { retryAfterSeconds: 5, reason: 'unreachable' };
  }
  if (typeof message === 'string' && PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return { retryAfterSeconds: 5, reason: 'unreachable' };
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const found = databaseUnavailable(inner, depth + 1);
      if (found) return found;
    }
  }
  return cause ? databaseUnavailable(cause, depth + 1) : null;
}
