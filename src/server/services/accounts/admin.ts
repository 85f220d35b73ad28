/**
 * What the operator CLI does (src/server/cli/admin.ts), as plain functions over the database:
 * schools, products, access codes, invitations, users and permissions. Each checks everything
 * first and writes in one transaction, so a failure leaves nothing half-done.
 */
import {
  ACCOUNT_LIMITS,
  formatAccessCode,
  normaliseUserName,
  passwordProblem,
  TEMPORARY_PASSWORD_LIFETIME_MS,
  userNameProblem,
} from '../../../common/accounts';
import { DEFAULT_LANGUAGE, type Language } from '../../../common/language';
import { isValidEmail } from '../../../common/validation';
import type { Config, PasswordHashing } from '../../config';
import type { Db } from '../../db';
import type { Mailer } from '../../mail/mailer';
import { mailTemplates } from '../../mail/templates';
import { newAccessCode, newSecret, sha256 } from '../../security/codes';
import { isCommonPassword } from '../../security/commonPasswords';
import { hashPassword } from '../../security/passwords';
import { recordAudit, type AuditActor } from '../audit/record';
import * as codeRows from './codesRepository';
import * as repo from './repository';

/** An operator's mistake: the CLI prints the message and exits non-zero. */
export class AdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminError';
  }
}

const DAY = 86_400_000;

async function schoolId(db: Db, lsclientID: string): Promise<{ id: number; name: string }> {
  const row = await repo.schoolByLsclientId(db, lsclientID.trim());
  if (!row) throw new AdminError(`No school with id "${lsclientID}". See: admin list-schools`);
  return row;
}

async function productId(db: Db, code: string): Promise<{ id: number; name: string }> {
  const row = await repo.productByCode(db, code.trim().toUpperCase());
  if (!row) throw new AdminError(`No product "${code}". See: admin list-products`);
  return row;
}

export async function createSchool(db: Db, lsclientID: string, name: string): Promise<void> {
  const id = lsclientID.trim();
  if (!/^[A-Za-z0-9._-]{2,50}$/.test(id)) throw new AdminError('The school id must be 2 to 50 letters, digits, dots, hyphens or underscores.');
  if (name.trim().length < 2 || name.trim().length > 200) throw new AdminError('The school name must be 2 to 200 characters.');
  // school ids are compared ignoring case (SPEC S3.04): "lincoln-hs" is LINCOLN-HS
  const exists = await repo.schoolByLsclientIdIgnoringCase(db, id);
  if (exists) throw new AdminError(`A school with id "${exists.lsclient_id}" already exists (school ids are compared ignoring case).`);
  await repo.insertSchool(db, id, name.trim());
}

export async function createProduct(db: Db, code: string, name: string, externalIdLabel: string | null): Promise<void> {
  const id = code.trim().toUpperCase();
  if (!/^[A-Z0-9_-]{2,40}$/.test(id)) throw new AdminError('The product code must be 2 to 40 letters, digits, hyphens or underscores.');
  if (name.trim().length < 2) throw new AdminError('The product name must be at least 2 characters.');
  if (await repo.productByCode(db, id)) throw new AdminError(`A product "${id}" already exists.`);
  await repo.insertProduct(db, { code: id, name: name.trim(), externalIdLabel });
}

export async function createAccessCodes(
  db: Db,
  options: { school: string; product: string; seats: number; expiresAt: number | null; count: number },
  now: number,
  /** who creates them, recorded in the audit trail (access-code.create) */
  actor?: AuditActor,
): Promise<string[]> {
  if (!Number.isInteger(options.seats) || options.seats < 1 || options.seats > 100_000) throw new AdminError('--seats must be a whole number from 1 to 100000.');
  if (!Number.isInteger(options.count) || options.count < 1 || options.count > 1000) throw new AdminError('--count must be a whole number from 1 to 1000.');
  if (options.expiresAt !== null && options.expiresAt <= now) throw new AdminError('--expires must be in the future.');
  const school = await schoolId(db, options.school);
  const product = await productId(db, options.product);
  const codes: string[] = [];
  await db.transaction().execute(async (trx) => {
    while (codes.length < options.count) {
      const code = newAccessCode();
      if (await codeRows.accessCodeExists(trx, code)) continue;
      await codeRows.insertAccessCode(trx, { code, client_id: school.id, product_id: product.id, seats: options.seats, used: 0, expires_at: options.expiresAt, created_at: now });
      codes.push(code);
    }
    if (actor) {
      await recordAudit(trx, actor, { action: 'access-code.create', schoolId: school.id, detail: { count: codes.length, seats: options.seats } }, now);
    }
  });
  return codes.map(formatAccessCode);
}

