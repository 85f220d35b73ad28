/**
 * A school's sign-in settings (the providers it turned on, the e-mail domains it owns, whether a
 * sign-in may create an unknown student) and a person's links: the school administration page,
 * the profile and the CLI (`npm run admin -- sso …`) call these same functions. Each change is
 * audited in its own transaction.
 */
import { randomBytes } from 'node:crypto';
import { normalizeDomain, SSO_MESSAGES, SSO_PROVIDER_NAMES, type SsoLinkInfo, type SsoProviderId, type SsoProviderInfo, type SsoSchoolSettings, type SsoSchoolSettingsChange } from '../../common/sso';
import type { Db } from '../db';
import { recordAudit, type AuditActor } from '../services/audit/record';
import type { SsoConfig } from './config';
import * as repo from './repository';

/** A refused change; nothing was written. */
export class SsoSettingsError extends Error {}

export const availableProviders = (sso: SsoConfig): SsoProviderInfo[] => sso.providers.map((p) => ({ id: p.id, name: SSO_PROVIDER_NAMES[p.id] }));

export async function readSsoSettings(db: Db, sso: SsoConfig, schoolId: number): Promise<SsoSchoolSettings> {
  const settings = await repo.schoolSignIn(db, schoolId);
  return { available: availableProviders(sso), enabled: settings.enabled, domains: settings.domains, createStudents: settings.createStudents };
}

/** Applies a change (every problem at once, nothing written when there is one) and records it. */
export async function changeSsoSettings(db: Db, sso: SsoConfig, schoolId: number, change: SsoSchoolSettingsChange, actor: AuditActor, now: number): Promise<SsoSchoolSettings> {
  const problems: string[] = [];
  const offered = sso.providers.map((p) => p.id as string);
  for (const provider of change.enabled ?? []) if (!offered.includes(provider)) problems.push(SSO_MESSAGES.unknownProvider(provider));
  const domains: string[] = [];
  for (const raw of change.domains ?? []) {
    const domain = normalizeDomain(raw);
    if (domain) domains.push(domain);
    else problems.push(SSO_MESSAGES.badDomain(raw));
  }
  if (problems.length > 0) throw new SsoSettingsError(problems.join(' '));
  await db.transaction().execute(async (trx) => {
    const before = await repo.schoolSignIn(trx, schoolId);
    const after: repo.SchoolSignIn = {
      schoolId,
      enabled: change.enabled ? [...new Set(change.enabled)].sort() : before.enabled,
      domains: change.domains ? [...new Set(domains)].sort() : before.domains,
      createStudents: change.createStudents ?? before.createStudents,
    };
    const detail: Record<string, string> = {};
    if (after.enabled.join(',') !== before.enabled.join(',')) detail.providers = `${before.enabled.join(', ') || 'none'} → ${after.enabled.join(', ') || 'none'}`;
    if (after.domains.join(',') !== before.domains.join(',')) detail.domains = `${before.domains.join(', ') || 'none'} → ${after.domains.join(', ') || 'none'}`;
    if (after.createStudents !== before.createStudents) detail.createStudents = `${before.createStudents} → ${after.createStudents}`;
    if (Object.keys(detail).length === 0) return;
    await repo.saveSchoolSignIn(trx, after, now);
    await recordAudit(trx, actor, { action: 'sso.settings', schoolId, detail }, now);
  });
  return readSsoSettings(db, sso, schoolId);
}

export async function linksOfUser(db: Db, userId: number): Promise<SsoLinkInfo[]> {
  const rows = await repo.linksOf(db, userId);
  return rows.map((r) => ({ provider: r.provider as SsoProviderId, name: SSO_PROVIDER_NAMES[r.provider as SsoProviderId] ?? r.provider, email: r.email, linkedAt: Number(r.created_at) }));
}

/** The providers the user's schools turned on (and this deployment offers): what the profile may link. */
export async function providersForUser(db: Db, sso: SsoConfig, userId: number): Promise<SsoProviderInfo[]> {
  const rows = await db
    .selectFrom('sso_school_providers')
    .innerJoin('user_clients', 'user_clients.client_id', 'sso_school_providers.client_id')
    .select('sso_school_providers.provider')
    .where('user_clients.user_id', '=', userId)
    .execute();
  const on = new Set(rows.map((r) => r.provider));
  return availableProviders(sso).filter((p) => on.has(p.id));
}

/** A one-use wish to link, traded at /api/sso/start/:provider?link=… for a sign-in at the provider. */
export async function linkIntent(db: Db, userId: number, provider: SsoProviderId, now: number): Promise<string> {
  const intent = randomBytes(32).toString('base64url');
  await repo.insertPending(db, intent, { provider: `${repo.LINK_INTENT_PREFIX}${provider}`, nonce: '', code_verifier: '', school_id: null, redirect: null, link_user_id: userId, expires_at: now + 5 * 60_000 }, now);
  return intent;
}
