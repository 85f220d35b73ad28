/**
 * E-mailed verification codes: a registration record's (its e-mail step) and a user's
 * e-mail change. Both follow one rule: a 6-digit code, 10 minutes, 5 attempts, a minute between
 * sends, and only the newest code of its owner counts.
 */
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from '../../../common/accounts';
import type { Db } from '../../db';
import { HttpError } from '../../http/errors';
import { codeHash, newVerificationCode, sameSecret } from '../../security/codes';
import * as codes from './codesRepository';
import type { CodeOwner } from './codesRepository';

export type { CodeOwner } from './codesRepository';

/** How long the owner must still wait before a new code is sent (0: now). */
export async function secondsUntilResend(db: Db, owner: CodeOwner, now: number): Promise<number> {
  const last = await codes.lastCodeSentAt(db, owner);
  if (last === undefined) return 0;
  return Math.max(0, Math.ceil((last + ACCOUNT_LIMITS.verificationResendSeconds * 1000 - now) / 1000));
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
  // one transaction: a failure part-way neither ends the code the owner holds without a new one,
  // nor leaves a newest code whose hash is still 'pending' (one that no code could match)
  const id = await db.transaction().execute(async (trx) => {
    await codes.consumeOwnersCodes(trx, owner, now);
    const inserted = await codes.insertVerificationCode(trx, {
      purpose: owner.purpose,
      record_id: owner.purpose === 'registration' ? owner.recordId : null,
      user_id: owner.purpose === 'email-change' ? owner.userId : null,
      email,
      code_hash: 'pending',
      attempts: 0,
      created_at: now,
      expires_at: now + ACCOUNT_LIMITS.verificationCodeMinutes * 60_000,
      consumed_at: null,
    });
    await codes.setVerificationCodeHash(trx, inserted, codeHash(code, `verify:${inserted}`));
    return inserted;
  });
  return { id, code };
}

/**
 * Checks a code against the owner's newest one (or the one `otid` names): wrong → 400 and one
 * attempt used (kept even though the request fails); 5 wrong → 429 until a new code is sent;
 * expired → 410. A right code is consumed in one transaction with `write`, what it authorises
 * (given the verified address): if that fails, the code still works for the next try.
 */
export async function checkVerificationCode(
  db: Db,
  owner: CodeOwner,
  code: string,
  otid: number | null,
  now: number,
  write: (trx: Db, email: string) => Promise<void> = async () => undefined,
): Promise<{ email: string }> {
  const row = await codes.newestVerificationCode(db, owner, otid);
  if (!row || row.consumed_at !== null) {
    throw new HttpError(row ? 410 : 400, row ? ACCOUNT_MESSAGES.verificationExpired : ACCOUNT_MESSAGES.verificationWrong);
  }
  if (Number(row.attempts) >= ACCOUNT_LIMITS.verificationMaxAttempts) throw new HttpError(429, ACCOUNT_MESSAGES.verificationTooManyAttempts);
  if (now >= Number(row.expires_at)) throw new HttpError(410, ACCOUNT_MESSAGES.verificationExpired);
  if (!sameSecret(row.code_hash, codeHash(code.trim(), `verify:${row.id}`))) {
    const attempts = Number(row.attempts) + 1;
    await codes.setVerificationAttempts(db, row.id, attempts);
    if (attempts >= ACCOUNT_LIMITS.verificationMaxAttempts) throw new HttpError(429, ACCOUNT_MESSAGES.verificationTooManyAttempts);
    throw new HttpError(400, ACCOUNT_MESSAGES.verificationWrong);
  }
  await db.transaction().execute(async (trx) => {
    // used once even under concurrent checks: only one update finds the code unconsumed
    if (!(await codes.consumeVerificationCode(trx, row.id, now))) throw new HttpError(410, ACCOUNT_MESSAGES.verificationExpired);
    await write(trx, row.email);
  });
  return { email: row.email };
}
