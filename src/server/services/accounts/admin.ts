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
  userNameProblem,
} from '../../../common/accounts';
import { isValidEmail } from '../../../common/validation';
import type { Config, PasswordHashing } from '../../config';
import type { Db } from '../../db';
import type { Mailer } from '../../mail/mailer';
import { mailTemplates } from '../../mail/templates';
import { newAccessCode, newSecret, sha256 } from '../../security/codes';
import { isCommonPassword } from '../../security/commonPasswords';
import { hashPassword } from '../../security/passwords';
import { recordAudit, type AuditActor } from '../audit/record';

/** An operator's mistake: the CLI prints the message and exits non-zero. */
export class AdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminError';
  }
}

const DAY = 86_400_000;

async function schoolId(db: Db, lsclientID: string): Promise<{ id: number; name: string }> {
  const row = await db.selectFrom('clients').select(['id', 'name']).where('lsclient_id', '=', lsclientID.trim()).executeTakeFirst();
  if (!row) throw new AdminError(`No school with id "${lsclientID}". See: admin list-schools`);
  return row;
}

async function productId(db: Db, code: string): Promise<{ id: number; name: string }> {
  const row = await db.selectFrom('products').select(['id', 'name']).where('code', '=', code.trim().toUpperCase()).executeTakeFirst();
  if (!row) throw new AdminError(`No product "${code}". See: admin list-products`);
  return row;
}

export async function createSchool(db: Db, lsclientID: string, name: string): Promise<void> {
  const id = lsclientID.trim();
  if (!/^[A-Za-z0-9._-]{2,50}$/.test(id)) throw new AdminError('The school id must be 2 to 50 letters, digits, dots, hyphens or underscores.');
  if (name.trim().length < 2 || name.trim().length > 200) throw new AdminError('The school name must be 2 to 200 characters.');
  // school ids are compared ignoring case (SPEC S3.04): "lincoln-hs" is LINCOLN-HS
  const exists = await db
    .selectFrom('clients')
    .select('lsclient_id')
    .where((eb) => eb(eb.fn('lower', ['lsclient_id']), '=', id.toLowerCase()))
    .executeTakeFirst();
  if (exists) throw new AdminError(`A school with id "${exists.lsclient_id}" already exists (school ids are compared ignoring case).`);
  await db.insertInto('clients').values({ lsclient_id: id, name: name.trim() }).execute();
}

export async function createProduct(db: Db, code: string, name: string, externalIdLabel: string | null): Promise<void> {
  const id = code.trim().toUpperCase();
  if (!/^[A-Z0-9_-]{2,40}$/.test(id)) throw new AdminError('The product code must be 2 to 40 letters, digits, hyphens or underscores.');
  if (name.trim().length < 2) throw new AdminError('The product name must be at least 2 characters.');
  const exists = await db.selectFrom('products').select('id').where('code', '=', id).executeTakeFirst();
  if (exists) throw new AdminError(`A product "${id}" already exists.`);
  await db
    .insertInto('products')
    .values({ code: id, name: name.trim(), requires_external_id: externalIdLabel ? 1 : 0, external_id_label: externalIdLabel })
    .execute();
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
      const clash = await trx.selectFrom('access_codes').select('id').where('code', '=', code).executeTakeFirst();
      if (clash) continue;
      await trx
        .insertInto('access_codes')
        .values({ code, client_id: school.id, product_id: product.id, seats: options.seats, used: 0, expires_at: options.expiresAt, created_at: now })
        .execute();
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
  mail: { mailer: Mailer; config: Pick<Config, 'publicUrl' | 'productName'> },
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
      const row = await trx
        .insertInto('invitations')
        .values({
          kind: 'email',
          token_hash: sha256(token),
          email,
          client_id: school.id,
          product_id: product.id,
          access_code_id: null,
          created_at: now,
          expires_at: now + ACCOUNT_LIMITS.invitationDays * DAY,
          used_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      rows.push({ id: row.id, email, token });
      if (actor) await recordAudit(trx, actor, { action: 'invitation.create', schoolId: school.id, targetName: email, detail: { invitationId: row.id } }, now);
    }
    return rows;
  });
  const failed: string[] = [];
  for (const invitation of created) {
    const link = `${mail.config.publicUrl}/register/${invitation.id}?token=${invitation.token}`;
    try {
      await mail.mailer.send(mailTemplates.invitation(invitation.email, mail.config.productName, school.name, product.name, link));
    } catch (error) {
      failed.push(`${invitation.email}: ${(error as Error).message}`);
      // an invitation nobody received must not stay usable
      await db.updateTable('invitations').set({ expires_at: now }).where('id', '=', invitation.id).execute();
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
  const taken = await db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirst();
  if (taken) throw new AdminError(`The user name "${userName}" is taken.`);
  const passwordHash = await hashPassword(options.password, hashing);
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        first_name: options.firstName.trim(),
        last_name: options.lastName.trim(),
        user_name: userName,
        email: options.email.trim(),
        timezone: null,
        password_hash: passwordHash,
        created_at: now,
        must_change_password: options.mustChangePassword ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (school) await trx.insertInto('user_clients').values({ user_id: user.id, client_id: school.id, position: 0 }).execute();
    if (actor) {
      const targetName = `${options.firstName.trim()} ${options.lastName.trim()} (${userName})`;
      await recordAudit(trx, actor, { action: 'user.create', schoolId: school?.id ?? null, targetUserId: user.id, targetName }, now);
    }
    return user.id;
  });
}

