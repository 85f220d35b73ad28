/**
 * Every query of school sign-in: a school's providers and domains, the links between a provider's
 * subject and an account, and the one-use rows of a sign-in in progress (the pending request and
 * the hand-off the SPA trades for its session). Secrets (state, hand-off code) are stored hashed.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SsoProviderId } from '../../common/sso';
import type { Db } from '../db';
import type { Database, SsoPendingTable } from '../db/schema';

type Tx = Kysely<Database>;

export const secretHash = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

export interface SchoolSignIn {
  schoolId: number;
  enabled: SsoProviderId[];
  domains: string[];
  createStudents: boolean;
}

export async function schoolSignIn(db: Tx, schoolId: number): Promise<SchoolSignIn> {
  const settings = await db.selectFrom('sso_school_settings').selectAll().where('client_id', '=', schoolId).executeTakeFirst();
  const providers = await db.selectFrom('sso_school_providers').select('provider').where('client_id', '=', schoolId).orderBy('provider').execute();
  return {
    schoolId,
    enabled: providers.map((p) => p.provider as SsoProviderId),
    domains: settings?.domains ? settings.domains.split(',').filter(Boolean) : [],
    createStudents: Number(settings?.create_students ?? 0) === 1,
  };
}

/** The schools that turned the provider on. */
export async function schoolsWithProvider(db: Tx, provider: SsoProviderId): Promise<SchoolSignIn[]> {
  const rows = await db.selectFrom('sso_school_providers').select('client_id').where('provider', '=', provider).execute();
  return Promise.all(rows.map((r) => schoolSignIn(db, Number(r.client_id))));
}

export async function saveSchoolSignIn(db: Tx, settings: SchoolSignIn, now: number): Promise<void> {
  await db
    .insertInto('sso_school_settings')
    .values({ client_id: settings.schoolId, domains: settings.domains.join(','), create_students: settings.createStudents ? 1 : 0 })
    .onConflict((oc) => oc.column('client_id').doUpdateSet({ domains: settings.domains.join(','), create_students: settings.createStudents ? 1 : 0 }))
    .execute();
  await db.deleteFrom('sso_school_providers').where('client_id', '=', settings.schoolId).execute();
  if (settings.enabled.length > 0) {
    await db
      .insertInto('sso_school_providers')
      .values(settings.enabled.map((provider) => ({ client_id: settings.schoolId, provider, enabled_at: now })))
      .execute();
  }
}

export interface LinkRow {
  user_id: number;
  provider: string;
  subject: string;
  email: string | null;
  created_at: number;
}

export function findLink(db: Tx, provider: SsoProviderId, subject: string): Promise<LinkRow | undefined> {
  return db.selectFrom('sso_links').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
}

export function linksOf(db: Tx, userId: number): Promise<LinkRow[]> {
  return db.selectFrom('sso_links').selectAll().where('user_id', '=', userId).orderBy('provider').execute();
}

export async function insertLink(db: Tx, link: LinkRow): Promise<void> {
  await db.insertInto('sso_links').values(link).execute();
}

/** Removes the user's link to the provider; true when there was one. */
export async function deleteLink(db: Tx, userId: number, provider: SsoProviderId): Promise<boolean> {
  const result = await db.deleteFrom('sso_links').where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type PendingRow = SsoPendingTable;

/** A pending row whose provider reads `link:<id>`: a signed-in user's wish to link (profile), not a sign-in. */
export const LINK_INTENT_PREFIX = 'link:';

export async function insertPending(db: Db, state: string, row: Omit<PendingRow, 'state_hash'>, now: number): Promise<void> {
  // the abandoned ones go as new ones come
  await db.deleteFrom('sso_pending').where('expires_at', '<', now).execute();
  await db.insertInto('sso_pending').values({ ...row, state_hash: secretHash(state) }).execute();
}

/** Takes the pending sign-in of this state: it answers once, whoever asks second gets nothing. */
export function takePending(db: Db, state: string): Promise<PendingRow | undefined> {
  return db.deleteFrom('sso_pending').where('state_hash', '=', secretHash(state)).returningAll().executeTakeFirst();
}

export async function insertHandoff(db: Tx, code: string, userId: number, redirect: string | null, expiresAt: number): Promise<void> {
  await db.deleteFrom('sso_handoffs').where('expires_at', '<', expiresAt - 10 * 60_000).execute();
  await db.insertInto('sso_handoffs').values({ code_hash: secretHash(code), user_id: userId, redirect, expires_at: expiresAt }).execute();
}

/** Takes the hand-off of this code (once). */
export function takeHandoff(db: Db, code: string): Promise<{ user_id: number; redirect: string | null; expires_at: number } | undefined> {
  return db.deleteFrom('sso_handoffs').where('code_hash', '=', secretHash(code)).returning(['user_id', 'redirect', 'expires_at']).executeTakeFirst();
}
