/**
 * School sign-in through OpenID Connect against the real local provider ("Lincoln district
 * sign-in"): the SPEC's session after it, linking rules, and each bad input of docs/sso.md
 * "Refusals": a clear page, nothing created, an audit entry.
 */
import { DEFAULT_APP_KEY } from '../../src/common/constants';
import type { Session } from '../../src/common/types';
import { callback, CookieJar, atProvider, handoffOf, problemOf, signInThroughSchool, signInWorld, start, type SignInWorld } from './support/schoolSignIn';
import { serviceCall, signIn } from './support/testApp';

let world: SignInWorld;

beforeAll(async () => {
  world = await signInWorld([
    { email: 'unverified.student@example.edu', emailVerified: false, givenName: 'Una', familyName: 'Verified' },
    { email: 'someone@elsewhere.org', emailVerified: true, givenName: 'Sam', familyName: 'Else' },
    { email: 'new.student@example.edu', emailVerified: true, givenName: 'Nia', familyName: 'New' },
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
