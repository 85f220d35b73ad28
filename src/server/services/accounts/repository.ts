/**
 * The accounts' queries of users, their schools, courses and permissions, and of schools and
 * products as the operator CLI lists them. Codes and links (access codes, invitations,
 * registration records, verification and reset codes) are in ./codesRepository.ts. Sign-in's
 * queries of users and sessions stay in services/auth/repository.ts.
 */
import type { Insertable } from 'kysely';
import type { Db } from '../../db';
import { changed, removed } from '../../db/changes';
import type { UsersTable } from '../../db/schema';
import type { Language } from '../../../common/language';

// ---------------------------------------------------------------- schools and products

/** The school and product names an access code grants, for the learner's confirmation. */
export async function accessCodeNames(db: Db, code: { client_id: number; product_id: number }): Promise<{ school: string; product: string }> {
  const school = await db.selectFrom('clients').select('name').where('id', '=', code.client_id).executeTakeFirstOrThrow();
  const product = await db.selectFrom('products').select('name').where('id', '=', code.product_id).executeTakeFirstOrThrow();
  return { school: school.name, product: product.name };
}

/** Whether the school lets students who register with one of its class codes leave the e-mail out. */
export async function studentsMayOmitEmail(db: Db, clientId: number): Promise<boolean> {
  const row = await db.selectFrom('clients').select('students_without_email').where('id', '=', clientId).executeTakeFirst();
  return Number(row?.students_without_email ?? 0) === 1;
}

export async function schoolName(db: Db, clientId: number): Promise<string> {
  return (await db.selectFrom('clients').select('name').where('id', '=', clientId).executeTakeFirstOrThrow()).name;
}

export function productById(db: Db, productId: number) {
  return db.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirstOrThrow();
}

/** The school of exactly this lsclientID (as the operator typed it, trimmed). */
export function schoolByLsclientId(db: Db, lsclientID: string) {
  return db.selectFrom('clients').select(['id', 'name']).where('lsclient_id', '=', lsclientID).executeTakeFirst();
}

/** The school whose lsclientID is this one ignoring case (SPEC S3.04). */
export function schoolByLsclientIdIgnoringCase(db: Db, lsclientID: string) {
  return db
    .selectFrom('clients')
    .select(['id', 'name', 'lsclient_id'])
    .where((eb) => eb(eb.fn('lower', ['lsclient_id']), '=', lsclientID.toLowerCase()))
    .executeTakeFirst();
}

/** The lsclientIDs and names of the schools with these row ids, by lsclientID. */
export function schoolNamesOf(db: Db, clientIds: readonly number[]) {
  return db.selectFrom('clients').select(['lsclient_id', 'name']).where('id', 'in', [...clientIds]).orderBy('lsclient_id').execute();
}

/** The ids of the schools with these lsclientIDs. */
export function schoolIds(db: Db, lsclientIDs: readonly string[]) {
  return db.selectFrom('clients').select(['id', 'lsclient_id']).where('lsclient_id', 'in', [...lsclientIDs]).execute();
}

export async function insertSchool(db: Db, lsclientID: string, name: string): Promise<void> {
  await db.insertInto('clients').values({ lsclient_id: lsclientID, name }).execute();
  changed('clients');
}

/** Every school by lsclientID with how many members it has. */
export async function schoolsWithMemberCounts(db: Db): Promise<{ lsclient_id: string; name: string; members: number }[]> {
  const rows = await db.selectFrom('clients').select(['lsclient_id', 'name']).orderBy('lsclient_id').execute();
  const counts = await db.selectFrom('user_clients').select(['client_id']).execute();
  const ids = await db.selectFrom('clients').select(['id', 'lsclient_id']).execute();
  return rows.map((r) => {
    const id = ids.find((x) => x.lsclient_id === r.lsclient_id)?.id;
    return { lsclient_id: r.lsclient_id, name: r.name, members: counts.filter((c) => c.client_id === id).length };
  });
}

export function productByCode(db: Db, code: string) {
  return db.selectFrom('products').select(['id', 'name']).where('code', '=', code).executeTakeFirst();
}

export async function insertProduct(db: Db, product: { code: string; name: string; externalIdLabel: string | null }): Promise<void> {
  await db
    .insertInto('products')
    .values({ code: product.code, name: product.name, requires_external_id: product.externalIdLabel ? 1 : 0, external_id_label: product.externalIdLabel })
    .execute();
}

