/**
 * Who a school sign-in is (SECURITY.md "School sign-in"): accounts are linked, never guessed.
 * In order: the account already linked to the provider's subject; else, at a school that turned the
 * provider on, the account with the OneRoster sourcedId the provider sent; else the account with
 * the provider's VERIFIED e-mail, when the e-mail's domain is one that school owns. Never by name.
 * An unknown student is created only where the school allows it; staff never are. Every link,
 * unlink and refusal is audited; a refusal writes nothing else.
 */
import { randomBytes } from 'node:crypto';
import { emailDomain, SSO_PROVIDER_NAMES, type SsoProblemReason, type SsoProviderId } from '../../common/sso';
import type { Db } from '../db';
import { changed } from '../db/changes';
import { recordAudit, type AuditActor } from '../services/audit/record';
import { auditNameOfUser } from '../services/audit/actor';
import { insertMembership, insertUser, storeFirstSchoolZone } from '../services/accounts/repository';
import { NO_PASSWORD } from '../services/roster/service';
import * as repo from './repository';
import { SsoProblem, type SignInClaims } from './relyingParty';

/** Roles a provider may name that are staff: such a person is never created by sign-in. */
const STAFF_ROLES = ['teacher', 'staff', 'administrator', 'admin', 'district_admin', 'school_admin', 'aide'];

/** How long the SPA has to trade a hand-off code for its session. */
export const HANDOFF_LIFETIME_MS = 2 * 60_000;

export interface Resolved {
  userId: number;
  /** how the account was found: recorded with a new link */
  how: 'link' | 'sourcedId' | 'email' | 'created' | 'profile';
}

const actorFor = (provider: SsoProviderId, origin: string, userId: number | null, name: string): AuditActor => ({ id: userId, name: `${name} via ${SSO_PROVIDER_NAMES[provider]}`, origin });

async function schoolsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_clients').select('client_id').where('user_id', '=', userId).execute();
  return rows.map((r) => Number(r.client_id));
}

async function userRow(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'deactivated_at', 'sourced_id', 'email']).where('id', '=', userId).executeTakeFirst();
}

/** Is any of the user's schools one that turned the provider on? */
async function providerOnForUser(db: Db, provider: SsoProviderId, userId: number): Promise<boolean> {
  const schools = await schoolsOf(db, userId);
  if (schools.length === 0) return false;
  const on = await db.selectFrom('sso_school_providers').select('client_id').where('provider', '=', provider).where('client_id', 'in', schools).executeTakeFirst();
  return on !== undefined;
}

/** Finds (or, where allowed, creates) the account; throws SsoProblem with the school it concerns. */
async function findAccount(db: Db, claims: SignInClaims, schoolId: number | null, now: number): Promise<Resolved> {
  const link = await repo.findLink(db, claims.provider, claims.subject);
  if (link) {
    if (!(await providerOnForUser(db, claims.provider, link.user_id))) throw new SsoProblem('provider-off');
    return { userId: link.user_id, how: 'link' };
  }
  let schools = await repo.schoolsWithProvider(db, claims.provider);
  if (schoolId !== null) schools = schools.filter((s) => s.schoolId === schoolId);
  if (schools.length === 0) throw new SsoProblem('provider-off');
  const schoolIds = schools.map((s) => s.schoolId);
  const member = (query: ReturnType<typeof membersOf>) => query.executeTakeFirst();
  function membersOf(ids: number[]) {
    return db
      .selectFrom('users')
      .innerJoin('user_clients', 'user_clients.user_id', 'users.id')
      .select('users.id')
      .where('user_clients.client_id', 'in', ids)
      .orderBy('users.id')
      .limit(1);
  }
  if (claims.sourcedId) {
    const found = await member(membersOf(schoolIds).where('users.sourced_id', '=', claims.sourcedId));
    if (found) return { userId: found.id, how: 'sourcedId' };
  }
  if (!claims.email) throw new SsoProblem('unknown-account', 'no e-mail');
  if (!claims.emailVerified) throw new SsoProblem('unverified-email');
  const domain = emailDomain(claims.email);
  const owning = schools.filter((s) => domain !== null && s.domains.includes(domain));
  if (owning.length === 0) throw new SsoProblem('domain');
  const found = await member(membersOf(owning.map((s) => s.schoolId)).where((eb) => eb(eb.fn('lower', ['users.email']), '=', claims.email)));
  if (found) return { userId: found.id, how: 'email' };
  if (claims.role && STAFF_ROLES.includes(claims.role)) throw new SsoProblem('staff-unknown');
  const school = owning.find((s) => s.createStudents);
  if (!school) throw new SsoProblem('unknown-account');
  return { userId: await createStudent(db, claims, school.schoolId, now), how: 'created' };
}

