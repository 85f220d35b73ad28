/**
 * School sign-in's browser addresses (docs/sso.md). They are navigations, not API calls, so they
 * live beside /api/auth rather than behind the service proxy:
 *
 *   GET  /api/sso/providers?school=ID     the sign-in buttons (that school's first)
 *   GET  /api/sso/start/:provider          a new sign-in: state cookie + 302 to the provider
 *        (also /api/sso/launch/:provider: a portal — Clever, ClassLink — starts it from its side)
 *   GET  /api/sso/callback/:provider       the provider's answer: 302 to /login/school#handoff=…
 *                                          (or ?problem=…, or the profile after a link)
 *   POST /api/auth/sso { handoff, appKey } the SPA trades the hand-off for the SPEC's session
 *
 * The state is bound to the browser by an HttpOnly cookie and to the server by a one-use row; a
 * refusal is a 302 to the page that says why, and writes nothing but its audit entry.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES } from '../../common/apiMessages';
import { safeRedirect } from '../../common/redirect';
import { SSO_MESSAGES, SSO_RETURN_PATH, type SsoProblemReason, type SsoProviderId, type SsoProviderInfo } from '../../common/sso';
import type { Envelope, Session } from '../../common/types';
import { isKnownAppKey } from '../http/authenticate';
import type { AppContext } from '../http/context';
import { HttpError } from '../http/errors';
import { startSession } from '../services/auth/sessions';
import { findSchool } from '../services/schoolAdmin/repository';
import type { SsoProviderConfig } from './config';
import { newChecks, SsoProblem, type RelyingParty } from './relyingParty';
import * as repo from './repository';
import { auditRefusal, completeSignIn, linkFromProfile } from './signIn';

export const STATE_COOKIE = 'cw_sso';
/** How long a person has at the provider before the sign-in must start again. */
export const PENDING_LIFETIME_MS = 10 * 60_000;

const problemPath = (reason: SsoProblemReason) => `${SSO_RETURN_PATH}?problem=${reason}`;

