/** Profile, e-mail re-verification, access codes, external ids, the school switch. */
import { ACCOUNT_MESSAGES } from '../../src/common/accounts';
import type { Client } from '../../src/common/types';
import { createProduct } from '../../src/server/services/accounts/admin';
import { codeFromMail, lastMail, newCode, service } from './support/accounts';
import { failCommitsWriting } from './support/faults';
import { authHeaders, createTestApp, messageOf, serviceCall, signIn, type TestApp } from './support/testApp';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

it('[S3.03] reads and updates the profile; a new e-mail needs its code', async () => {
  const { token } = await signIn(t.app, 'learner');
  const profile = (await service(t.app, 'GET', '/me/profile', undefined, token)).json();
  expect(profile).toMatchObject({ user: { userName: 'learner', timezone: 'America/New_York' }, products: [], pendingEmail: null });
  const saved = await service(t.app, 'PUT', '/me/profile', { firstName: 'Maya', lastName: 'J.', email: 'maya.johnson@example.edu', timezone: 'America/Denver' }, token);
  expect(saved.json()).toMatchObject({ user: { lastName: 'J.', timezone: 'America/Denver' }, pendingEmail: null, message: ACCOUNT_MESSAGES.profileSaved });
  const badZone = await service(t.app, 'PUT', '/me/profile', { firstName: 'Maya', lastName: 'J.', email: 'maya.johnson@example.edu', timezone: 'Mars/Olympus' }, token);
  expect(badZone.statusCode).toBe(400);

  const changing = await service(t.app, 'PUT', '/me/profile', { firstName: 'Maya', lastName: 'J.', email: 'maya@new.example.edu', timezone: 'America/Denver' }, token);
  expect(changing.json()).toMatchObject({ user: { userEmail: 'maya.johnson@example.edu' }, pendingEmail: 'maya@new.example.edu', message: ACCOUNT_MESSAGES.emailChangeSent });
  const code = codeFromMail((await lastMail(t.db, 'maya@new.example.edu'))?.text_body ?? '');
  expect((await service(t.app, 'POST', '/me/email/verify', { code: code === '000000' ? '111111' : '000000' }, token)).statusCode).toBe(400);
  const confirmed = await service(t.app, 'POST', '/me/email/verify', { code }, token);
  expect(confirmed.json()).toMatchObject({ user: { userEmail: 'maya@new.example.edu' }, message: ACCOUNT_MESSAGES.emailChanged });
  expect(messageOf(await service(t.app, 'POST', '/me/email/verify', { code }, token))).toBe(ACCOUNT_MESSAGES.noPendingEmail);
});

it('a right e-mail code whose change fails is not used up: the same code sent again changes the address', async () => {
  const { token } = await signIn(t.app, 'learner');
  await service(t.app, 'PUT', '/me/profile', { firstName: 'Maya', lastName: 'J.', email: 'maya@new.example.edu', timezone: 'America/Denver' }, token);
  const code = codeFromMail((await lastMail(t.db, 'maya@new.example.edu'))?.text_body ?? '');
  const letThrough = await failCommitsWriting(t.db, 'users', 'UPDATE');
  const failed = await service(t.app, 'POST', '/me/email/verify', { code }, token);
  await letThrough();
  expect(failed.statusCode).toBeGreaterThanOrEqual(500);
  const retried = await service(t.app, 'POST', '/me/email/verify', { code }, token);
  expect(retried.json()).toMatchObject({ user: { userEmail: 'maya@new.example.edu' }, message: ACCOUNT_MESSAGES.emailChanged });
});

it('adds an access code: joins the school and product; lists it; distinct messages for bad codes', async () => {
  const { token } = await signIn(t.app, 'learner');
  const code = await newCode(t.db, t.clock(), { school: 'ROOSEVELT-AC' });
  const added = await service(t.app, 'POST', '/me/access-codes', { code }, token);
  expect(added.statusCode).toBe(200);
  expect(added.json()).toMatchObject({
    message: ACCOUNT_MESSAGES.accessCodeAdded('Roosevelt Academy', 'Cashwise Financial Literacy'),
    clients: [{ lsclientID: 'LINCOLN-HS' }, { lsclientID: 'ROOSEVELT-AC' }],
  });
  const again = await service(t.app, 'POST', '/me/access-codes', { code }, token);
  expect([again.statusCode, messageOf(again)]).toEqual([409, ACCOUNT_MESSAGES.accessCodeAlreadyRedeemed]);
  expect(messageOf(await service(t.app, 'POST', '/me/access-codes', { code: 'ZZZZ-ZZZZ-ZZZZ' }, token))).toBe(ACCOUNT_MESSAGES.accessCodeNotFound);
  const expired = await newCode(t.db, t.clock(), { expiresAt: t.clock() + 10 });
  t.clock.advance(20);
  expect(messageOf(await service(t.app, 'POST', '/me/access-codes', { code: expired }, token))).toBe(ACCOUNT_MESSAGES.accessCodeExpired);
  const listed = (await service(t.app, 'GET', '/me/access-codes', undefined, token)).json() as { code: string }[];
  expect(listed).toEqual([{ code: code.replace(/-/g, ''), schoolName: 'Roosevelt Academy', productName: 'Cashwise Financial Literacy', redeemedAt: expect.any(Number) }]);
  // another learner sees none of it
  const other = await signIn(t.app, 'multi');
  expect((await service(t.app, 'GET', '/me/access-codes', undefined, other.token)).json()).toEqual([]);
});