/** The e-mail addresses of a CSV (a header row, if any, and blank lines are skipped; the first column counts). */
export function emailsFromCsv(text: string): string[] {
  const emails: string[] = [];
  const bad: string[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    const first = (line.split(',')[0] ?? '').trim().replace(/^"(.*)"$/, '$1').trim();
    if (first === '') continue;
    if (index === 0 && !first.includes('@')) continue; // header
    if (!isValidEmail(first) || first.length > ACCOUNT_LIMITS.emailMax) bad.push(`line ${index + 1}: "${first}"`);
    else if (!emails.some((e) => e.toLowerCase() === first.toLowerCase())) emails.push(first);
  }
  if (bad.length > 0) throw new AdminError(`These lines are not valid e-mail addresses (nothing was sent):\n  ${bad.join('\n  ')}`);
  if (emails.length === 0) throw new AdminError('The CSV holds no e-mail addresses.');
  return emails;
}

export interface SentInvitation {
  id: number;
  email: string;
}

/** One invitation per address (14 days), created in one transaction, then mailed. */
export async function inviteStudents(
  db: Db,
  /**
   * `language`: the inviter's (their request's: their saved choice, else their browser's); the person
   * invited has no account to hold a choice yet. English when absent (the admin CLI).
   */
  mail: { mailer: Mailer; config: Pick<Config, 'publicUrl' | 'productName'>; language?: Language },
  options: { school: string; product: string; emails: string[] },
  now: number,
  /** who sends them, recorded in the audit trail (invitation.create, one entry per address) */
  actor?: AuditActor,
): Promise<SentInvitation[]> {
  const school = await schoolId(db, options.school);
  const product = await productId(db, options.product);
  const created = await db.transaction().execute(async (trx) => {
    const rows: { id: number; email: string; token: string }[] = [];
    for (const email of options.emails) {
      const token = newSecret();
      const row = await codeRows.insertInvitation(trx, {
        kind: 'email',
        token_hash: sha256(token),
        email,
        client_id: school.id,
        product_id: product.id,
        access_code_id: null,
        created_at: now,
        expires_at: now + ACCOUNT_LIMITS.invitationDays * DAY,
        used_at: null,
      });
      rows.push({ id: row.id, email, token });
      if (actor) await recordAudit(trx, actor, { action: 'invitation.create', schoolId: school.id, targetName: email, detail: { invitationId: row.id } }, now);
    }
    return rows;
  });
  const failed: string[] = [];
  for (const invitation of created) {
    const link = `${mail.config.publicUrl}/register/${invitation.id}?token=${invitation.token}`;
    try {
      await mail.mailer.send(mailTemplates.invitation(invitation.email, mail.config.productName, school.name, product.name, link, mail.language ?? DEFAULT_LANGUAGE));
    } catch (error) {
      failed.push(`${invitation.email}: ${(error as Error).message}`);
      // an invitation nobody received must not stay usable
      await codeRows.expireInvitation(db, invitation.id, now);
    }
  }
  if (failed.length > 0) throw new AdminError(`Could not send ${failed.length} invitation(s) (they were withdrawn):\n  ${failed.join('\n  ')}`);
  return created.map(({ id, email }) => ({ id, email }));
}

