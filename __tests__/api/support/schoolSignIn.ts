/**
 * School sign-in through the real protocol: the app (app.inject) and the local OpenID provider
 * ("Lincoln district sign-in", a real oidc-provider on a free port) with a small cookie jar, as a
 * browser would walk it: start → the provider's sign-in page → its form → back to the callback.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '../../../src/server/db/seed';
import { startLocalProvider, type DirectoryAccount, type LocalProvider, type LocalProviderOptions } from '../../../src/server/sso/localProvider';
import { STATE_COOKIE } from '../../../src/server/sso/routes';
import { createTestApp, type TestApp, type TestAppOptions } from './testApp';

export const PUBLIC_URL = 'http://localhost:3000';

export interface SignInWorld {
  t: TestApp;
  local: LocalProvider;
  /** seconds added to the time ID tokens are judged at */
  skew: { ms: number };
  close(): Promise<void>;
}

/** A test app with the local provider beside it (its directory: the app's demo world + `extra`). */
export async function signInWorld(extra: readonly DirectoryAccount[] = [], options: TestAppOptions & { provider?: Partial<LocalProviderOptions> } = {}): Promise<SignInWorld> {
  let t: TestApp | null = null;
  const skew = { ms: 0 };
  const local = await startLocalProvider({
    db: () => t!.db,
    redirectUri: `${PUBLIC_URL}/api/sso/callback/lincoln`,
    port: 0,
    host: '127.0.0.1',
    extraAccounts: extra,
    ...options.provider,
  });
  t = await createTestApp({ ...options, env: { PUBLIC_URL, ...options.env }, ssoProviders: [local.provider], ssoClock: () => Date.now() + skew.ms });
  const app = t;
  const world: SignInWorld = {
    t: app,
    local,
    skew,
    async close() {
      await app.close();
      await world.local.close();
    },
  };
  return world;
}

/** A browser's cookies at the provider. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export interface Started {
  response: LightMyRequestResponse;
  /** the state cookie the app set */
  cookie: string | null;
  /** the provider's authorization address */
  location: string;
}

export async function start(app: FastifyInstance, path = '/api/sso/start/lincoln'): Promise<Started> {
  const response = await app.inject({ method: 'GET', url: path });
  const setCookie = [response.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${STATE_COOKIE}=`));
  const cookie = setCookie ? setCookie.split(';')[0]!.slice(STATE_COOKIE.length + 1) : null;
  return { response, cookie: cookie || null, location: String(response.headers.location ?? '') };
}

/**
 * One request at the provider, on a connection of its own: tests close and restart the provider on
 * the same port, and a pooled keep-alive socket the server has just closed fails the next request
 * ("other side closed") where a browser would silently retry it.
 */
async function follow(url: string, jar: CookieJar, init: RequestInit = {}): Promise<Response> {
  const headers = { ...(init.headers as Record<string, string>), cookie: jar.header(), connection: 'close' };
  const response = await fetch(url, { ...init, redirect: 'manual', headers });
  jar.take(response);
  return response;
}

/** At the provider: from its authorization address to the redirect back to the app (its full URL). */
export async function atProvider(authorizationUrl: string, jar: CookieJar, email: string, password = DEMO_PASSWORD, how: 'form' | 'continue' = 'form'): Promise<{ callbackUrl: string; pages: string[] }> {
  const pages: string[] = [];
  let response = await follow(authorizationUrl, jar);
  let url = authorizationUrl;
  for (let hops = 0; hops < 10; hops += 1) {
    if (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location') ?? '', url).href;
      if (next.startsWith(PUBLIC_URL)) return { callbackUrl: next, pages };
      url = next;
      response = await follow(url, jar);
      continue;
    }
    const html = await response.text();
    pages.push(html);
    const uid = /\/interaction\/([\w-]+)\//.exec(html)?.[1];
    if (!uid) throw new Error(`the provider answered ${response.status} without a sign-in form: ${html.slice(0, 300)}`);
    const origin = new URL(url).origin;
    if (how === 'continue' && html.includes('/continue')) {
      response = await follow(`${origin}/interaction/${uid}/continue`, jar, { method: 'POST' });
    } else {
      response = await follow(`${origin}/interaction/${uid}/login`, jar, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, password }).toString(),
      });
    }
    url = `${origin}/interaction/${uid}`;
  }
  throw new Error('too many redirects at the provider');
}

/** The provider's answer delivered to the app's callback, with the browser's state cookie. */
export function callback(app: FastifyInstance, callbackUrl: string, cookie: string | null): Promise<LightMyRequestResponse> {
  const url = new URL(callbackUrl);
  return app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: cookie ? { cookie: `${STATE_COOKIE}=${cookie}` } : {} });
}

/** A whole sign-in: start, the provider, the callback. */
export async function signInThroughSchool(app: FastifyInstance, email: string, options: { startPath?: string; jar?: CookieJar } = {}) {
  const started = await start(app, options.startPath);
  if (started.response.statusCode !== 302 || !started.location.startsWith('http://localhost')) throw new Error(`start answered ${started.response.statusCode} ${String(started.location)}`);
  const jar = options.jar ?? new CookieJar();
  const { callbackUrl } = await atProvider(started.location, jar, email);
  const response = await callback(app, callbackUrl, started.cookie);
  return { started, callbackUrl, response, jar };
}

export const handoffOf = (response: LightMyRequestResponse): string | null => /#handoff=([\w-]+)$/.exec(String(response.headers.location ?? ''))?.[1] ?? null;
export const problemOf = (response: LightMyRequestResponse): string | null => /\?problem=([\w-]+)$/.exec(String(response.headers.location ?? ''))?.[1] ?? null;