it('sets the external id of an owned product only', async () => {
  await createProduct(t.db, 'SID', 'Cashwise with Student ID', 'Student ID');
  const { token } = await signIn(t.app, 'learner');
  await service(t.app, 'POST', '/me/access-codes', { code: await newCode(t.db, t.clock(), { product: 'SID' }) }, token);
  const { products } = (await service(t.app, 'GET', '/me/profile', undefined, token)).json() as { products: { productId: number }[] };
  const id = products[0]?.productId ?? 0;
  const set = await service(t.app, 'PUT', `/me/products/${id}/external-id`, { externalId: 'S-42' }, token);
  expect(set.json()).toMatchObject({ productId: id, externalId: 'S-42', externalIdLabel: 'Student ID' });
  expect((await service(t.app, 'GET', `/me/products/${id}`, undefined, token)).json()).toMatchObject({ externalId: 'S-42' });
  const other = await signIn(t.app, 'multi');
  expect((await service(t.app, 'GET', `/me/products/${id}`, undefined, other.token)).statusCode).toBe(404);
  expect((await service(t.app, 'GET', '/me/products/abc', undefined, token)).statusCode).toBe(404);
});

it("a second school's access code for the same product adds that school's course (QA: Courses listed only the first)", async () => {
  const { token } = await signIn(t.app, 'learner');
  await service(t.app, 'POST', '/me/access-codes', { code: await newCode(t.db, t.clock(), { school: 'LINCOLN-HS' }) }, token);
  t.clock.advance(1000);
  const added = await service(t.app, 'POST', '/me/access-codes', { code: await newCode(t.db, t.clock(), { school: 'ROOSEVELT-AC' }) }, token);
  const courses = [
    { productName: 'Cashwise Financial Literacy', schoolName: 'Lincoln High School', lsclientID: 'LINCOLN-HS' },
    { productName: 'Cashwise Financial Literacy', schoolName: 'Roosevelt Academy', lsclientID: 'ROOSEVELT-AC' },
  ];
  expect(added.json()).toMatchObject({ products: courses });
  const { products } = (await service(t.app, 'GET', '/me/profile', undefined, token)).json() as { products: { productId: number }[] };
  expect(products).toMatchObject(courses);
});

it("each school's course of a product keeps its own student id, named by the school query value", async () => {
  await createProduct(t.db, 'SID', 'Cashwise with Student ID', 'Student ID');
  const { token } = await signIn(t.app, 'learner');
  await service(t.app, 'POST', '/me/access-codes', { code: await newCode(t.db, t.clock(), { product: 'SID', school: 'LINCOLN-HS' }) }, token);
  t.clock.advance(1000);
  await service(t.app, 'POST', '/me/access-codes', { code: await newCode(t.db, t.clock(), { product: 'SID', school: 'ROOSEVELT-AC' }) }, token);
  const { products } = (await service(t.app, 'GET', '/me/profile', undefined, token)).json() as { products: { productId: number }[] };
  const id = products[0]?.productId ?? 0;
  const withSchool = (method: string, path: string, school: string, payload?: unknown) => serviceCall(t.app, method, path, { token, params: { school }, payload });
  expect((await withSchool('PUT', `/me/products/${id}/external-id`, 'roosevelt-ac', { externalId: 'R-7' })).json()).toMatchObject({ lsclientID: 'ROOSEVELT-AC', externalId: 'R-7' });
  expect((await withSchool('GET', `/me/products/${id}`, 'LINCOLN-HS')).json()).toMatchObject({ lsclientID: 'LINCOLN-HS', externalId: null });
  expect((await withSchool('GET', `/me/products/${id}`, 'NOPE')).statusCode).toBe(404);
  // without a school: the product's first course
  expect((await service(t.app, 'GET', `/me/products/${id}`, undefined, token)).json()).toMatchObject({ lsclientID: 'LINCOLN-HS' });
});

it('[S1.03] switches the current school on the server, so the next session has it first', async () => {
  const { token } = await signIn(t.app, 'multi');
  const switched = await service(t.app, 'PUT', '/me/schools/current', { lsclientID: 'roosevelt-ac' }, token);
  expect((switched.json() as { clients: Client[] }).clients.map((c) => c.lsclientID)).toEqual(['ROOSEVELT-AC', 'LINCOLN-HS']);
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(token) });
  expect((me.json() as { body: { clients: Client[] } }).body.clients[0]?.lsclientID).toBe('ROOSEVELT-AC');
  expect((await signIn(t.app, 'multi')).clients[0]?.lsclientID).toBe('ROOSEVELT-AC');
  expect((await service(t.app, 'PUT', '/me/schools/current', { lsclientID: 'NOPE' }, token)).statusCode).toBe(404);
});