function cookieValue(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

const query = (request: FastifyRequest): Record<string, unknown> => (request.query ?? {}) as Record<string, unknown>;
const one = (value: unknown): string | null => (typeof value === 'string' && value.length <= 2000 ? value : null);

export async function ssoRoutes(app: FastifyInstance, ctx: AppContext, rp: RelyingParty): Promise<void> {
  const stateCookie = (value: string, maxAgeSeconds: number) =>
    `${STATE_COOKIE}=${value}; Path=/api/sso; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${ctx.config.isProduction ? '; Secure' : ''}`;

  const refuse = async (reply: FastifyReply, request: FastifyRequest, provider: SsoProviderId | null, problem: SsoProblem, at: { schoolId?: number | null; userId?: number | null; audited?: boolean } = {}) => {
    request.log.info({ provider, reason: problem.reason, detail: problem.message }, 'school sign-in refused');
    if (provider && !at.audited) await auditRefusal(ctx.db, provider, problem, { schoolId: at.schoolId ?? null, userId: at.userId ?? null, origin: request.ip, now: ctx.clock() });
    return reply.header('set-cookie', stateCookie('', 0)).redirect(problemPath(problem.reason), 302);
  };

  app.get('/api/sso/providers', async (request): Promise<{ providers: SsoProviderInfo[] }> => {
    const all = rp.list();
    const school = one(query(request).school);
    const found = school ? await findSchool(ctx.db, school) : undefined;
    if (!found) return { providers: all };
    const { enabled } = await repo.schoolSignIn(ctx.db, found.id);
    // the school's own first, in the deployment's order
    return { providers: [...all.filter((p) => enabled.includes(p.id)), ...all.filter((p) => !enabled.includes(p.id))] };
  });

  const start = async (request: FastifyRequest<{ Params: { provider: string } }>, reply: FastifyReply) => {
    const provider = rp.find(request.params.provider);
    if (!provider) return refuse(reply, request, null, new SsoProblem('provider-off', `unknown provider ${request.params.provider.slice(0, 40)}`));
    const q = query(request);
    const now = ctx.clock();
    // a portal launch (OpenID third-party initiated login) names its issuer and where to go
    const iss = one(q.iss);
    if (iss && iss.replace(/\/+$/, '') !== provider.issuer) return refuse(reply, request, provider.id, new SsoProblem('provider-error', 'launch from another issuer'));
    const target = one(q.target_link_uri);
    const targetPath = target ? pathOf(target, ctx.config.publicUrl) : null;
    const redirect = one(q.redirect) ?? targetPath;
    let linkUserId: number | null = null;
    const intent = one(q.link);
    if (intent) {
      const row = await repo.takePending(ctx.db, intent);
      if (!row || row.provider !== `${repo.LINK_INTENT_PREFIX}${provider.id}` || Number(row.expires_at) < now) return refuse(reply, request, provider.id, new SsoProblem('expired'));
      linkUserId = row.link_user_id;
    }
    let schoolId: number | null = null;
    const schoolParam = one(q.school);
    if (schoolParam) {
      const school = await findSchool(ctx.db, schoolParam);
      const settings = school ? await repo.schoolSignIn(ctx.db, school.id) : null;
      if (!school || !settings?.enabled.includes(provider.id)) return refuse(reply, request, provider.id, new SsoProblem('provider-off'), { schoolId: school?.id ?? null });
      schoolId = school.id;
    }
    const checks = newChecks();
    let url: URL;
    try {
      url = await rp.authorizationUrl(provider, checks, one(q.login_hint) ?? undefined);
    } catch (error) {
      return refuse(reply, request, provider.id, error instanceof SsoProblem ? error : new SsoProblem('unavailable'), { schoolId, audited: true });
    }
    await repo.insertPending(
      ctx.db,
      checks.state,
      {
        provider: provider.id,
        nonce: checks.nonce,
        code_verifier: checks.codeVerifier,
        school_id: schoolId,
        redirect: redirect ? safeRedirect(redirect) : null,
        link_user_id: linkUserId,
        expires_at: now + PENDING_LIFETIME_MS,
      },
      now,
    );
    return reply.header('set-cookie', stateCookie(checks.state, PENDING_LIFETIME_MS / 1000)).redirect(url.href, 302);
  };
  app.get<{ Params: { provider: string } }>('/api/sso/start/:provider', start);
  app.get<{ Params: { provider: string } }>('/api/sso/launch/:provider', start);

  app.get<{ Params: { provider: string } }>('/api/sso/callback/:provider', async (request, reply) => {
    const provider: SsoProviderConfig | undefined = rp.find(request.params.provider);
    if (!provider) return refuse(reply, request, null, new SsoProblem('provider-off'));
    const state = one(query(request).state);
    const cookie = cookieValue(request, STATE_COOKIE);
    // the state must be the one this browser was given, and is used once
    if (!state || !cookie || state !== cookie) return refuse(reply, request, provider.id, new SsoProblem('state', state ? 'state does not match this browser' : 'no state'));
    const pending = await repo.takePending(ctx.db, state);
    if (!pending || pending.provider !== provider.id) return refuse(reply, request, provider.id, new SsoProblem('state', 'unknown or used state'));
    const now = ctx.clock();
    const schoolId = pending.school_id === null ? null : Number(pending.school_id);
    if (Number(pending.expires_at) < now) return refuse(reply, request, provider.id, new SsoProblem('expired'), { schoolId });
    const queryString = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    try {
      const claims = await rp.finish(provider, queryString, { state, nonce: pending.nonce, codeVerifier: pending.code_verifier });
      if (pending.link_user_id !== null) {
        await linkFromProfile(ctx.db, claims, Number(pending.link_user_id), request.ip, now);
        request.log.info({ provider: provider.id, userId: pending.link_user_id }, 'school sign-in linked from the profile');
        return reply.header('set-cookie', stateCookie('', 0)).redirect(`/app/profile?linked=${provider.id}`, 302);
      }
      const outcome = await completeSignIn(ctx.db, claims, { schoolId, redirect: pending.redirect }, request.ip, now);
      request.log.info({ provider: provider.id, userId: outcome.userId }, 'school sign-in');
      // in the fragment: never sent to a server, never in a log or a Referer
      return reply.header('set-cookie', stateCookie('', 0)).redirect(`${SSO_RETURN_PATH}#handoff=${outcome.handoff}`, 302);
    } catch (error) {
      if (!(error instanceof SsoProblem)) throw error;
      // completeSignIn and linkFromProfile audit their own refusals
      const audited = ['unverified-email', 'domain', 'provider-off', 'deactivated', 'unknown-account', 'staff-unknown', 'linked-elsewhere'].includes(error.reason);
      return refuse(reply, request, provider.id, error, { schoolId, userId: pending.link_user_id, audited });
    }
  });

  app.post<{ Body: { handoff: string; appKey: string } }>(
    '/api/auth/sso',
    {
      schema: {
        body: {
          type: 'object',
          required: ['handoff', 'appKey'],
          properties: { handoff: { type: 'string', minLength: 1, maxLength: 200 }, appKey: { type: 'string', minLength: 1, maxLength: 200 } },
        },
      },
    },
    async (request): Promise<Envelope<Session> & { redirect: string | null }> => {
      const { handoff, appKey } = request.body;
      if (!isKnownAppKey(ctx, appKey)) throw new HttpError(401, API_MESSAGES.unknownAppKey);
      const now = ctx.clock();
      const taken = await repo.takeHandoff(ctx.db, handoff);
      if (!taken || Number(taken.expires_at) < now) throw new HttpError(401, SSO_MESSAGES.handoff);
      const started = await startSession(ctx.db, ctx.config, Number(taken.user_id), appKey, now);
      if (!started) throw new HttpError(401, SSO_MESSAGES.handoff);
      request.log.info({ userId: taken.user_id, sessionId: started.row.id }, 'signed in through the school');
      return { body: started.session, redirect: taken.redirect };
    },
  );
}

/** The path (with query) of an address on this site; null for any other site. */
function pathOf(target: string, publicUrl: string): string | null {
  try {
    const url = new URL(target, publicUrl);
    return url.origin === new URL(publicUrl).origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}
