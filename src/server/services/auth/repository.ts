/** Users, their schools and permissions, and sessions. Every query is by id or user name. */
import { DEFAULT_TIMEZONE } from '../../../common/constants';
import { isLanguage } from '../../../common/language';
import type { Client, SessionIdentity, User } from '../../../common/types';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { changed } from '../../db/changes';
import { hotQuery } from '../../db/hotQuery';
import { readCache } from '../../db/readCache';
import type { SessionRow, UserRow } from '../../db/schema';

export function normaliseUserName(userName: string): string {
  return userName.trim().toLowerCase();
}

// columns by name, never `*`: a prepared `select *` fails on PostgreSQL once a migration adds a column
const userByName = hotQuery(1, (db: Db, userName: string) =>
  db
    .selectFrom('users')
    .select([
      'id',
      'first_name',
      'last_name',
      'user_name',
      'email',
      'timezone',
      'language',
      'password_hash',
      'created_at',
      'sourced_id',
      'must_change_password',
      'deactivated_at',
      'temporary_password_expires_at',
      'temporary_password_used_at',
      'roster_email',
    ])
    .where('user_name', '=', userName),
);

export async function findUserByUserName(db: Db, userName: string): Promise<UserRow | undefined> {
  return userByName.first(db, normaliseUserName(userName));
}

/** Stores the password's new hash (today's parameters) unless the password changed meanwhile. */
export async function upgradePasswordHash(db: Db, userId: number, from: string, to: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: to }).where('id', '=', userId).where('password_hash', '=', from).execute();
  changed('users', userId);
}

/**
 * A sign-in with the user's temporary password consumes it: true for the one sign-in that finds it
 * unused and unexpired (concurrent sign-ins included), false for every other.
 */
export async function consumeTemporaryPassword(db: Db, userId: number, passwordHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ temporary_password_used_at: now })
    .where('id', '=', userId)
    // the password checked is still the one stored (no new temporary password meanwhile)
    .where('password_hash', '=', passwordHash)
    .where('must_change_password', '=', 1)
    .where('temporary_password_used_at', 'is', null)
    .where('temporary_password_expires_at', '>', now)
    .executeTakeFirst();
  changed('users', userId);
  return Number(result.numUpdatedRows) === 1;
}

const userById = hotQuery(1, (db: Db, userId: number) =>
  db.selectFrom('users').select(['id', 'first_name', 'last_name', 'user_name', 'email', 'timezone', 'language', 'must_change_password']).where('id', '=', userId),
);

/**
 * A user's schools (kind 'c': lsclient id, name, in their order) and permissions (kind 'p', in the
 * database's order of the names) in one query, one round trip. Permissions granted at one school
 * (school_permissions: TEACHER, SCHOOLADMIN) count only while it is the current school (position 0),
 * so switching schools changes what the identity carries; so does the current school's Get Help
 * setting (kind 'b', a row only when its minute before a request is off).
 */
const schoolsAndPermissions = hotQuery(1, (db: Db, userId: number) =>
  db
    .selectFrom('user_clients')
    .innerJoin('clients', 'clients.id', 'user_clients.client_id')
    .select([sql<string>`'c'`.as('kind'), 'clients.lsclient_id as value', 'clients.name as name', 'user_clients.position as position'])
    .where('user_clients.user_id', '=', userId)
    .unionAll((eb) =>
      eb
        .selectFrom('user_permissions')
        .select([sql<string>`'p'`.as('kind'), 'permission as value', sql<string>`''`.as('name'), sql<number>`0`.as('position')])
        .where('user_id', '=', userId),
    )
    .unionAll((eb) =>
      eb
        .selectFrom('school_permissions')
        .innerJoin('user_clients', (join) =>
          join.onRef('user_clients.user_id', '=', 'school_permissions.user_id').onRef('user_clients.client_id', '=', 'school_permissions.client_id'),
        )
        .select([sql<string>`'p'`.as('kind'), 'school_permissions.permission as value', sql<string>`''`.as('name'), sql<number>`0`.as('position')])
        .where('school_permissions.user_id', '=', userId)
        .where('user_clients.position', '=', 0),
    )
    // kind 'b': the current school turned Get Help's minute before a request off (0033)
    .unionAll((eb) =>
      eb
        .selectFrom('user_clients')
        .innerJoin('clients', 'clients.id', 'user_clients.client_id')
        .select([sql<string>`'b'`.as('kind'), 'clients.lsclient_id as value', sql<string>`''`.as('name'), sql<number>`0`.as('position')])
        .where('user_clients.user_id', '=', userId)
        .where('user_clients.position', '=', 0)
        .where('clients.help_buffer_off', '=', 1),
    )
    .orderBy('kind')
    .orderBy('position')
    .orderBy('value'),
);

type IdentityUserRow = Pick<UserRow, 'id' | 'first_name' | 'last_name' | 'user_name' | 'email' | 'timezone'> & Partial<Pick<UserRow, 'must_change_password' | 'language'>>;

/** A user's schools and permissions, kept until their rows or a school changes (db/readCache.ts). */
const schoolsAndPermissionsCache = readCache<number, { kind: string; value: string; name: string }[]>((userId) => [
  ['user_clients', userId],
  ['user_permissions', userId],
  ['school_permissions', userId],
  'clients',
]);

