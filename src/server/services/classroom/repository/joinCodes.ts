/** A class's class code: the course it enrols in, a new code replacing the old, the code that works now. */
import { formatAccessCode } from '../../../../common/accounts';
import type { Db } from '../../../db';
import { newAccessCode } from '../../../security/codes';

/** A class code's seats: far more than any class, so it never runs out mid-term. */
export const JOIN_CODE_SEATS = 1_000;

/**
 * The course a class's class code enrols in: the one the school's own access codes give (the
 * newest), else the one most of its students hold, else the first product there is.
 */
export async function joinCodeProduct(db: Db, clientId: number): Promise<number | undefined> {
  const fromCodes = await db
    .selectFrom('access_codes')
    .select('product_id')
    .where('client_id', '=', clientId)
    .where('class_id', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (fromCodes) return fromCodes.product_id;
  const held = await db
    .selectFrom('user_products')
    .select(['product_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('client_id', '=', clientId)
    .groupBy('product_id')
    .orderBy('n', 'desc')
    .orderBy('product_id')
    .executeTakeFirst();
  if (held) return held.product_id;
  return (await db.selectFrom('products').select('id').orderBy('id').executeTakeFirst())?.id;
}

/** A new class code for the class; the old ones stop working (they expire now). Call in a transaction. */
export async function replaceJoinCode(trx: Db, classId: number, clientId: number, productId: number, now: number): Promise<string> {
  await trx
    .updateTable('access_codes')
    .set({ expires_at: now })
    .where('class_id', '=', classId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute();
  for (;;) {
    const code = newAccessCode();
    const clash = await trx.selectFrom('access_codes').select('id').where('code', '=', code).executeTakeFirst();
    if (clash) continue;
    await trx
      .insertInto('access_codes')
      .values({ code, client_id: clientId, product_id: productId, seats: JOIN_CODE_SEATS, used: 0, expires_at: null, created_at: now, class_id: classId })
      .execute();
    return formatAccessCode(code);
  }
}

/** The class's class code that works now (the newest), formatted, and when it stops. */
export async function liveJoinCode(db: Db, classId: number, now: number): Promise<{ code: string; expiresAt: number | null } | undefined> {
  const row = await db
    .selectFrom('access_codes')
    .select(['code', 'expires_at'])
    .where('class_id', '=', classId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? { code: formatAccessCode(row.code), expiresAt: row.expires_at === null ? null : Number(row.expires_at) } : undefined;
}