export function allProducts(db: Db) {
  return db.selectFrom('products').selectAll().orderBy('code').execute();
}

// ---------------------------------------------------------------- users

/** Users whose user name, or e-mail ignoring case, is `login` (already lower-cased), oldest first. */
export function usersByLogin(db: Db, login: string, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'user_name', 'email', 'language'])
    .where((eb) => eb.or([eb('user_name', '=', login), eb(eb.fn('lower', ['email']), '=', login)]))
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function userNameOf(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'user_name']).where('id', '=', userId).executeTakeFirst();
}

/** What a password change checks: the names, address and the current hash. */
export function userWithPasswordHash(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'user_name', 'email', 'language', 'password_hash']).where('id', '=', userId).executeTakeFirst();
}

/** The user of this user name (already normalised): names and whether deactivated. */
export function userByName(db: Db, userName: string) {
  return db.selectFrom('users').select(['id', 'first_name', 'last_name', 'user_name', 'deactivated_at']).where('user_name', '=', userName).executeTakeFirst();
}

/** The user's id by user name (already normalised). */
export async function userIdByName(db: Db, userName: string): Promise<number | undefined> {
  return (await db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirst())?.id;
}

export async function insertUser(db: Db, user: Insertable<UsersTable>): Promise<number> {
  const { id } = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  changed('users', id);
  return id;
}

/**
 * A password the user chose (`temporaryUntil` null) or a temporary one staff gave, which signs in
 * once until `temporaryUntil` (epoch ms) and must then be changed.
 */
export async function setPassword(db: Db, userId: number, passwordHash: string, temporaryUntil: number | null): Promise<void> {
  await db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      must_change_password: temporaryUntil === null ? 0 : 1,
      temporary_password_expires_at: temporaryUntil,
      temporary_password_used_at: null,
    })
    .where('id', '=', userId)
    .execute();
  changed('users', userId);
}

export async function setNamesAndTimezone(db: Db, userId: number, names: { firstName: string; lastName: string; timezone: string }): Promise<void> {
  await db.updateTable('users').set({ first_name: names.firstName, last_name: names.lastName, timezone: names.timezone }).where('id', '=', userId).execute();
  changed('users', userId);
}

export async function setLanguage(db: Db, userId: number, language: Language): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
  changed('users', userId);
}

/** The user's new (confirmed) address; the school's roster address is answered once it is this one. */
export async function setEmail(db: Db, userId: number, email: string): Promise<void> {
  await db.updateTable('users').set({ email }).where('id', '=', userId).execute();
  await db
    .updateTable('users')
    .set({ roster_email: null })
    .where('id', '=', userId)
    .where((eb) => eb(eb.fn<string>('lower', ['roster_email']), '=', email.toLowerCase()))
    .execute();
  changed('users', userId);
}

/** The address the school's roster lists for the user and they have not confirmed (null: none). */
export async function rosterEmailOf(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('roster_email').where('id', '=', userId).executeTakeFirst();
  return row?.roster_email ?? null;
}

export async function clearRosterEmail(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ roster_email: null }).where('id', '=', userId).execute();
  changed('users', userId);
}

/** Deactivates the user (now) or reactivates them (null). */
export async function setDeactivatedAt(db: Db, userId: number, at: number | null): Promise<void> {
  await db.updateTable('users').set({ deactivated_at: at }).where('id', '=', userId).execute();
  changed('users', userId);
}

/** Users by user name, of one school (its id) or all. */
export function usersOf(db: Db, clientId: number | null) {
  let query = db.selectFrom('users').select(['id', 'user_name', 'first_name', 'last_name', 'email']).orderBy('user_name');
  if (clientId !== null) query = query.where('id', 'in', db.selectFrom('user_clients').select('user_id').where('client_id', '=', clientId));
  return query.execute();
}

// ---------------------------------------------------------------- schools of a user

/** The user's current school: the first of their schools (lowest position); undefined for none. */
export async function currentSchoolId(db: Db, userId: number): Promise<number | undefined> {
  return (await db.selectFrom('user_clients').select('client_id').where('user_id', '=', userId).orderBy('position').executeTakeFirst())?.client_id;
}

/** Whether the user is a member of the school. */
export async function isSchoolMember(db: Db, userId: number, clientId: number): Promise<boolean> {
  const row = await db.selectFrom('user_clients').select('user_id').where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();
  return row !== undefined;
}

/** Adds the user to the school (as the last school) unless already a member. */
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
  changed('user_clients', userId);
}