/** The identity of a user row: its schools and permissions are read here (one query). */
export async function identityOf(db: Db, row: IdentityUserRow): Promise<SessionIdentity> {
  const clients: Client[] = [];
  const permissions: string[] = [];
  let helpBufferOff = false;
  for (const entry of await schoolsAndPermissionsCache.read(db, row.id, () => schoolsAndPermissions.all(db, row.id))) {
    if (entry.kind === 'c') clients.push({ lsclientID: entry.value, clientName: entry.name });
    else if (entry.kind === 'b') helpBufferOff = true;
    else {
      // the same permission held globally and at the current school is listed once
      const permission = entry.value.toUpperCase();
      if (!permissions.includes(permission)) permissions.push(permission);
    }
  }
  const user: User = {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    userName: row.user_name,
    userEmail: row.email,
    timezone: row.timezone ?? DEFAULT_TIMEZONE,
    // present once the person chose a language, so SPEC §3's user keeps its shape until then
    ...(isLanguage(row.language) ? { language: row.language } : {}),
  };
  // a temporary password (a teacher's, for a student locked out): the client sends them to change it
  const identity: SessionIdentity = { user, clients, permissions };
  if (Number(row.must_change_password ?? 0) === 1) identity.mustChangePassword = true;
  // present only when off, so SPEC §3's shape is unchanged for every other school
  if (helpBufferOff) identity.helpBufferOff = true;
  return identity;
}

/** SPEC §3: user (timezone defaults to America/Chicago), clients in order, permissions. */
export async function loadIdentity(db: Db, userId: number): Promise<SessionIdentity | null> {
  const row = await userById.first(db, userId);
  if (!row) return null;
  return identityOf(db, row);
}

export async function insertSession(db: Db, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
  changed('sessions');
}

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

const SESSION_COLUMNS = ['id', 'user_id', 'app_key', 'created_at', 'last_activity_at', 'expires_at', 'absolute_expires_at', 'revoked_at', 'replaced_by', 'renewal_key_hash'] as const;

const sessionWithUser = hotQuery(1, (db: Db, id: string) =>
  db
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    .select(SESSION_COLUMNS.map((column) => `sessions.${column}` as const))
    .select(['users.id as u_id', 'users.first_name as u_first_name', 'users.last_name as u_last_name', 'users.user_name as u_user_name', 'users.email as u_email', 'users.timezone as u_timezone', 'users.language as u_language', 'users.must_change_password as u_must_change_password'])
    .where('sessions.id', '=', id),
);

/**
 * A session row and its user's row, in one query (the hot path of every authenticated request);
 * `user` is null when the user is gone.
 */
/**
 * Sessions read by authenticated requests, kept until the sessions or users table changes (a
 * sign-in, renewal, sign-out or revocation anywhere; db/readCache.ts). The checks on what is read
 * (expiry, idle time, revocation) run on every request (http/authenticate.ts).
 */
const sessionCache = readCache<string, { session: SessionRow; user: IdentityUserRow | null } | undefined>(['sessions', 'users']);

export async function findSessionWithUser(db: Db, id: string): Promise<{ session: SessionRow; user: IdentityUserRow | null } | undefined> {
  return sessionCache.read(db, id, () => readSessionWithUser(db, id));
}

async function readSessionWithUser(db: Db, id: string): Promise<{ session: SessionRow; user: IdentityUserRow | null } | undefined> {
  const row = await sessionWithUser.first(db, id);
  if (!row) return undefined;
  const session: SessionRow = {
    id: row.id,
    user_id: row.user_id,
    app_key: row.app_key,
    created_at: row.created_at,
    last_activity_at: row.last_activity_at,
    expires_at: row.expires_at,
    absolute_expires_at: row.absolute_expires_at,
    revoked_at: row.revoked_at,
    replaced_by: row.replaced_by,
    renewal_key_hash: row.renewal_key_hash,
  };
  const user =
    row.u_id === null
      ? null
      : { id: row.u_id, first_name: row.u_first_name ?? '', last_name: row.u_last_name ?? '', user_name: row.u_user_name ?? '', email: row.u_email ?? '', timezone: row.u_timezone, language: row.u_language, must_change_password: Number(row.u_must_change_password ?? 0) };
  return { session, user };
}

/**
 * Revokes a live session; false when it was already revoked (e.g. a concurrent renewal won). A
 * renewal names the session replacing it and the hash of the renewal key it came with, if any.
 */
export async function revokeSession(
  db: Db,
  id: string,
  now: number,
  replacement: { by: string; renewalKeyHash: string | null } | null = null,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now, replaced_by: replacement?.by ?? null, renewal_key_hash: replacement?.renewalKeyHash ?? null })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  changed('sessions');
  return Number(result.numUpdatedRows) === 1;
}

/** Renewals of one sign-in, at most: a 12-hour session renewed every 5 minutes is 144. */
const MAX_RENEWALS_FOLLOWED = 1_000;

/**
 * Signing out with a token ends its session and every session that renewed it: the one tab that
 * missed a renewal (or a renewal whose answer was lost) must not leave the newer token alive.
 */
export async function revokeSessionAndRenewals(db: Db, id: string, userId: number, now: number): Promise<void> {
  let next: string | null = id;
  for (let hop = 0; next !== null && hop < MAX_RENEWALS_FOLLOWED; hop += 1) {
    const session = await findSession(db, next);
    if (!session || session.user_id !== userId) return;
    if (session.revoked_at === null) await revokeSession(db, session.id, now);
    next = session.replaced_by;
  }
}
