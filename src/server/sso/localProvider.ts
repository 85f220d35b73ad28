/**
 * "Lincoln district sign-in": a real OpenID provider (the `oidc-provider` package) that runs beside
 * the server in development and demo (docs/sso.md), so school sign-in can be tried, and is tested,
 * with no outside account. Its directory is the demo world: every account whose e-mail is at the
 * demo domain signs in with that e-mail and the demo password; the account's Cashwise password
 * plays no part, as a school's directory is not ours. The subject is the e-mail, encoded, so it
 * stays the same across restarts.
 *
 * The sign-in page honours prompt=select_account: with a provider session already open on this
 * computer it asks whether to continue as that person or to sign in as someone else.
 */
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JsonWebKey } from 'node:crypto';
import type { Db } from '../db';
import { DEMO_PASSWORD } from '../db/seed';
import type { SsoProviderConfig } from './config';

/** The demo world's e-mail domain. */
export const DEMO_EMAIL_DOMAIN = 'example.edu';
export const LOCAL_PROVIDER_NAME = 'Lincoln district sign-in';

export interface DirectoryAccount {
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  /** the OneRoster sourcedId the district's directory holds, if any */
  sourcedId?: string | null;
  /** the person's role in the directory ("teacher"), sent as Clever and ClassLink send theirs */
  role?: string;
}

export interface LocalProviderOptions {
  /** the demo world's accounts (a function: a test builds its app after the provider) */
  db: Db | (() => Db);
  /** where the relying party receives the answer (PUBLIC_URL + /api/sso/callback/lincoln) */
  redirectUri: string;
  port: number;
  host?: string;
  /** accounts the directory holds besides the demo world's (tests: an unverified e-mail, another domain) */
  extraAccounts?: readonly DirectoryAccount[];
  /** the signing key (a private JWK); a fresh one by default */
  signingKey?: JsonWebKey & { kid?: string };
  /** the relying party's client secret; a fresh one by default */
  clientSecret?: string;
  /** the ID token's lifetime in seconds (default 600) */
  idTokenTtlSeconds?: number;
  /**
   * tests only: the ID tokens name this audience instead of the client that asked, as a token minted
   * for another app would. A standard provider never does this, so the relying party's audience check
   * can only be seen failing against a provider made to misbehave.
   */
  idTokenAudience?: string;
}

export interface LocalProvider {
  issuer: string;
  /** what the relying party needs to use it */
  provider: SsoProviderConfig;
  /** the key it signs with (a provider restarted with it is the same provider to the app) */
  signingKey: JsonWebKey & { kid?: string };
  close(): Promise<void>;
}

const subjectOf = (email: string): string => Buffer.from(email.toLowerCase(), 'utf8').toString('base64url');
const emailOf = (subject: string): string => Buffer.from(subject, 'base64url').toString('utf8');

async function findInDirectory(options: LocalProviderOptions, email: string): Promise<DirectoryAccount | null> {
  const wanted = email.trim().toLowerCase();
  const extra = options.extraAccounts?.find((a) => a.email.toLowerCase() === wanted);
  if (extra) return extra;
  if (!wanted.endsWith(`@${DEMO_EMAIL_DOMAIN}`)) return null;
  const db = typeof options.db === 'function' ? options.db() : options.db;
  const row = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email', 'sourced_id'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', wanted))
    .executeTakeFirst();
  return row ? { email: row.email.toLowerCase(), emailVerified: true, givenName: row.first_name, familyName: row.last_name, sourcedId: row.sourced_id } : null;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - ${LOCAL_PROVIDER_NAME}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f6f8;color:#1a1a1a;margin:0}main{max-width:26rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0003}
