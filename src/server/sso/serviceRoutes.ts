/**
 * School sign-in behind the service proxy (OneLook): a school administrator's settings (adminOf:
 * their current school; GADMINSUPERUSER any, by ?school=) and the signed-in user's own links.
 */
import { array, boolean, object, string } from 'yup';
import { isSsoProviderId, SSO_MESSAGES, type SsoLinkInfo, type SsoProviderInfo, type SsoSchoolSettings, type SsoSchoolSettingsChange } from '../../common/sso';
import { HttpError } from '../http/errors';
import { auditActorOf } from '../services/audit/actor';
import { adminOf, noPayload } from '../services/schoolAdmin/access';
import { signedInUserId } from '../services/signedIn';
import type { ServiceContext, ServiceRoute } from '../services/types';
import { changeSsoSettings, linkIntent, linksOfUser, providersForUser, readSsoSettings, SsoSettingsError } from './settings';
import { unlink } from './signIn';

const changeSchema = object({
  enabled: array(string().strict().required()).strict().max(10).optional(),
  domains: array(string().strict().required().max(253)).strict().max(50).optional(),
  createStudents: boolean().strict().optional(),
})
  .noUnknown('Unknown field: ${unknown}')
  .required('Send { enabled, domains, createStudents }.')
  .typeError('Send { enabled, domains, createStudents }.');

function providerParam(ctx: ServiceContext) {
  const provider = ctx.params.provider ?? '';
  if (!isSsoProviderId(provider) || !ctx.config.sso.providers.some((p) => p.id === provider)) throw new HttpError(404, SSO_MESSAGES.unknownProvider(provider.slice(0, 40)));
  return provider;
}

async function settings(ctx: ServiceContext): Promise<SsoSchoolSettings> {
  const { school } = await adminOf(ctx);
  return readSsoSettings(ctx.db, ctx.config.sso, school.id);
}

async function changeSettings(ctx: ServiceContext): Promise<{ settings: SsoSchoolSettings; message: string }> {
  const admin = await adminOf(ctx);
  try {
    const saved = await changeSsoSettings(ctx.db, ctx.config.sso, admin.school.id, ctx.payload as SsoSchoolSettingsChange, admin.actor, ctx.clock());
    return { settings: saved, message: SSO_MESSAGES.saved };
  } catch (error) {
    if (error instanceof SsoSettingsError) throw new HttpError(400, error.message);
    throw error;
  }
}

async function myLinks(ctx: ServiceContext): Promise<{ available: SsoProviderInfo[]; links: SsoLinkInfo[] }> {
  const userId = signedInUserId(ctx);
  return { available: await providersForUser(ctx.db, ctx.config.sso, userId), links: await linksOfUser(ctx.db, userId) };
}

async function startLink(ctx: ServiceContext): Promise<{ url: string }> {
  const userId = signedInUserId(ctx);
  const provider = providerParam(ctx);
  const intent = await linkIntent(ctx.db, userId, provider, ctx.clock());
  return { url: `/api/sso/start/${provider}?link=${encodeURIComponent(intent)}` };
}

async function removeLink(ctx: ServiceContext): Promise<{ message: string }> {
  const userId = signedInUserId(ctx);
  const provider = providerParam(ctx);
  if (!(await unlink(ctx.db, userId, provider, auditActorOf(ctx), ctx.clock()))) throw new HttpError(404, SSO_MESSAGES.notLinked);
  return { message: SSO_MESSAGES.unlinked };
}

export const ssoServiceRoutes: readonly ServiceRoute[] = [
  { method: 'GET', path: '/admin/sso', access: 'user', handler: settings },
  { method: 'PUT', path: '/admin/sso', access: 'user', payloadSchema: changeSchema, handler: changeSettings },
  { method: 'GET', path: '/me/sso', access: 'user', handler: myLinks },
  { method: 'POST', path: '/me/sso/:provider', access: 'user', payloadSchema: noPayload, handler: startLink },
  { method: 'DELETE', path: '/me/sso/:provider', access: 'user', handler: removeLink },
];
