/**
 * E-mailed verification codes: a registration record's (its e-mail step) and a user's
 * e-mail change. Both follow one rule: a 6-digit code, 10 minutes, 5 attempts, a minute between
 * sends, and only the newest code of its owner counts.
 */
import type { ExpressionBuilder } from 'kysely';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from '../../../common/accounts';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { codeHash, newVerificationCode, sameSecret } from '../../security/codes';

/** Whose codes: a registration record's, or a signed-in user's change of address. */
export type CodeOwner = { purpose: 'registration'; recordId: number } | { purpose: 'email-change'; userId: number };

/** The owner's codes: those of its purpose, and of its record or its user. */
const ownedBy = (owner: CodeOwner) => (eb: ExpressionBuilder<Database, 'verification_codes'>) =>
  eb.and([
    eb('purpose', '=', owner.purpose),
    owner.purpose === 'registration' ? eb('record_id', '=', owner.recordId) : eb('user_id', '=', owner.userId),
  ]);

/** How long the owner must still wait before a new code is sent (0: now). */
export async function secondsUntilResend(db: Db, owner: CodeOwner, now: number): Promise<number> {
  const last = await db.selectFrom('verification_codes').select('created_at').where(ownedBy(owner)).orderBy('id', 'desc').executeTakeFirst();
  if (!last) return 0;
  return Math.max(0, Math.ceil((Number(last.created_at) + ACCOUNT_LIMITS.verificationResendSeconds * 1000 - now) / 1000));
}

/** 429 with Retry-After while the last code is under a minute old. */
export function refuseEarlyResend(wait: number): void {
  if (wait > 0) throw new HttpError(429, ACCOUNT_MESSAGES.verificationCooldown(wait), { 'retry-after': String(wait) });
}

/**
 * Stores a new code for `email` (earlier ones of the owner stop working: only the newest counts) and
 * returns it with its row id, for the mail. Its hash is salted with that id, so it is written once
 * the id is known.
 */
export async function issueVerificationCode(db: Db, owner: CodeOwner, email: string, now: number): Promise<{ id: number; code: string }> {
  const code = newVerificationCode();
  await db.updateTable('verification_codes').set({ consumed_at: now }).where(ownedBy(owner)).where('consumed_at', 'is', null).execute();
  const inserted = await db
    .insertInto('verification_codes')
    .values({
      purpose: owner.purpose,
      record_id: owner.purpose === 'registration' ? owner.recordId : null,
      user_id: owner.purpose === 'email-change' ? owner.userId : null,
      email,
      code_hash: 'pending',
      attempts: 0,
      created_at: now,
      expires_at: now + ACCOUNT_LIMITS.verificationCodeMinutes * 60_000,
      consumed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('verification_codes').set({ code_hash: codeHash(code, `verify:${inserted.id}`) }).where('id', '=', inserted.id).execute();
  return { id: inserted.id, code };
}

/**
 * Checks a code against the owner's newest one (or the one `otid` names): wrong → 400 and one
 * attempt used; 5 wrong → 429 until a new code is sent; expired → 410.
 */
export async function checkVerificationCode(db: Db, owner: CodeOwner, code: string, otid: number | null, now: number): Promise<{ email: string }> {
  let query = db.selectFrom('verification_codes').selectAll().where(ownedBy(owner));
  if (otid !== null) query = query.where('id', '=', otid);
  const row = await query.orderBy('id', 'desc').executeTakeFirst();
  if (!row || row.consumed_at !== null) {
    throw new HttpError(row ? 410 : 400, row ? ACCOUNT_MESSAGES.verificationExpired : ACCOUNT_MESSAGES.verificationWrong);
  }
  if (Number(row.attempts) >= ACCOUNT_LIMITS.verificationMaxAttempts) throw new HttpError(429, ACCOUNT_MESSAGES.verificationTooManyAttempts);
  if (now >= Number(row.expires_at)) throw new HttpError(410, ACCOUNT_MESSAGES.verificationExpired);
  if (!sameSecret(row.code_hash, codeHash(code.trim(), `verify:${row.id}`))) {
    const attempts = Number(row.attempts) + 1;
    await db.updateTable('verification_codes').set({ attempts }).where('id', '=', row.id).execute();
    if (attempts >= ACCOUNT_LIMITS.verificationMaxAttempts) throw new HttpError(429, ACCOUNT_MESSAGES.verificationTooManyAttempts);
    throw new HttpError(400, ACCOUNT_MESSAGES.verificationWrong);
  }
  const consumed = await db.updateTable('verification_codes').set({ consumed_at: now }).where('id', '=', row.id).where('consumed_at', 'is', null).executeTakeFirst();
  if (Number(consumed.numUpdatedRows) !== 1) throw new HttpError(410, ACCOUNT_MESSAGES.verificationExpired);
  return { email: row.email };
}