export async function createUser(
  db: Db,
  hashing: PasswordHashing,
  options: { userName: string; firstName: string; lastName: string; email: string; password: string; school: string | null; mustChangePassword?: boolean },
  now: number,
  /** who creates the account, recorded in the audit trail (user.create) */
  actor?: AuditActor,
): Promise<number> {
  const userName = normaliseUserName(options.userName);
  const nameProblem = userNameProblem(userName);
  if (nameProblem) throw new AdminError(`--username: ${nameProblem}.`);
  if (!isValidEmail(options.email)) throw new AdminError('--email is not a valid e-mail address.');
  if (!options.firstName.trim() || !options.lastName.trim()) throw new AdminError('--first and --last are required.');
  const problem = passwordProblem(options.password, { userName, isCommon: isCommonPassword });
  if (problem) throw new AdminError(`--password: ${problem}`);
  const school = options.school ? await schoolId(db, options.school) : null;
  if ((await repo.userIdByName(db, userName)) !== undefined) throw new AdminError(`The user name "${userName}" is taken.`);
  const passwordHash = await hashPassword(options.password, hashing);
  return db.transaction().execute(async (trx) => {
    const userId = await repo.insertUser(trx, {
      first_name: options.firstName.trim(),
      last_name: options.lastName.trim(),
      user_name: userName,
      email: options.email.trim(),
      timezone: null,
      password_hash: passwordHash,
      created_at: now,
      must_change_password: options.mustChangePassword ? 1 : 0,
      // a temporary password like a teacher's: it signs in once, within its lifetime
      temporary_password_expires_at: options.mustChangePassword ? now + TEMPORARY_PASSWORD_LIFETIME_MS : null,
    });
    if (school) {
      await repo.insertMembership(trx, userId, school.id, 0);
      await repo.storeFirstSchoolZone(trx, [userId]);
    }
    if (actor) {
      const targetName = `${options.firstName.trim()} ${options.lastName.trim()} (${userName})`;
      await recordAudit(trx, actor, { action: 'user.create', schoolId: school?.id ?? null, targetUserId: userId, targetName }, now);
    }
    return userId;
  });
}

async function userIdOf(db: Db, userName: string): Promise<number> {
  const id = await repo.userIdByName(db, normaliseUserName(userName));
  if (id === undefined) throw new AdminError(`No user "${userName}".`);
  return id;
}

export async function grantPermission(db: Db, userName: string, permission: string): Promise<boolean> {
  const value = permission.trim().toUpperCase();
  if (!/^[A-Z0-9_:-]{2,60}$/.test(value)) throw new AdminError('A permission is 2 to 60 letters, digits, _, : or -.');
  const id = await userIdOf(db, userName);
  if (await repo.hasPermission(db, id, value)) return false;
  await repo.insertPermission(db, id, value);
  return true;
}

export async function revokePermission(db: Db, userName: string, permission: string): Promise<boolean> {
  const id = await userIdOf(db, userName);
  return repo.deletePermission(db, id, permission.trim().toUpperCase());
}

export async function listSchools(db: Db) {
  const rows = await repo.schoolsWithMemberCounts(db);
  return rows.map((r) => ({ id: r.lsclient_id, name: r.name, students: r.members }));
}

export async function listProductsAll(db: Db) {
  const rows = await repo.allProducts(db);
  return rows.map((r) => ({ code: r.code, name: r.name, externalId: r.external_id_label ?? (Number(r.requires_external_id) ? 'yes' : '—') }));
}

export async function listCodes(db: Db, school: string | null, now: number) {
  const rows = await codeRows.accessCodesWithNames(db, school);
  return rows.map((r) => ({
    code: formatAccessCode(r.code),
    school: r.school,
    product: r.product,
    seats: `${r.used}/${r.seats}`,
    expires: r.expires_at === null ? 'never' : new Date(Number(r.expires_at)).toISOString().slice(0, 10) + (now >= Number(r.expires_at) ? ' (expired)' : ''),
  }));
}

export async function listUsers(db: Db, school: string | null) {
  const users = await repo.usersOf(db, school ? (await schoolId(db, school)).id : null);
  const perms = await repo.allPermissions(db);
  return users.map((u) => ({
    user: u.user_name,
    name: `${u.first_name} ${u.last_name}`,
    email: u.email,
    permissions: perms.filter((p) => p.user_id === u.id).map((p) => p.permission).join(' ') || '—',
  }));
}