async function userIdOf(db: Db, userName: string): Promise<number> {
  const row = await db.selectFrom('users').select('id').where('user_name', '=', normaliseUserName(userName)).executeTakeFirst();
  if (!row) throw new AdminError(`No user "${userName}".`);
  return row.id;
}

export async function grantPermission(db: Db, userName: string, permission: string): Promise<boolean> {
  const value = permission.trim().toUpperCase();
  if (!/^[A-Z0-9_:-]{2,60}$/.test(value)) throw new AdminError('A permission is 2 to 60 letters, digits, _, : or -.');
  const id = await userIdOf(db, userName);
  const has = await db.selectFrom('user_permissions').select('permission').where('user_id', '=', id).where('permission', '=', value).executeTakeFirst();
  if (has) return false;
  await db.insertInto('user_permissions').values({ user_id: id, permission: value }).execute();
  return true;
}

export async function revokePermission(db: Db, userName: string, permission: string): Promise<boolean> {
  const id = await userIdOf(db, userName);
  const result = await db.deleteFrom('user_permissions').where('user_id', '=', id).where('permission', '=', permission.trim().toUpperCase()).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listSchools(db: Db) {
  const rows = await db.selectFrom('clients').select(['lsclient_id', 'name']).orderBy('lsclient_id').execute();
  const counts = await db.selectFrom('user_clients').select(['client_id']).execute();
  const ids = await db.selectFrom('clients').select(['id', 'lsclient_id']).execute();
  return rows.map((r) => {
    const id = ids.find((x) => x.lsclient_id === r.lsclient_id)?.id;
    return { id: r.lsclient_id, name: r.name, students: counts.filter((c) => c.client_id === id).length };
  });
}

export async function listProductsAll(db: Db) {
  const rows = await db.selectFrom('products').selectAll().orderBy('code').execute();
  return rows.map((r) => ({ code: r.code, name: r.name, externalId: r.external_id_label ?? (Number(r.requires_external_id) ? 'yes' : '—') }));
}

export async function listCodes(db: Db, school: string | null, now: number) {
  let query = db
    .selectFrom('access_codes')
    .innerJoin('clients', 'clients.id', 'access_codes.client_id')
    .innerJoin('products', 'products.id', 'access_codes.product_id')
    .select(['access_codes.code', 'clients.lsclient_id as school', 'products.code as product', 'access_codes.seats', 'access_codes.used', 'access_codes.expires_at'])
    .orderBy('access_codes.id');
  if (school) query = query.where('clients.lsclient_id', '=', school);
  const rows = await query.execute();
  return rows.map((r) => ({
    code: formatAccessCode(r.code),
    school: r.school,
    product: r.product,
    seats: `${r.used}/${r.seats}`,
    expires: r.expires_at === null ? 'never' : new Date(Number(r.expires_at)).toISOString().slice(0, 10) + (now >= Number(r.expires_at) ? ' (expired)' : ''),
  }));
}

export async function listUsers(db: Db, school: string | null) {
  let query = db.selectFrom('users').select(['id', 'user_name', 'first_name', 'last_name', 'email']).orderBy('user_name');
  if (school) {
    const s = await schoolId(db, school);
    query = query.where('id', 'in', db.selectFrom('user_clients').select('user_id').where('client_id', '=', s.id));
  }
  const users = await query.execute();
  const perms = await db.selectFrom('user_permissions').selectAll().execute();
  return users.map((u) => ({
    user: u.user_name,
    name: `${u.first_name} ${u.last_name}`,
    email: u.email,
    permissions: perms.filter((p) => p.user_id === u.id).map((p) => p.permission).join(' ') || '—',
  }));
}
