/** Access codes: look-up with distinct answers, and redemption (seat, school, product) in one transaction. */
import { ACCOUNT_MESSAGES, normaliseAccessCode } from '../../../common/accounts';
import type { Db } from '../../db';
import { HttpError } from '../../http/errors';
import { enrolStudent } from '../classroom/repository';
import { bumpClassVersions, lockClassWrites } from '../classroom/versions';
import * as codes from './codesRepository';
import type { AccessCodeRow } from './codesRepository';
import { addProduct, joinSchool } from './repository';

export type { AccessCodeRow } from './codesRepository';

/** A join code of an archived class: said plainly, not as a bad code. */
export const CLASS_ARCHIVED_MESSAGE = 'This class has been archived, so its join code no longer works. Ask your teacher which class to join.';

/** Bad → 404, archived class → 410, expired → 410, no seats left → 409: each with its own clear message. */
export function checkAccessCode(row: AccessCodeRow | undefined, now: number): AccessCodeRow {
  if (!row) throw new HttpError(404, ACCOUNT_MESSAGES.accessCodeNotFound);
  if (row.class_archived_at !== null && row.class_archived_at !== undefined) throw new HttpError(410, CLASS_ARCHIVED_MESSAGE);
  if (row.expires_at !== null && now >= Number(row.expires_at)) throw new HttpError(410, ACCOUNT_MESSAGES.accessCodeExpired);
  if (Number(row.used) >= Number(row.seats)) throw new HttpError(409, ACCOUNT_MESSAGES.accessCodeExhausted);
  return row;
}

export async function findAccessCode(db: Db, raw: string): Promise<AccessCodeRow | undefined> {
  const code = normaliseAccessCode(raw);
  if (code === '' || code.length > 40) return undefined;
  return codes.accessCodeByCode(db, code);
}

/**
 * Takes one seat of the code (only while one is free: a concurrent redemption cannot overbook),
 * records the redemption, joins the school and the product, and, for a class's join code, the
 * class. Call inside a transaction. Answers the class joined, if any.
 */
export async function redeemAccessCode(
  trx: Db,
  code: AccessCodeRow,
  userId: number,
  now: number,
  externalId: string | null = null,
): Promise<{ id: number; name: string } | null> {
  // read again in the transaction: the class may have been archived since the code was checked
  const joined = code.class_id === null ? undefined : await codes.classOfCode(trx, code.class_id);
  if (joined && joined.archived_at !== null) throw new HttpError(410, CLASS_ARCHIVED_MESSAGE);
  // before the first write: the class joined and the student's own classes (versions.ts)
  await lockClassWrites(trx, { classIds: joined ? [joined.id] : [] }, { studentIds: [userId] });
  if (await codes.hasRedeemed(trx, code.id, userId)) throw new HttpError(409, ACCOUNT_MESSAGES.accessCodeAlreadyRedeemed);
  if (!(await codes.takeSeat(trx, code.id))) throw new HttpError(409, ACCOUNT_MESSAGES.accessCodeExhausted);
  await codes.insertRedemption(trx, code.id, userId, now);
  await joinSchool(trx, userId, code.client_id);
  await addProduct(trx, userId, code.product_id, code.client_id, externalId, now);
  if (joined) await enrolStudent(trx, joined.id, userId, 'code', now);
  // the class joined lists the student; their other classes show the school id they may have given
  await bumpClassVersions(trx, { studentIds: [userId] });
  return joined ? { id: joined.id, name: joined.name } : null;
}
