/**
 * School sign-in's settings (docs/sso.md), read from the environment: each outside provider is on
 * for this deployment when its client id and secret are set; the local "Lincoln district sign-in"
 * runs beside the server in development and demo, never with NODE_ENV=production unless asked.
 */
import type { SsoProviderId } from '../../common/sso';

/** One provider the relying party talks to. */
export interface SsoProviderConfig {
  id: SsoProviderId;
  /** the issuer; its /.well-known/openid-configuration is discovered */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** the ID token or userinfo claim holding the OneRoster sourcedId, when the provider sends one */
  sourcedIdClaim?: string;
}

export interface LocalProviderSettings {
  enabled: boolean;
  /** 0: any free port */
  port: number;
}

export interface SsoConfig {
  providers: SsoProviderConfig[];
  localProvider: LocalProviderSettings;
}

type Env = Record<string, string | undefined>;

const OUTSIDE: readonly { id: Exclude<SsoProviderId, 'lincoln'>; prefix: string; issuer?: string; sourcedIdClaim?: string; console: string }[] = [
  { id: 'google', prefix: 'SSO_GOOGLE', issuer: 'https://accounts.google.com', console: 'Google Cloud console' },
  // Entra ID's issuer names the school's tenant: https://login.microsoftonline.com/<tenant id>/v2.0
  { id: 'microsoft', prefix: 'SSO_MICROSOFT', console: 'Microsoft Entra admin center' },
  { id: 'clever', prefix: 'SSO_CLEVER', issuer: 'https://clever.com', console: 'Clever developer dashboard' },
  { id: 'classlink', prefix: 'SSO_CLASSLINK', issuer: 'https://launchpad.classlink.com', sourcedIdClaim: 'SourcedId', console: 'ClassLink developer portal' },
];

/** The configuration table's rows for school sign-in (README mirrors them). */
export const SSO_CONFIG_VARIABLES = [
  ...OUTSIDE.flatMap((p) => [
    { name: `${p.prefix}_CLIENT_ID`, default: '(unset: off)', description: `School sign-in with ${p.id} (docs/sso.md): the client id from the ${p.console}. With ${p.prefix}_CLIENT_SECRET it turns the provider on for this deployment; each school still turns it on for itself.` },
    { name: `${p.prefix}_CLIENT_SECRET`, default: '(unset)', description: `The client secret that goes with ${p.prefix}_CLIENT_ID.` },
    { name: `${p.prefix}_ISSUER`, default: p.issuer ?? '(required with the client id)', description: `The OpenID issuer of ${p.id} (its discovery document is read at the first sign-in).` },
  ]),
  { name: 'SSO_LOCAL_PROVIDER', default: 'on (off when NODE_ENV=production)', description: 'Runs "Lincoln district sign-in", a local OpenID provider whose accounts are the demo world\'s people (password demo-password), beside the server.' },
  { name: 'SSO_LOCAL_PROVIDER_PORT', default: 'PORT + 1', description: 'TCP port of the local OpenID provider (0 = any free port).' },
];

const ON = ['true', '1', 'yes', 'on'];
const OFF = ['false', '0', 'no', 'off'];

/** The settings and every problem found (loadConfig reports them with its own). */
export function loadSsoConfig(env: Env, isProduction: boolean, port: number): { sso: SsoConfig; problems: string[] } {
  const problems: string[] = [];
  const providers: SsoProviderConfig[] = [];
  for (const p of OUTSIDE) {
    const clientId = env[`${p.prefix}_CLIENT_ID`];
    const clientSecret = env[`${p.prefix}_CLIENT_SECRET`];
    const issuer = env[`${p.prefix}_ISSUER`] ?? p.issuer;
    if (!clientId && !clientSecret) continue;
    if (!clientId || !clientSecret) {
      problems.push(`${p.prefix}_CLIENT_ID and ${p.prefix}_CLIENT_SECRET go together: set both or neither.`);
      continue;
    }
    if (!issuer || !/^https:\/\/[^\s]+$/.test(issuer)) {
      problems.push(`${p.prefix}_ISSUER must be the provider's https:// issuer (docs/sso.md).`);
      continue;
    }
    providers.push({ id: p.id, issuer: issuer.replace(/\/+$/, ''), clientId, clientSecret, ...(p.sourcedIdClaim ? { sourcedIdClaim: p.sourcedIdClaim } : {}) });
  }
  const local = env.SSO_LOCAL_PROVIDER?.toLowerCase();
  if (local !== undefined && !ON.includes(local) && !OFF.includes(local)) problems.push(`SSO_LOCAL_PROVIDER must be on or off (got "${local}").`);
  const rawPort = env.SSO_LOCAL_PROVIDER_PORT;
  const localPort = rawPort === undefined ? (port === 0 ? 0 : port + 1) : Number(rawPort);
  if (!Number.isInteger(localPort) || localPort < 0 || localPort > 65_535) problems.push(`SSO_LOCAL_PROVIDER_PORT must be a port number (got "${rawPort ?? ''}").`);
  const enabled = local === undefined ? !isProduction : ON.includes(local);
  return { sso: { providers, localProvider: { enabled, port: localPort } }, problems };
}