async function freeUserName(db: Db, email: string): Promise<string> {
  const base = (email.split('@')[0] ?? 'student').toLowerCase().replace(/[^a-z0-9._-]/g, '').slice(0, 40) || 'student';
  for (let n = 0; ; n += 1) {
    const candidate = n === 0 ? base : `${base}${n + 1}`;
    const taken = await db.selectFrom('users').select('id').where('user_name', '=', candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
}

/** A student of the school, with no password (they sign in through the school), linked below. */
async function createStudent(db: Db, claims: SignInClaims, schoolId: number, now: number): Promise<number> {
  const email = claims.email ?? '';
  const userId = await insertUser(db, {
    first_name: claims.givenName ?? email.split('@')[0] ?? 'Student',
    last_name: claims.familyName ?? '',
    user_name: await freeUserName(db, email),
    email,
    timezone: null,
    password_hash: NO_PASSWORD,
    created_at: now,
    sourced_id: claims.sourcedId,
  });
  await insertMembership(db, userId, schoolId, 0);
  // a school's people take its zone (its clock for due days and times)
  await storeFirstSchoolZone(db, [userId]);
  changed('user_clients', userId);
  return userId;
}

export interface SignInOutcome {
  userId: number;
  /** the code the SPA trades for its session (POST /api/auth/sso) */
  handoff: string;
}

/**
 * A checked sign-in becomes an account and a hand-off code, in one transaction with its link and
 * audit entries; a refusal is audited (in its own) and thrown.
 */
export async function completeSignIn(db: Db, claims: SignInClaims, pending: { schoolId: number | null; redirect: string | null }, origin: string, now: number): Promise<SignInOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const resolved = await findAccount(trx, claims, pending.schoolId, now);
      const user = await userRow(trx, resolved.userId);
      if (!user) throw new SsoProblem('unknown-account');
      if (user.deactivated_at !== null) throw Object.assign(new SsoProblem('deactivated'), { userId: user.id });
      const name = await auditNameOfUser(trx, user.id);
      const actor = actorFor(claims.provider, origin, user.id, name);
      const [schoolId = null] = await schoolsOf(trx, user.id);
      if (resolved.how === 'created') {
        await recordAudit(trx, actor, { action: 'user.create', schoolId, targetUserId: user.id, targetName: name, detail: { provider: claims.provider } }, now);
      }
      if (resolved.how !== 'link') {
        const mine = await trx.selectFrom('sso_links').select('subject').where('user_id', '=', user.id).where('provider', '=', claims.provider).executeTakeFirst();
        // the account is linked to ANOTHER account of this provider: not this one's to take
        if (mine) throw Object.assign(new SsoProblem('linked-elsewhere'), { userId: user.id });
        await repo.insertLink(trx, { user_id: user.id, provider: claims.provider, subject: claims.subject, email: claims.email, created_at: now });
        await recordAudit(trx, actor, { action: 'sso.link', schoolId, targetUserId: user.id, targetName: name, detail: { provider: claims.provider, by: resolved.how } }, now);
      }
      const handoff = randomBytes(32).toString('base64url');
      await repo.insertHandoff(trx, handoff, user.id, pending.redirect, now + HANDOFF_LIFETIME_MS);
      return { userId: user.id, handoff };
    });
  } catch (error) {
    if (error instanceof SsoProblem) await auditRefusal(db, claims.provider, error, { schoolId: pending.schoolId, userId: (error as SsoProblem & { userId?: number }).userId ?? null, origin, now, email: claims.email });
    throw error;
  }
}

/** A signed-in user links the provider's account to their own (from the profile). */
export async function linkFromProfile(db: Db, claims: SignInClaims, userId: number, origin: string, now: number): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const existing = await repo.findLink(trx, claims.provider, claims.subject);
      if (existing?.user_id === userId) return;
      if (existing) throw new SsoProblem('linked-elsewhere');
      if (!(await providerOnForUser(trx, claims.provider, userId))) throw new SsoProblem('provider-off');
      const mine = await trx.selectFrom('sso_links').select('subject').where('user_id', '=', userId).where('provider', '=', claims.provider).executeTakeFirst();
      if (mine) throw new SsoProblem('linked-elsewhere');
      await repo.insertLink(trx, { user_id: userId, provider: claims.provider, subject: claims.subject, email: claims.email, created_at: now });
      const name = await auditNameOfUser(trx, userId);
      const [schoolId = null] = await schoolsOf(trx, userId);
      await recordAudit(trx, actorFor(claims.provider, origin, userId, name), { action: 'sso.link', schoolId, targetUserId: userId, targetName: name, detail: { provider: claims.provider, by: 'profile' } }, now);
    });
  } catch (error) {
    if (error instanceof SsoProblem) await auditRefusal(db, claims.provider, error, { schoolId: null, userId, origin, now, email: claims.email });
    throw error;
  }
}

/** Removes a link and records it; false when there was none. */
export async function unlink(db: Db, userId: number, provider: SsoProviderId, actor: AuditActor, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.deleteLink(trx, userId, provider))) return false;
    const name = await auditNameOfUser(trx, userId);
    const [schoolId = null] = await schoolsOf(trx, userId);
    await recordAudit(trx, actor, { action: 'sso.unlink', schoolId, targetUserId: userId, targetName: name, detail: { provider } }, now);
    return true;
  });
}

/** A refused sign-in in the audit trail: at the school it concerns (or the person's), with its reason. */
export async function auditRefusal(
  db: Db,
  provider: SsoProviderId,
  problem: { reason: SsoProblemReason },
  at: { schoolId: number | null; userId: number | null; origin: string; now: number; email?: string | null },
): Promise<void> {
  const targetName = at.userId ? await auditNameOfUser(db, at.userId) : null;
  await recordAudit(
    db,
    { id: null, name: `School sign-in via ${SSO_PROVIDER_NAMES[provider]}`, origin: at.origin },
    { action: 'sso.refuse', schoolId: at.schoolId, targetUserId: at.userId, targetName, detail: { provider, reason: problem.reason, email: at.email ?? null } },
    at.now,
  );
}
