/**
 * Transactions that PostgreSQL may roll back for contention: a deadlock (40P01) or a serialization
 * failure (40001) says nothing about the request, only that another transaction got in the way, and
 * the same work usually succeeds a moment later. The whole callback runs again, so it must be safe
 * to re-run: every write inside the transaction, nothing sent or mutated outside it (mail, files,
 * counters) — those go after it returns. What still fails is a 503 "busy" (http/databaseErrors.ts).
 */
import { databaseContention } from '../http/databaseErrors';
import type { Db } from './index';

/** Tries of one transaction in all (the first and the retries). */
export const TRANSACTION_TRIES = 3;

/** The longest wait before a retry; each wait is jittered so that two losers do not meet again. */
const MAX_BACKOFF_MS = 50;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `work` in a transaction, run again (up to TRANSACTION_TRIES in all) while it fails for contention. */
export async function retryingTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= TRANSACTION_TRIES || !databaseContention(error)) throw error;
      await pause(Math.random() * MAX_BACKOFF_MS * attempt);
    }
  }
}