/**
 * Stores in each of these accounts without a zone the zone of its first school (lowest position),
 * as an account made at a school is made: in the school's zone. An account at no school keeps none
 * and reads America/Chicago (SPEC §3). Call it once the memberships are in.
 */
export async function storeFirstSchoolZone(db: Db, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .updateTable('users')
    .set((eb) => ({
      timezone: eb
        .selectFrom('user_clients')
        .innerJoin('clients', 'clients.id', 'user_clients.client_id')
        .select('clients.timezone')
        .whereRef('user_clients.user_id', '=', 'users.id')
        .orderBy('user_clients.position')
        .limit(1),
    }))
    .where('id', 'in', userIds)
    .where('timezone', 'is', null)
    .execute();
  if (userIds.length === 1) changed('users', userIds[0]);
  else changed('users');
}

/** The user's first school (a new account's). */
export async function insertMembership(db: Db, userId: number, clientId: number, position: number): Promise<void> {
  await db.insertInto('user_clients').values({ user_id: userId, client_id: clientId, position }).execute();
  changed('user_clients', userId);
}

/** The schools in this order (position 0: the current school); ids missing from `clientIds` are skipped. */
export async function setSchoolOrder(trx: Db, userId: number, clientIds: readonly (number | undefined)[]): Promise<void> {
  for (const [position, id] of clientIds.entries()) {
    if (id === undefined) continue;
    await trx.updateTable('user_clients').set({ position }).where('user_id', '=', userId).where('client_id', '=', id).execute();
  }
  changed('user_clients', userId);
}

// ---------------------------------------------------------------- courses (a product at a school)

/** Every course of the user, by product name, then when added, then school name. */
export function coursesOf(db: Db, userId: number) {
  return db
    .selectFrom('user_products')
    .innerJoin('products', 'products.id', 'user_products.product_id')
    .innerJoin('clients', 'clients.id', 'user_products.client_id')
    .select([
      'products.id as productId',
      'products.name as productName',
      'clients.id as clientId',
      'clients.name as schoolName',
      'clients.lsclient_id as lsclientID',
      'products.requires_external_id as requires',
      'products.external_id_label as label',
      'user_products.external_id as externalId',
    ])
    .where('user_products.user_id', '=', userId)
    .orderBy('products.name')
    .orderBy('user_products.created_at')
    .orderBy('clients.name')
    .execute();
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
    if (externalId) await setCourseExternalId(trx, { userId, productId, clientId }, externalId);
    return;
  }
  await trx.insertInto('user_products').values({ user_id: userId, product_id: productId, client_id: clientId, external_id: externalId, created_at: now }).execute();
}

/** The student id the user gave for one course. */
export async function setCourseExternalId(db: Db, course: { userId: number; productId: number; clientId: number }, externalId: string): Promise<void> {
  await db
    .updateTable('user_products')
    .set({ external_id: externalId })
    .where('user_id', '=', course.userId)
    .where('product_id', '=', course.productId)
    .where('client_id', '=', course.clientId)
    .execute();
}

// ---------------------------------------------------------------- permissions

export async function hasPermission(db: Db, userId: number, permission: string): Promise<boolean> {
  return (await db.selectFrom('user_permissions').select('permission').where('user_id', '=', userId).where('permission', '=', permission).executeTakeFirst()) !== undefined;
}

export async function insertPermission(db: Db, userId: number, permission: string): Promise<void> {
  await db.insertInto('user_permissions').values({ user_id: userId, permission }).execute();
  changed('user_permissions', userId);
}

/** Revokes a global permission; true when the user held it. */
export async function deletePermission(db: Db, userId: number, permission: string): Promise<boolean> {
  const result = await db.deleteFrom('user_permissions').where('user_id', '=', userId).where('permission', '=', permission).executeTakeFirst();
  removed('user_permissions', userId);
  return Number(result.numDeletedRows) > 0;
}

export function allPermissions(db: Db) {
  return db.selectFrom('user_permissions').selectAll().execute();
}

/** The active (not deactivated) holders of SCHOOLADMIN at the school. */
export async function activeSchoolAdmins(db: Db, schoolId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('school_permissions')
    .innerJoin('users', 'users.id', 'school_permissions.user_id')
    .select('users.id')
    .where('school_permissions.client_id', '=', schoolId)
    .where('school_permissions.permission', '=', 'SCHOOLADMIN')
    .where('users.deactivated_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}
