/** The language a person chooses is saved with their account and comes back with every session. */
import { LANGUAGE_MESSAGES } from '../../src/common/language';
import type { Envelope, SessionIdentity } from '../../src/common/types';
import { service } from './support/accounts';
import { authHeaders, createTestApp, messageOf, signIn, type TestApp } from './support/testApp';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const identity = async (token: string): Promise<SessionIdentity> =>
  ((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(token) })).json() as Envelope<SessionIdentity>).body;

it('no language until one is chosen: the user keeps SPEC §3\'s shape', async () => {
  const session = await signIn(t.app, 'learner');
  expect(session.user).not.toHaveProperty('language');
  expect(await identity(session.token)).not.toHaveProperty(['user', 'language']);
});

it('saves the choice; it comes with the session, here and at the next sign-in on another computer', async () => {
  const { token } = await signIn(t.app, 'learner');
  const saved = await service(t.app, 'PUT', '/me/language', { language: 'es' }, token);
  expect(saved.statusCode).toBe(200);
  expect(saved.json()).toMatchObject({ language: 'es', message: LANGUAGE_MESSAGES.languageSaved });
  expect((await identity(token)).user.language).toBe('es');
  expect((await signIn(t.app, 'learner')).user.language).toBe('es');
  expect((await service(t.app, 'GET', '/me/profile', undefined, token)).json()).toMatchObject({ user: { language: 'es' } });

  await service(t.app, 'PUT', '/me/language', { language: 'en' }, token);
  expect((await signIn(t.app, 'learner')).user.language).toBe('en');
});

it('one person\'s choice is theirs alone', async () => {
  const { token } = await signIn(t.app, 'learner');
  await service(t.app, 'PUT', '/me/language', { language: 'es' }, token);
  expect((await signIn(t.app, 'multi')).user).not.toHaveProperty('language');
});

it.each([
  ['an unknown language', { language: 'fr' }],
  ['no language', {}],
  ['a language that is not a string', { language: 1 }],
  ['another account named', { language: 'es', userId: 1 }],
])('refuses %s with 400 and a message', async (_name, payload) => {
  const { token } = await signIn(t.app, 'learner');
  const res = await service(t.app, 'PUT', '/me/language', payload, token);
  expect(res.statusCode).toBe(400);
  expect(messageOf(res)).toBeTruthy();
  expect((await identity(token)).user).not.toHaveProperty('language');
});

it('needs a session', async () => {
  const res = await service(t.app, 'PUT', '/me/language', { language: 'es' });
  expect(res.statusCode).toBe(401);
});
