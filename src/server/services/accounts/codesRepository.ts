/**
 * The queries of what a code or a link stands for: access codes and their redemptions,
 * invitations, registration records, e-mailed verification codes and password-reset codes. The
 * rules (what makes a code usable, which answer a bad one gets) are in the logic files beside it.
 */
import { type ExpressionBuilder, type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db';
import type { AccessCodesTable, Database, InvitationsTable, PasswordResetCodesTable, RegistrationRecordsTable, VerificationCodesTable } from '../../db/schema';

// ---------------------------------------------------------------- access codes

/** A class's class code (class_id set): `class_archived_at` when accessCodeByCode read it. */
export type AccessCodeRow = Selectable<AccessCodesTable> & { class_archived_at?: number | null };

/** The code (already normalised) with its class's archive date, if it is a class's class code. */
export function accessCodeByCode(db: Db, code: string): Promise<AccessCodeRow | undefined> {
  return db
    .selectFrom('access_codes')
    .leftJoin('classes', 'classes.id', 'access_codes.class_id')
    .selectAll('access_codes')
    .select('classes.archived_at as class_archived_at')
    .where('code', '=', code)
    .executeTakeFirst();
}

export function accessCodeById(db: Db, id: number): Promise<AccessCodeRow | undefined> {
  return db.selectFrom('access_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The school's code `codeId` (id, code, expiry); undefined for another school's. */
export function schoolAccessCode(db: Db, schoolId: number, codeId: number) {
  return db.selectFrom('access_codes').select(['id', 'code', 'expires_at']).where('id', '=', codeId).where('client_id', '=', schoolId).executeTakeFirst();
}

export async function expireAccessCode(db: Db, codeId: number, now: number): Promise<void> {
  await db.updateTable('access_codes').set({ expires_at: now }).where('id', '=', codeId).execute();
}

export async function accessCodeExists(db: Db, code: string): Promise<boolean> {
  return (await db.selectFrom('access_codes').select('id').where('code', '=', code).executeTakeFirst()) !== undefined;
}

export async function insertAccessCode(db: Db, row: Insertable<AccessCodesTable>): Promise<void> {
  await db.insertInto('access_codes').values(row).execute();
}

/** Every access code with its school and product codes, of one school (its lsclientID) or all. */
export function accessCodesWithNames(db: Db, school: string | null) {
  let query = db
    .selectFrom('access_codes')
    .innerJoin('clients', 'clients.id', 'access_codes.client_id')
    .innerJoin('products', 'products.id', 'access_codes.product_id')
    .select(['access_codes.code', 'clients.lsclient_id as school', 'products.code as product', 'access_codes.seats', 'access_codes.used', 'access_codes.expires_at'])
    .orderBy('access_codes.id');
  if (school) query = query.where('clients.lsclient_id', '=', school);
  return query.execute();
}

/**
 * The school's codes, its access codes and its classes' class codes, with each one's class (name,
 * archive date, students enrolled now): the ones that still may work first, then the newest; at
 * most `limit`.
 */
export function schoolCodeRows(db: Db, schoolId: number, now: number, limit: number) {
  return db
    .selectFrom('access_codes')
    .leftJoin('classes', 'classes.id', 'access_codes.class_id')
    .select(['access_codes.id', 'access_codes.code', 'access_codes.seats', 'access_codes.used', 'access_codes.expires_at', 'access_codes.created_at', 'access_codes.class_id'])
    .select(['classes.name as class_name', 'classes.archived_at as class_archived_at'])
    .select((eb) =>
      eb
        .selectFrom('class_students')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('class_students.class_id', '=', 'access_codes.class_id')
        .where('class_students.left_at', 'is', null)
        .as('enrolled'),
    )
    .where('access_codes.client_id', '=', schoolId)
    .orderBy(sql`case when classes.archived_at is null and (access_codes.expires_at is null or access_codes.expires_at > ${now}) then 0 else 1 end`)
    .orderBy('access_codes.id', 'desc')
    .limit(limit)
    .execute();
}

/** The class a class code is for: its name and whether it is archived. */
export function classOfCode(db: Db, classId: number) {
  return db.selectFrom('classes').select(['id', 'name', 'archived_at']).where('id', '=', classId).executeTakeFirst();
}

/** The class a class code is for, with its teachers' names (the owner first, then as they were added). */
export async function classWithTeachers(db: Db, classId: number): Promise<{ name: string; teachers: string[] } | undefined> {
  const cls = await db.selectFrom('classes').select('name').where('id', '=', classId).executeTakeFirst();
  if (!cls) return undefined;
  const teachers = await db
    .selectFrom('class_teachers')
    .innerJoin('users', 'users.id', 'class_teachers.user_id')
    .select(['users.first_name', 'users.last_name'])
    .where('class_teachers.class_id', '=', classId)
    .orderBy(sql`case when class_teachers.role = 'owner' then 0 else 1 end`)
    .orderBy('class_teachers.added_at')
    .orderBy('class_teachers.user_id')
    .execute();
  return { name: cls.name, teachers: teachers.map((t) => `${t.first_name} ${t.last_name}`.trim()) };
}

export async function hasRedeemed(db: Db, codeId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('access_code_redemptions').select('user_id').where('access_code_id', '=', codeId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes one seat while one is free (a concurrent redemption cannot overbook); false when none was.
 * A class code's seats are also bound by the class's current students, however they joined (the
 * roster, a teacher), as the admin's list counts them (schoolCodes.ts); the redemption holds the
 * class's lock, so concurrent joins count each other.
 */
export async function takeSeat(db: Db, codeId: number): Promise<boolean> {
  const taken = await db
    .updateTable('access_codes')
    .set({ used: sql<number>`used + 1` })
    .where('id', '=', codeId)
    .where('used', '<', sql<number>`seats`)
    .where((eb) =>
      eb.or([
        eb('class_id', 'is', null),
        eb(
          eb.selectFrom('class_students').select((c) => c.fn.countAll<number>().as('n')).whereRef('class_students.class_id', '=', 'access_codes.class_id').where('class_students.left_at', 'is', null),
          '<',
          eb.ref('seats'),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

export async function insertRedemption(db: Db, codeId: number, userId: number, now: number): Promise<void> {
  await db.insertInto('access_code_redemptions').values({ access_code_id: codeId, user_id: userId, redeemed_at: now }).execute();
}

/** The codes a user redeemed, newest first, with their school and product names. */
export function redeemedCodes(db: Db, userId: number) {
  return db
    .selectFrom('access_code_redemptions')
    .innerJoin('access_codes', 'access_codes.id', 'access_code_redemptions.access_code_id')
    .innerJoin('clients', 'clients.id', 'access_codes.client_id')
    .innerJoin('products', 'products.id', 'access_codes.product_id')
    .select(['access_codes.code as code', 'clients.name as schoolName', 'products.name as productName', 'access_code_redemptions.redeemed_at as redeemedAt'])
    .where('access_code_redemptions.user_id', '=', userId)
    .orderBy('access_code_redemptions.redeemed_at', 'desc')
    .execute();
}

// ---------------------------------------------------------------- invitations

export type InvitationRow = Selectable<InvitationsTable>;

export function insertInvitation(db: Db, row: Insertable<InvitationsTable>): Promise<InvitationRow> {
  return db.insertInto('invitations').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The school of the invitation `id` (client_id), undefined for no such invitation. */
export function invitationSchool(db: Db, id: number) {
  return db.selectFrom('invitations').select('client_id').where('id', '=', id).executeTakeFirst();
}

/** The invitation of a registration record (always there: a record goes with its invitation). */
export function invitationById(db: Db, id: number): Promise<InvitationRow> {
  return db.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The e-mail invitation `id` (a code's registration has an invitation too, of kind 'code'). */
export function emailInvitation(db: Db, id: number): Promise<InvitationRow | undefined> {
  return db.selectFrom('invitations').selectAll().where('id', '=', id).where('kind', '=', 'email').executeTakeFirst();
}

/** The school's e-mail invitation `id` while it is unused and unexpired. */
export function openSchoolInvitation(db: Db, schoolId: number, invitationId: number, now: number) {
  return db
    .selectFrom('invitations')
    .select(['id', 'email'])
    .where('id', '=', invitationId)
    .where('client_id', '=', schoolId)
    .where('kind', '=', 'email')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** The invitation stops working now (withdrawn, or its mail could not be sent). */
export async function expireInvitation(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('invitations').set({ expires_at: now }).where('id', '=', id).execute();
}

export async function markInvitationUsed(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('invitations').set({ used_at: now }).where('id', '=', id).execute();
}

// ---------------------------------------------------------------- registration records

export type RecordRow = Selectable<RegistrationRecordsTable>;

export async function insertRecord(db: Db, row: Insertable<RegistrationRecordsTable>): Promise<number> {
  return (await db.insertInto('registration_records').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export function recordById(db: Db, id: number): Promise<RecordRow | undefined> {
  return db.selectFrom('registration_records').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateRecord(db: Db, id: number, values: Partial<Omit<RecordRow, 'id'>>): Promise<void> {
  await db.updateTable('registration_records').set(values).where('id', '=', id).execute();
}

/** Completes the record for the new user; false when it was already completed (a concurrent finish). */
export async function completeRecord(db: Db, id: number, userId: number, now: number): Promise<boolean> {
  const done = await db.updateTable('registration_records').set({ completed_at: now, user_id: userId }).where('id', '=', id).where('completed_at', 'is', null).executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------- verification codes

/** Whose codes: a registration record's, or a signed-in user's change of address. */
export type CodeOwner = { purpose: 'registration'; recordId: number } | { purpose: 'email-change'; userId: number };

/** The owner's codes: those of its purpose, and of its record or its user. */
const ownedBy = (owner: CodeOwner) => (eb: ExpressionBuilder<Database, 'verification_codes'>) =>
  eb.and([
    eb('purpose', '=', owner.purpose),
    owner.purpose === 'registration' ? eb('record_id', '=', owner.recordId) : eb('user_id', '=', owner.userId),
  ]);

/** When the owner's newest code was sent, if any. */
export async function lastCodeSentAt(db: Db, owner: CodeOwner): Promise<number | undefined> {
  const last = await db.selectFrom('verification_codes').select('created_at').where(ownedBy(owner)).orderBy('id', 'desc').executeTakeFirst();
  return last === undefined ? undefined : Number(last.created_at);
}

/** Every unconsumed code of the owner stops working. */
export async function consumeOwnersCodes(db: Db, owner: CodeOwner, now: number): Promise<void> {
  await db.updateTable('verification_codes').set({ consumed_at: now }).where(ownedBy(owner)).where('consumed_at', 'is', null).execute();
}

export async function insertVerificationCode(db: Db, row: Insertable<VerificationCodesTable>): Promise<number> {
  return (await db.insertInto('verification_codes').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function setVerificationCodeHash(db: Db, id: number, hash: string): Promise<void> {
  await db.updateTable('verification_codes').set({ code_hash: hash }).where('id', '=', id).execute();
}

/** The owner's newest code, or its code `otid` when given. */
export function newestVerificationCode(db: Db, owner: CodeOwner, otid: number | null) {
  let query = db.selectFrom('verification_codes').selectAll().where(ownedBy(owner));
  if (otid !== null) query = query.where('id', '=', otid);
  return query.orderBy('id', 'desc').executeTakeFirst();
}

export async function setVerificationAttempts(db: Db, id: number, attempts: number): Promise<void> {
  await db.updateTable('verification_codes').set({ attempts }).where('id', '=', id).execute();
}

/** Consumes the code; false when it was already consumed (a concurrent check won). */
export async function consumeVerificationCode(db: Db, id: number, now: number): Promise<boolean> {
  const consumed = await db.updateTable('verification_codes').set({ consumed_at: now }).where('id', '=', id).where('consumed_at', 'is', null).executeTakeFirst();
  return Number(consumed.numUpdatedRows) === 1;
}

/** The user's newest e-mail-change code: the address waiting for its code, and whether it still can be entered. */
export function newestEmailChange(db: Db, userId: number) {
  return db
    .selectFrom('verification_codes')
    .select(['email', 'expires_at', 'consumed_at', 'attempts'])
    .where('user_id', '=', userId)
    .where('purpose', '=', 'email-change')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

// ---------------------------------------------------------------- password-reset codes

export async function insertResetCode(db: Db, row: Insertable<PasswordResetCodesTable>): Promise<void> {
  await db.insertInto('password_reset_codes').values(row).execute();
}

export function resetCodeByHash(db: Db, codeHash: string) {
  return db.selectFrom('password_reset_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

/** Uses the reset code; false when it was already used (only one of concurrent resets finds it unused). */
export async function useResetCode(db: Db, id: number, now: number): Promise<boolean> {
  const taken = await db.updateTable('password_reset_codes').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** The user's other reset links stop working too. */
export async function useUsersResetCodes(db: Db, userId: number, now: number): Promise<void> {
  await db.updateTable('password_reset_codes').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
