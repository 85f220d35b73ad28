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
  await codes.consumeOwnersCodes(db, owner, now);
  const id = await codes.insertVerificationCode(db, {
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
  await codes.setVerificationCodeHash(db, id, codeHash(code, `verify:${id}`));
  return { id, code };
}

/**
 * Checks a code against the owner's newest one (or the one `otid` names): wrong → 400 and one
 * attempt used; 5 wrong → 429 until a new code is sent; expired → 410.
 */
export async function checkVerificationCode(db: Db, owner: CodeOwner, code: string, otid: number | null, now: number): Promise<{ email: string }> {
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
  if (!(await codes.consumeVerificationCode(db, row.id, now))) throw new HttpError(410, ACCOUNT_MESSAGES.verificationExpired);
  return { email: row.email };
}