label{display:block;margin-top:1rem;font-weight:600}input{width:100%;box-sizing:border-box;padding:.6rem;margin-top:.3rem;font-size:1rem;border:1px solid #555;border-radius:4px}
button{margin-top:1.2rem;padding:.7rem 1.2rem;font-size:1rem;background:#0b5394;color:#fff;border:0;border-radius:4px;cursor:pointer}.alt{background:#fff;color:#0b5394;border:1px solid #0b5394}
.error{color:#a00000;font-weight:600}</style></head>
<body><main><h1>${LOCAL_PROVIDER_NAME}</h1>${body}</main></body></html>`;
}

function signInForm(uid: string, heading: string, error: string | null): string {
  return `<h2>${escapeHtml(heading)}</h2>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="email">School e-mail</label><input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) break;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startLocalProvider(options: LocalProviderOptions): Promise<LocalProvider> {
  const { default: Provider, interactionPolicy } = loadOidcProvider();
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://localhost:${port}`;
  const clientId = 'cashwise';
  const clientSecret = options.clientSecret ?? randomBytes(32).toString('base64url');

  const policy = interactionPolicy.base();
  // prompt=select_account: the next student on a shared computer picks their own account
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);

  const signingKey = options.signingKey ?? (await generateSigningKey());
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name', 'sourced_id', 'role'] },
    // the claims go in the ID token itself, as Google's and Microsoft's do
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { IdToken: options.idTokenTtlSeconds ?? 600, AccessToken: 600, AuthorizationCode: 60, Session: 3600, Interaction: 600, Grant: 3600 },
    interactions: { policy, url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      const account = await findInDirectory(options, emailOf(sub));
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: account.email,
            email_verified: account.emailVerified,
            given_name: account.givenName,
            family_name: account.familyName,
            name: `${account.givenName} ${account.familyName}`,
            ...(account.sourcedId ? { sourced_id: account.sourcedId } : {}),
            ...(account.role ? { role: account.role } : {}),
          };
        },
      };
    },
    // the district's own app: the scopes are granted without a consent page
    async loadExistingGrant(ctx: { oidc: { client: { clientId: string }; session: { accountId: string; grantIdFor(id: string): string | undefined }; provider: { Grant: never } } }) {
      const { Grant } = ctx.oidc.provider as unknown as { Grant: GrantClass };
      const existing = ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (existing) {
        const found = await Grant.find(existing);
        if (found) return found;
      }
      const grant = new Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = 'html';
      ctx.body = page('Sign-in problem', `<p>${escapeHtml(out.error_description ?? out.error ?? 'The sign-in could not go on.')}</p>`);
    },
  } as never);
  // a warning for Node 20 only; the provider works on it
  provider.on('server_error', () => undefined);
  if (options.idTokenAudience) misaddressIdTokens(provider, options.idTokenAudience);

  const interactions = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const match = /^\/interaction\/([\w-]+)(\/login|\/continue)?$/.exec((req.url ?? '').split('?')[0] ?? '');
    if (!match) return false;
    const [, uid = '', action] = match;
    const details = await provider.interactionDetails(req, res);
    const send = (status: number, html: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(html);
    };
    const current = details.session?.accountId ? emailOf(details.session.accountId) : null;
    const choosing = details.prompt.name === 'select_account';
    if (req.method === 'GET' && !action) {
      const body = choosing && current
        ? `<h2>Choose an account</h2><p>Signed in on this computer as <strong>${escapeHtml(current)}</strong>.</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/continue"><button type="submit">Continue as ${escapeHtml(current)}</button></form>
${signInForm(uid, 'Use another account', null)}`
        : signInForm(uid, 'Sign in with your school account', null);
      send(200, page('Sign in', body));
      return true;
    }
    if (req.method === 'POST' && action === '/continue' && current && details.session?.accountId) {
      await provider.interactionFinished(req, res, { select_account: {}, login: { accountId: details.session.accountId } }, { mergeWithLastSubmission: false });
      return true;
    }
    if (req.method === 'POST' && action === '/login') {
      const form = await readForm(req);
      const email = (form.get('email') ?? '').trim().toLowerCase();
      const account = email ? await findInDirectory(options, email) : null;
      if (!account || form.get('password') !== DEMO_PASSWORD) {
        send(401, page('Sign in', signInForm(uid, 'Sign in with your school account', 'That e-mail and password do not match an account of the district.')));
        return true;
      }
      await provider.interactionFinished(req, res, { select_account: {}, login: { accountId: subjectOf(account.email) } }, { mergeWithLastSubmission: false });
      return true;
    }
    return false;
  };

  const callback = provider.callback();
  server.on('request', (req, res) => {
    interactions(req, res)
      .then((handled) => {
        if (!handled) callback(req, res);
      })
      .catch(() => {
        if (!res.headersSent) {
          res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
          res.end(page('Sign-in problem', '<p>This sign-in has expired. Go back to the app and start again.</p>'));
        }
      });
  });

  return {
    issuer,
    provider: { id: 'lincoln', issuer, clientId, clientSecret, sourcedIdClaim: 'sourced_id' },
    signingKey,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Makes the provider's ID tokens name `audience`: the token's `aud` comes from the client the token is
 * issued to, read once at the start of IdToken#issue (before its first await), so the client is shown
 * with another id for that moment only. Each provider instance has its own IdToken class.
 */
function misaddressIdTokens(provider: OidcProviderInstance, audience: string): void {
  type Issuing = { client: object };
  const { prototype } = (provider as unknown as { IdToken: { prototype: { issue(this: Issuing, ...args: unknown[]): Promise<string> } } }).IdToken;
  const issue = prototype.issue;
  prototype.issue = function (this: Issuing, ...args: unknown[]) {
    const client = this.client;
    this.client = new Proxy(client, { get: (target, key) => (key === 'clientId' ? audience : Reflect.get(target, key)) });
    try {
      return issue.apply(this, args);
    } finally {
      this.client = client;
    }
  };
}

/** The part of oidc-provider's API used here (the package ships no types). */
interface OidcProviderInstance {
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ prompt: { name: string }; session?: { accountId?: string } }>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: object, options: { mergeWithLastSubmission: boolean }): Promise<void>;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  on(event: string, listener: (...args: unknown[]) => void): void;
}
interface OidcProviderModule {
  default: new (issuer: string, configuration: never) => OidcProviderInstance;
  interactionPolicy: { base(): { add(prompt: unknown, index: number): void }; Prompt: new (options: { name: string; requestable: boolean }) => unknown };
}

/**
 * oidc-provider ships only ES modules: required when the provider starts (Node's require of ES
 * modules, as jose is), so a production server that never runs it never loads it.
 */
function loadOidcProvider(): OidcProviderModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on demand, see above
  return require('oidc-provider') as OidcProviderModule;
}

interface GrantClass {
  find(id: string): Promise<unknown>;
  new (init: { clientId: string; accountId: string }): { addOIDCScope(scope: string): void; save(): Promise<string> };
}

/** A fresh RS256 key pair as a private JWK. */
export async function generateSigningKey(): Promise<JsonWebKey & { kid: string }> {
  const { generateKeyPairSync } = await import('node:crypto');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...(privateKey.export({ format: 'jwk' }) as JsonWebKey), kid: 'lincoln-1', alg: 'RS256', use: 'sig' } as JsonWebKey & { kid: string };
}
