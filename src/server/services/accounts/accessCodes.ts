/** Access codes: look-up with distinct answers, and redemption (seat, school, product) in one transaction. */
import { sql } from 'kysely';
import { ACCOUNT_MESSAGES, normaliseAccessCode } from '../../../common/accounts';
import type { Db } from '../../db';
import type { AccessCodesTable } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Selectable } from 'kysely';
import { enrolStudent } from '../classroom/repository';
import { bumpClassVersions } from '../classroom/versions';

/** A class's join code (class_id set): `class_archived_at` when findAccessCode read it. */
export type AccessCodeRow = Selectable<AccessCodesTable> & { class_archived_at?: number | null };

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
  return db
    .selectFrom('access_codes')
    .leftJoin('classes', 'classes.id', 'access_codes.class_id')
    .selectAll('access_codes')
    .select('classes.archived_at as class_archived_at')
    .where('code', '=', code)
    .executeTakeFirst();
}

/** Adds the user to the code's school (as the last school) unless already a member. */
export async function joinSchool(trx: Db, userId: number, clientId: number): Promise<void> {
  const member = await trx
    .selectFrom('user_clients')
    .select('client_id')
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (member) return;
  const last = await trx
    .selectFrom('user_clients')
    .select((eb) => eb.fn.max<number | null>('position').as('max'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const position = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
  await trx.insertInto('user_clients').values({ user_id: userId, client_id: clientId, position }).execute();
}

/** Adds the course (the product at that school) unless the user has it; a course per school, each with its own student id. */
export async function addProduct(trx: Db, userId: number, productId: number, clientId: number, externalId: string | null, now: number): Promise<void> {
  const owned = await trx
    .selectFrom('user_products')
    .select('product_id')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (owned) {
    if (externalId) {
      await trx
        .updateTable('user_products')
        .set({ external_id: externalId })
        .where('user_id', '=', userId)
        .where('product_id', '=', productId)
        .where('client_id', '=', clientId)
        .execute();
    }
    return;
  }
  await trx.insertInto('user_products').values({ user_id: userId, product_id: productId, client_id: clientId, external_id: externalId, created_at: now }).execute();
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
  const joined = code.class_id === null ? undefined : await trx.selectFrom('classes').select(['id', 'name', 'archived_at']).where('id', '=', code.class_id).executeTakeFirst();
  if (joined && joined.archived_at !== null) throw new HttpError(410, CLASS_ARCHIVED_MESSAGE);
  const already = await trx
    .selectFrom('access_code_redemptions')
    .select('user_id')
    .where('access_code_id', '=', code.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (already) throw new HttpError(409, ACCOUNT_MESSAGES.accessCodeAlreadyRedeemed);
  const taken = await trx
    .updateTable('access_codes')
    .set({ used: sql<number>`used + 1` })
    .where('id', '=', code.id)
    .where('used', '<', sql<number>`seats`)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw new HttpError(409, ACCOUNT_MESSAGES.accessCodeExhausted);
  await trx.insertInto('access_code_redemptions').values({ access_code_id: code.id, user_id: userId, redeemed_at: now }).execute();
  await joinSchool(trx, userId, code.client_id);
  await addProduct(trx, userId, code.product_id, code.client_id, externalId, now);
  if (joined) await enrolStudent(trx, joined.id, userId, 'code', now);
  // the class joined lists the student; their other classes show the school id they may have given
  await bumpClassVersions(trx, { studentIds: [userId] });
  return joined ? { id: joined.id, name: joined.name } : null;
}
