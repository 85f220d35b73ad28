/**
 * School sign-in through OpenID Connect against the real local provider ("Lincoln district
 * sign-in"): the SPEC's session after it, linking rules, and each bad input of docs/sso.md
 * "Refusals": a clear page, nothing created, an audit entry.
 */
import { DEFAULT_APP_KEY } from '../../src/common/constants';
import type { Session } from '../../src/common/types';
import { startLocalProvider } from '../../src/server/sso/localProvider';
import { callback, CookieJar, atProvider, handoffOf, problemOf, PUBLIC_URL, signInThroughSchool, signInWorld, start, type SignInWorld } from './support/schoolSignIn';
import { adminCli } from './support/adminCli';
import { serviceCall, signIn } from './support/testApp';

let world: SignInWorld;

beforeAll(async () => {
  world = await signInWorld([
    { email: 'unverified.student@example.edu', emailVerified: false, givenName: 'Una', familyName: 'Verified' },
    { email: 'someone@elsewhere.org', emailVerified: true, givenName: 'Sam', familyName: 'Else' },
    { email: 'new.student@example.edu', emailVerified: true, givenName: 'Nia', familyName: 'New' },
    { email: 'new.teacher@example.edu', emailVerified: true, givenName: 'Tess', familyName: 'New', role: 'teacher' },
  ]);
}, 60_000);
afterAll(async () => world?.close());

const db = () => world.t.db;
const app = () => world.t.app;

async function exchange(handoff: string) {
  return app().inject({ method: 'POST', url: '/api/auth/sso', payload: { handoff, appKey: DEFAULT_APP_KEY } });
}

