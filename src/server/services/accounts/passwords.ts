/**
 * Forgotten passwords and password changes. The forgot answer never says whether
 * an account exists; a reset code is 256 random bits, stored hashed, single use, 30 minutes; a
 * reset revokes every session of the user, a change every other one.
 */
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, passwordProblem } from '../../../common/accounts';
import type { Language } from '../../../common/language';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { HttpError } from '../../http/errors';
import { languageOr } from '../../i18n';
import type { Mailer } from '../../mail/mailer';
import { mailTemplates } from '../../mail/templates';
import { newSecret, sha256 } from '../../security/codes';
import { isCommonPassword } from '../../security/commonPasswords';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { revokeUserSessions } from '../auth/sessions';
import * as codes from './codesRepository';
import * as repo from './repository';

/** at most this many accounts share one e-mail address for a reset mail */
const MAX_ACCOUNTS_PER_EMAIL = 5;

export interface PasswordMailContext {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'productName'>;
  now: number;
  /** the request's language: the mail's for a recipient who has not chosen one (else English) */
  language?: Language;
}

/** Mails a reset link to every account whose user name or e-mail is `login`; silent otherwise. */
export async function requestPasswordReset(ctx: PasswordMailContext, login: string): Promise<number> {
  const value = login.trim().toLowerCase();
  const users = await repo.usersByLogin(ctx.db, value, MAX_ACCOUNTS_PER_EMAIL);
  // equal work for an unknown login: one code drawn and hashed, then thrown away
  if (users.length === 0) sha256(newSecret(ACCOUNT_LIMITS.resetCodeBytes));
  // an account without an address (a student of a school that allows it) has nowhere to be mailed:
  // its teacher's temporary password is the way back; the answer stays the same
  for (const user of users.filter((u) => u.email !== '')) {
    const code = newSecret(ACCOUNT_LIMITS.resetCodeBytes);
    await codes.insertResetCode(ctx.db, {
      user_id: user.id,
      code_hash: sha256(code),
      created_at: ctx.now,
      expires_at: ctx.now + ACCOUNT_LIMITS.resetCodeMinutes * 60_000,
      used_at: null,
    });
    const link = `${ctx.config.publicUrl}/password/reset/${code}`;
    await ctx.mailer.send(mailTemplates.passwordReset(user.email, ctx.config.productName, user.user_name, link, ACCOUNT_LIMITS.resetCodeMinutes, languageOr(user.language, ctx.language)));
  }
  return users.length;
}

/** The reset code's row when usable: unknown → 404, used → 410, expired → 410, each with its message. */
export async function usableResetCode(db: Db, code: string, now: number) {
  const row = await codes.resetCodeByHash(db, sha256(code.trim()));
  if (!row) throw new HttpError(404, ACCOUNT_MESSAGES.resetInvalid);
  if (row.used_at !== null) throw new HttpError(410, ACCOUNT_MESSAGES.resetUsed);
  if (now >= Number(row.expires_at)) throw new HttpError(410, ACCOUNT_MESSAGES.resetExpired);
  return row;
}

export async function resetPassword(db: Db, config: Pick<Config, 'passwordHashing'>, code: string, password: string, now: number): Promise<void> {
  const row = await usableResetCode(db, code, now);
  const user = await repo.userNameOf(db, row.user_id);
  if (!user) throw new HttpError(404, ACCOUNT_MESSAGES.resetInvalid);
  const problem = passwordProblem(password, { userName: user.user_name, isCommon: isCommonPassword });
  if (problem) throw new HttpError(400, problem);
  const passwordHash = await hashPassword(password, config.passwordHashing);
  await db.transaction().execute(async (trx) => {
    // single use even under concurrent requests: only one update finds the code unused
    if (!(await codes.useResetCode(trx, row.id, now))) throw new HttpError(410, ACCOUNT_MESSAGES.resetUsed);
    // a password the user chose ends a temporary one
    await repo.setPassword(trx, user.id, passwordHash, null);
    // the other links of this user stop working too, and every session ends
    await codes.useUsersResetCodes(trx, user.id, now);
    await revokeUserSessions(trx, user.id, now);
  });
}

/** Change with the current password; every other session of the user is revoked. */
export async function changePassword(
  ctx: PasswordMailContext & { config: Pick<Config, 'passwordHashing' | 'publicUrl' | 'productName'> },
  userId: number,
  keepSessionId: string | null,
  currentPassword: string,
  newPassword: string,
): Promise<{ noticeSent: boolean }> {
  const user = await repo.userWithPasswordHash(ctx.db, userId);
  if (!user) throw new HttpError(401, ACCOUNT_MESSAGES.currentPasswordWrong);
  if (!(await verifyPassword(user.password_hash, currentPassword))) throw new HttpError(400, ACCOUNT_MESSAGES.currentPasswordWrong);
  if (newPassword === currentPassword) throw new HttpError(400, ACCOUNT_MESSAGES.passwordUnchanged);
  const problem = passwordProblem(newPassword, { userName: user.user_name, isCommon: isCommonPassword });
  if (problem) throw new HttpError(400, problem);
  const passwordHash = await hashPassword(newPassword, ctx.config.passwordHashing);
  await ctx.db.transaction().execute(async (trx) => {
    // a password the user chose ends a temporary one
    await repo.setPassword(trx, user.id, passwordHash, null);
    await revokeUserSessions(trx, user.id, ctx.now, keepSessionId);
  });
  // the change is done: a notice that cannot be sent (the mail server is down) must not turn it into
  // a failure the user retries, only to hear that their current password is wrong
  try {
    await ctx.mailer.send(mailTemplates.passwordChanged(user.email, ctx.config.productName, user.user_name, languageOr(user.language, ctx.language)));
    return { noticeSent: true };
  } catch {
    return { noticeSent: false };
  }
}
