/**
 * What budgets.ts and worksheets.ts share: the owner of a call, numeric ids, JSON data columns and
 * the optimistic-concurrency update. Every query takes the owner's id: another learner's row and a
 * missing row look the same (404), never data.
 */
import { HttpError } from '../../http/errors';
import type { ServiceContext } from '../types';

/** The signed-in learner's id (routes are access 'user', so there is one). */
export function ownerId(ctx: ServiceContext): number {
  const id = ctx.identity?.user.id;
  if (typeof id !== 'number') throw new HttpError(401, 'You are not signed in.');
  return id;
}

/** A route's :id as a number; anything that is not a plain positive integer is simply not found. */
export function documentId(ctx: ServiceContext, notFound: string): number {
  const raw = ctx.params.id ?? '';
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw new HttpError(404, notFound);
  return Number(raw);
}

export function parseData<T>(json: string): T {
  return JSON.parse(json) as T;
}

/** Kysely reports affected rows as bigint. */
export const affected = (result: { numUpdatedRows: bigint } | { numDeletedRows: bigint }): number =>
  Number('numUpdatedRows' in result ? result.numUpdatedRows : result.numDeletedRows);

/** A stale save: refused with 409 and a message saying what happened and what to do. */
export function conflict(message: string, currentVersion: number): HttpError {
  return new HttpError(409, `${message} (Saved version: ${currentVersion}.)`);
}
