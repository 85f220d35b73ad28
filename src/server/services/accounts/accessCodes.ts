/**
 * Codes (a school's access codes and the classes' class codes): look-up with distinct answers, what
 * a code leads to (the preview before registering), and redemption (seat, school, product, class) in
 * one transaction.
 */
import { ACCOUNT_MESSAGES, normaliseAccessCode, type CodePreview } from '../../../common/accounts';
import type { Db } from '../../db';
import { HttpError } from '../../http/errors';
import { enrolStudent } from '../classroom/repository';
import { bumpClassVersions, lockClassWrites } from '../classroom/versions';
import * as codes from './codesRepository';
import type { AccessCodeRow } from './codesRepository';
import { accessCodeNames, addProduct, joinSchool, studentsMayOmitEmail } from './repository';

export type { AccessCodeRow } from './codesRepository';

/** A class code of an archived class: said plainly, not as a bad code. */
export const CLASS_ARCHIVED_MESSAGE = ACCOUNT_MESSAGES.classArchived;

/** The refusals of a code, worded for what it is: a class's class code or a school's access code. */
export function codeMessages(code: { class_id: number | null }) {
  const isClass = code.class_id !== null;
  return {
    expired: isClass ? ACCOUNT_MESSAGES.classCodeExpired : ACCOUNT_MESSAGES.accessCodeExpired,
    exhausted: isClass ? ACCOUNT_MESSAGES.classCodeExhausted : ACCOUNT_MESSAGES.accessCodeExhausted,
    alreadyRedeemed: isClass ? ACCOUNT_MESSAGES.classCodeAlreadyRedeemed : ACCOUNT_MESSAGES.accessCodeAlreadyRedeemed,
  };
}

/** Bad → 404, archived class → 410, expired → 410, no seats left → 409: each with its own clear message. */
export function checkAccessCode(row: AccessCodeRow | undefined, now: number): AccessCodeRow {
  if (!row) throw new HttpError(404, ACCOUNT_MESSAGES.accessCodeNotFound);
  if (row.class_archived_at !== null && row.class_archived_at !== undefined) throw new HttpError(410, CLASS_ARCHIVED_MESSAGE);
  if (row.expires_at !== null && now >= Number(row.expires_at)) throw new HttpError(410, codeMessages(row).expired);
  if (Number(row.used) >= Number(row.seats)) throw new HttpError(409, codeMessages(row).exhausted);
  return row;
}

export async function findAccessCode(db: Db, raw: string): Promise<AccessCodeRow | undefined> {
  const code = normaliseAccessCode(raw);
  if (code === '' || code.length > 40) return undefined;
  return codes.accessCodeByCode(db, code);
}

/**
 * Takes one seat of the code (only while one is free: a concurrent redemption cannot overbook),
 * records the redemption, joins the school and the product, and, for a class's class code, the
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
  if (await codes.hasRedeemed(trx, code.id, userId)) throw new HttpError(409, codeMessages(code).alreadyRedeemed);
  if (!(await codes.takeSeat(trx, code.id))) throw new HttpError(409, codeMessages(code).exhausted);
  await codes.insertRedemption(trx, code.id, userId, now);
  await joinSchool(trx, userId, code.client_id);
  await addProduct(trx, userId, code.product_id, code.client_id, externalId, now);
  if (joined) await enrolStudent(trx, joined.id, userId, 'code', now);
  // the class joined lists the student; their other classes show the school id they may have given
  await bumpClassVersions(trx, { studentIds: [userId] });
  return joined ? { id: joined.id, name: joined.name } : null;
}

/**
 * What a usable code leads to, for the student to check before committing: the school, the course
 * and, for a class code, the class and its teachers. Nothing else (no seats, no students, no ids).
 */
export async function previewCode(db: Db, row: AccessCodeRow): Promise<CodePreview> {
  const names = await accessCodeNames(db, row);
  const joined = row.class_id === null ? null : await codes.classWithTeachers(db, row.class_id);
  return {
    schoolName: names.school,
    productName: names.product,
    className: joined?.name ?? null,
    teachers: joined?.teachers ?? [],
    emailOptional: joined !== null && (await studentsMayOmitEmail(db, row.client_id)),
  };
}