async function counts() {
  const [links, handoffs, users] = await Promise.all([
    db().selectFrom('sso_links').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow(),
    db().selectFrom('sso_handoffs').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow(),
    db().selectFrom('users').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { links: Number(links.n), handoffs: Number(handoffs.n), users: Number(users.n) };
}

async function lastRefusal() {
  const row = await db().selectFrom('audit_events').select(['detail', 'client_id']).where('action', '=', 'sso.refuse').orderBy('id', 'desc').executeTakeFirst();
  return row ? (JSON.parse(row.detail) as { reason: string }) : null;
}

describe('school sign-in: the SPEC session after the provider', () => {
  it('signs Maya in by her verified e-mail at a domain her school owns, links her, and hands the SPA the SPEC session', async () => {
    const { response } = await signInThroughSchool(app(), 'maya.johnson@example.edu');
    expect(response.statusCode).toBe(302);
    const handoff = handoffOf(response);
    expect(handoff).toBeTruthy();
    const answer = await exchange(handoff!);
    expect(answer.statusCode).toBe(200);
    const { body, redirect } = answer.json() as { body: Session; redirect: string | null };
    expect(body.user.userName).toBe('learner');
    expect(body.token.split('.')).toHaveLength(3);
    expect(redirect).toBeNull();
    // the same token as a password sign-in: GET /api/auth/user takes it
    const user = await app().inject({ method: 'GET', url: '/api/auth/user', headers: { 'x-app-key': DEFAULT_APP_KEY, authorization: `Bearer ${body.token}` } });
    expect(user.statusCode).toBe(200);
    const link = await db().selectFrom('sso_links').selectAll().where('provider', '=', 'lincoln').where('email', '=', 'maya.johnson@example.edu').executeTakeFirst();
    expect(link?.user_id).toBe(body.user.id);
    const audit = await db().selectFrom('audit_events').select('detail').where('action', '=', 'sso.link').where('target_user_id', '=', body.user.id).executeTakeFirst();
    expect(JSON.parse(audit!.detail)).toMatchObject({ provider: 'lincoln', by: 'email' });
    // the hand-off is used once
    expect((await exchange(handoff!)).statusCode).toBe(401);
  });
});

describe('school sign-in: accounts are linked, never guessed', () => {
  it('matches a linked subject again, and carries the redirect the sign-in started with', async () => {
    const { response } = await signInThroughSchool(app(), 'maya.johnson@example.edu', { startPath: '/api/sso/start/lincoln?redirect=%2Fapp%2Fcatalog%2Fbudgeting' });
    const answer = await exchange(handoffOf(response)!);
    expect(answer.json()).toMatchObject({ redirect: '/app/catalog/budgeting', body: { user: { userName: 'learner' } } });
  });

  it('creates an unknown student only where the school allows it, in that school; never a staff member', async () => {
    const before = await counts();
    const refused = await signInThroughSchool(app(), 'new.student@example.edu');
    expect(problemOf(refused.response)).toBe('unknown-account');
    expect(await counts()).toEqual(before);
    const admin = await signIn(app(), 'schooladmin');
    const change = await serviceCall(app(), 'PUT', '/admin/sso', { token: admin.token, payload: { createStudents: true } });
    expect(change.statusCode).toBe(200);
    const created = await signInThroughSchool(app(), 'new.student@example.edu');
    const answer = await exchange(handoffOf(created.response)!);
    const { body } = answer.json() as { body: Session };
    expect(body.user).toMatchObject({ firstName: 'Nia', lastName: 'New', userName: 'new.student' });
    expect(body.clients.map((c) => c.lsclientID)).toEqual(['LINCOLN-HS']);
    expect(body.permissions).toEqual([]);
    // staff are never created by sign-in, even where students are: refused, nothing made, audited
    const staffBefore = await counts();
    const teacher = await signInThroughSchool(app(), 'new.teacher@example.edu');
    expect(problemOf(teacher.response)).toBe('staff-unknown');
    expect(await counts()).toEqual(staffBefore);
    expect(await lastRefusal()).toMatchObject({ reason: 'staff-unknown', email: 'new.teacher@example.edu' });
    await serviceCall(app(), 'PUT', '/admin/sso', { token: admin.token, payload: { createStudents: false } });
  });
});

describe('school sign-in: the buttons and a portal launch', () => {
  it('lists the deployment\'s providers for /login, the school\'s own first with ?school=', async () => {
    const all = await app().inject({ method: 'GET', url: '/api/sso/providers' });
    expect(all.json()).toEqual({ providers: [{ id: 'lincoln', name: 'Lincoln district sign-in' }] });
    expect((await app().inject({ method: 'GET', url: '/api/sso/providers?school=lincoln-hs' })).json()).toEqual(all.json());
    expect((await app().inject({ method: 'GET', url: '/api/sso/providers?school=NOPE' })).statusCode).toBe(200);
  });

  it('a portal launch names the provider\'s issuer and carries a page of this site on as the redirect; another issuer is refused', async () => {
    const target = encodeURIComponent(`${PUBLIC_URL}/app/catalog/budgeting`);
    const iss = encodeURIComponent(world.local.issuer);
    const { response } = await signInThroughSchool(app(), 'maya.johnson@example.edu', { startPath: `/api/sso/launch/lincoln?iss=${iss}&target_link_uri=${target}` });
    expect((await exchange(handoffOf(response)!)).json()).toMatchObject({ redirect: '/app/catalog/budgeting' });
    const foreign = await start(app(), `/api/sso/launch/lincoln?iss=${encodeURIComponent('https://evil.example')}&target_link_uri=${target}`);
    expect(problemOf(foreign.response)).toBe('provider-error');
    // a target on another site is not followed
    const away = await signInThroughSchool(app(), 'maya.johnson@example.edu', { startPath: `/api/sso/launch/lincoln?iss=${iss}&target_link_uri=${encodeURIComponent('https://evil.example/x')}` });
    expect((await exchange(handoffOf(away.response)!)).json()).toMatchObject({ redirect: null });
  });
});

describe('school sign-in: the profile links and unlinks, the CLI does what the pages do', () => {
  const cli = adminCli(() => world.t);
  beforeEach(() => cli.clear());

  it('a signed-in user links the school account from the profile, then unlinks it; both audited', async () => {
    const daniel = await signIn(app(), 'multi');
    const intent = await serviceCall(app(), 'POST', '/me/sso/lincoln', { token: daniel.token });
    expect(intent.statusCode).toBe(200);
    const { url } = intent.json() as { url: string };
    const { response } = await signInThroughSchool(app(), 'daniel.rivera@example.edu', { startPath: url });
    expect(response.headers.location).toBe('/app/profile?linked=lincoln');
    const mine = await serviceCall(app(), 'GET', '/me/sso', { token: daniel.token });
    expect(mine.json()).toMatchObject({ available: [{ id: 'lincoln', name: 'Lincoln district sign-in' }], links: [{ provider: 'lincoln', email: 'daniel.rivera@example.edu' }] });
    // the intent is used once
    expect(problemOf((await start(app(), url)).response)).toBe('expired');
    const removed = await serviceCall(app(), 'DELETE', '/me/sso/lincoln', { token: daniel.token });
    expect(removed.statusCode).toBe(200);
    expect((await serviceCall(app(), 'DELETE', '/me/sso/lincoln', { token: daniel.token })).statusCode).toBe(404);
    const actions = await db().selectFrom('audit_events').select('action').where('target_user_id', '=', daniel.user.id).where('action', 'like', 'sso.%').execute();
    // an entry at each of his two schools
    expect([...new Set(actions.map((a) => a.action))].sort()).toEqual(['sso.link', 'sso.unlink']);
  });

  it('a school administrator names the domains and providers; a bad domain or unknown provider changes nothing', async () => {
    const admin = await signIn(app(), 'schooladmin');
    const read = await serviceCall(app(), 'GET', '/admin/sso', { token: admin.token });
    expect(read.json()).toMatchObject({ enabled: ['lincoln'], domains: ['example.edu'], createStudents: false });
    const bad = await serviceCall(app(), 'PUT', '/admin/sso', { token: admin.token, payload: { domains: ['not a domain'], enabled: ['myspace'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('not a domain');
    const learner = await signIn(app(), 'learner');
    expect((await serviceCall(app(), 'GET', '/admin/sso', { token: learner.token })).statusCode).toBe(403);
  });

  it('npm run admin -- sso: list, disable, enable, domains, links and unlink', async () => {
    expect(await cli.run('sso', 'list', '--school', 'LINCOLN-HS')).toBe(0);
    expect(cli.out.pop()).toContain('Turned on: lincoln');
    expect(await cli.run('sso', 'disable', 'lincoln', '--school', 'LINCOLN-HS')).toBe(0);
    expect(cli.out.pop()).toContain('Turned on: none');
    expect(await cli.run('sso', 'enable', 'lincoln', '--school', 'LINCOLN-HS')).toBe(0);
    expect(await cli.run('sso', 'domains', 'example.edu,lincoln.example.edu', '--school', 'LINCOLN-HS')).toBe(0);
    expect(cli.out.pop()).toContain('E-mail domains: example.edu, lincoln.example.edu');
    expect(await cli.run('sso', 'domains', 'bad domain', '--school', 'LINCOLN-HS')).toBe(1);
    expect(await cli.run('sso', 'enable', 'myspace', '--school', 'LINCOLN-HS')).toBe(2);
    expect(await cli.run('sso', 'links', 'learner')).toBe(0);
    expect(cli.out.pop()).toContain('lincoln\tmaya.johnson@example.edu');
    expect(await cli.run('sso', 'unlink', 'learner', 'lincoln')).toBe(0);
    expect(await cli.run('sso', 'unlink', 'learner', 'lincoln')).toBe(1);
    const audit = await db().selectFrom('audit_events').select(['action', 'origin']).where('action', 'in', ['sso.settings', 'sso.unlink']).where('origin', '=', 'cli').execute();
    expect(audit.length).toBeGreaterThanOrEqual(4);
  });
});

describe('school sign-in: each bad input gets a clear page, creates nothing and is audited', () => {
  async function refusedWith(reason: string, run: () => Promise<{ response: { headers: Record<string, unknown> } }>) {
    const before = await counts();
    const { response } = await run();
    expect(String(response.headers.location)).toBe(`/login/school?problem=${reason}`);
    expect(await counts()).toEqual(before);
    expect(await lastRefusal()).toMatchObject({ reason });
  }

  it('a wrong state (not the one this browser was given)', async () => {
    await refusedWith('state', async () => {
      const started = await start(app());
      const { callbackUrl } = await atProvider(started.location, new CookieJar(), 'maya.johnson@example.edu');
      return { response: await callback(app(), callbackUrl, 'another-browsers-state') };
    });
  });

  it('a replayed state (the same answer delivered twice)', async () => {
    const started = await start(app());
    const { callbackUrl } = await atProvider(started.location, new CookieJar(), 'maya.johnson@example.edu');
    const first = await callback(app(), callbackUrl, started.cookie);
    expect(handoffOf(first)).toBeTruthy();
    await refusedWith('state', async () => ({ response: await callback(app(), callbackUrl, started.cookie) }));
  });

  it('a reused code (an answer the provider already redeemed, under a fresh state)', async () => {
    const first = await signInThroughSchool(app(), 'maya.johnson@example.edu');
    expect(handoffOf(first.response)).toBeTruthy();
    const code = new URL(first.callbackUrl).searchParams.get('code')!;
    await refusedWith('code', async () => {
      const again = await start(app());
      const state = new URL(again.location).searchParams.get('state')!;
      const url = new URL(first.callbackUrl);
      url.searchParams.set('state', state);
      url.searchParams.set('code', code);
      return { response: await callback(app(), url.href, again.cookie) };
    });
  });

  it('an expired ID token (judged after its lifetime)', async () => {
    await refusedWith('token', async () => {
      const started = await start(app());
      const { callbackUrl } = await atProvider(started.location, new CookieJar(), 'maya.johnson@example.edu');
      world.skew.ms = 60 * 60_000;
      try {
        return { response: await callback(app(), callbackUrl, started.cookie) };
      } finally {
        world.skew.ms = 0;
      }
    });
  });

  it('an unverified e-mail', async () => {
    await refusedWith('unverified-email', () => signInThroughSchool(app(), 'unverified.student@example.edu'));
  });

  it('an e-mail at a domain the school does not own', async () => {
    await refusedWith('domain', () => signInThroughSchool(app(), 'someone@elsewhere.org'));
  });

  it('a provider the school has not turned on (asked for by school, and turned off since linking)', async () => {
    await refusedWith('provider-off', async () => ({ response: (await start(app(), '/api/sso/start/lincoln?school=ROOSEVELT-AC')).response }));
    const admin = await signIn(app(), 'schooladmin');
    await serviceCall(app(), 'PUT', '/admin/sso', { token: admin.token, payload: { enabled: [] } });
    try {
      await refusedWith('provider-off', () => signInThroughSchool(app(), 'maya.johnson@example.edu'));
    } finally {
      await serviceCall(app(), 'PUT', '/admin/sso', { token: admin.token, payload: { enabled: ['lincoln'] } });
    }
  });

  it('a deactivated account', async () => {
    await db().updateTable('users').set({ deactivated_at: 1 }).where('user_name', '=', 'teacher').execute();
    try {
      await refusedWith('deactivated', () => signInThroughSchool(app(), 'james.whitaker@example.edu'));
    } finally {
      await db().updateTable('users').set({ deactivated_at: null }).where('user_name', '=', 'teacher').execute();
    }
  });

  it('a wrong issuer (an answer from another provider than the one the sign-in went to: a mix-up)', async () => {
    const other = await startLocalProvider({ db: world.t.db, redirectUri: `${PUBLIC_URL}/api/sso/callback/lincoln`, port: 0, host: '127.0.0.1' });
    try {
      await refusedWith('token', async () => {
        const started = await start(app());
        // the same request, sent to another real provider: its answer names its own issuer
        const elsewhere = new URL(started.location);
        const { origin } = new URL(other.issuer);
        const { callbackUrl } = await atProvider(`${origin}${elsewhere.pathname}${elsewhere.search}`, new CookieJar(), 'maya.johnson@example.edu');
        expect(new URL(callbackUrl).searchParams.get('iss')).toBe(other.issuer);
        return { response: await callback(app(), callbackUrl, started.cookie) };
      });
    } finally {
      await other.close();
    }
  });

  it('a wrong audience (an ID token minted for another app, from the right provider with its right key)', async () => {
    const { port } = new URL(world.local.issuer);
    const { clientSecret } = world.local.provider;
    const restart = (idTokenAudience?: string) =>
      startLocalProvider({ db: world.t.db, redirectUri: `${PUBLIC_URL}/api/sso/callback/lincoln`, port: Number(port), host: '127.0.0.1', clientSecret, signingKey: world.local.signingKey, idTokenAudience });
    await world.local.close();
    world.local = await restart('another-app');
    try {
      await refusedWith('token', () => signInThroughSchool(app(), 'maya.johnson@example.edu'));
    } finally {
      await world.local.close();
      world.local = await restart();
    }
    // the same provider, addressing its tokens to the app again, signs Maya in
    expect(handoffOf((await signInThroughSchool(app(), 'maya.johnson@example.edu')).response)).toBeTruthy();
  });

  it('a wrongly signed ID token (signed by a key the provider did not publish to the app)', async () => {
    // the app learned the district's key at an earlier sign-in; then a server at the same address,
    // with the same client, signs with another key under the same key id
    const first = await signInThroughSchool(app(), 'maya.johnson@example.edu');
    expect(handoffOf(first.response)).toBeTruthy();
    const { port } = new URL(world.local.issuer);
    await world.local.close();
    world.local = await startLocalProvider({
      db: world.t.db,
      redirectUri: `${PUBLIC_URL}/api/sso/callback/lincoln`,
      port: Number(port),
      host: '127.0.0.1',
      clientSecret: world.local.provider.clientSecret,
    });
    await refusedWith('token', () => signInThroughSchool(app(), 'maya.johnson@example.edu'));
  });

  it('the problem page reasons are each a plain sentence', async () => {
    const { SSO_PROBLEMS } = await import('../../src/common/sso');
    for (const sentence of Object.values(SSO_PROBLEMS)) expect(sentence).toMatch(/^[A-Z].*\.$/);
  });
});
