/**
 * Each input the fuzz suite found answered with a 500, pinned as a plain test (runs on SQLite in
 * `npm test` and on PostgreSQL in `npm run test:pg`, where the NUL and integer-range cases failed).
 */
import { API_MESSAGES } from '../../../src/common/apiMessages';
import { DEFAULT_APP_KEY } from '../../../src/common/constants';
import { service } from '../support/accounts';
import { appKeyHeader, authHeaders, createTestApp, messageOf, signIn, type TestApp } from '../support/testApp';

let t: TestApp;
let learner: string;

beforeAll(async () => {
  t = await createTestApp();
  learner = (await signIn(t.app, 'learner')).token;
});
afterAll(async () => {
  await t.close();
});

const multipart = (boundary: string, body: string, contentType = `multipart/form-data; boundary=${boundary}`) =>
  t.app.inject({ method: 'POST', url: '/api/service/multipart', headers: { ...appKeyHeader, 'content-type': contentType }, payload: body });

describe('fuzz findings', () => {
  it.each([
    ['sign-in user name', () => t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: 'learner\u0000', password: 'x', appKey: DEFAULT_APP_KEY } })],
    ['forgot-password login', () => service(t.app, 'POST', '/password/forgot', { login: 'a\u0000b' })],
    ['access code', () => service(t.app, 'POST', '/registration/code', { code: 'CODE\u0000' })],
    ['signed-in access code', () => service(t.app, 'POST', '/me/access-codes', { code: '\u0000' }, learner)],
    ['an object key', () => service(t.app, 'POST', '/password/forgot', { 'login\u0000': 'a' })],
    ['query params', () => t.app.inject({ method: 'POST', url: '/api/service', headers: authHeaders(learner), payload: { path: '/kb/search', params: { q: 'tax\u0000es' } } })],
  ])('text holding U+0000 is a 400 with a message, not a PostgreSQL error (%s)', async (_name, send) => {
    const response = await send();
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(API_MESSAGES.nulCharacter);
  });

  it('a JSON text with an escaped backslash before "u0000" is not mistaken for a NUL', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/service',
      headers: { ...authHeaders(learner), 'content-type': 'application/json' },
      payload: '{"path":"/kb/search","params":{"q":"\\\\u0000"}}',
    });
    expect(response.statusCode).toBe(200);
  });

  it('a NUL nested deeper than the check walks is refused too', async () => {
    const deep = `${'['.repeat(300)}"\\u0000"${']'.repeat(300)}`;
    const response = await t.app.inject({ method: 'POST', url: '/api/service', headers: { ...appKeyHeader, 'content-type': 'application/json' }, payload: `{"path":"/status","payload":${deep}}` });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(API_MESSAGES.nulCharacter);
  });

  it('a NUL in the proxy request of a multipart form is a 400 too', async () => {
    const body = `--b\r\nContent-Disposition: form-data; name="request"\r\n\r\n{"path":"/status","params":{"a":"\\u0000"}}\r\n--b--\r\n`;
    const response = await multipart('b', body);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(API_MESSAGES.nulCharacter);
  });

  it.each([
    ['no boundary', 'multipart/form-data'],
    ['an empty boundary', 'multipart/form-data; boundary='],
  ])('a multipart form with %s is a 400 with a message', async (_name, contentType) => {
    const response = await multipart('x', '--x\r\n\r\n', contentType);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(API_MESSAGES.badMultipartForm);
  });

  it('a multipart form cut short or with a broken part header is a 4xx with a message', async () => {
    for (const body of ['--b\r\nContent-Disposition: form-data; name="request"\r\n\r\n{"path":"/status"}', '--b\r\nbroken header\r\n\r\nx\r\n--b--\r\n']) {
      const response = await multipart('b', body);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(messageOf(response)).toBeTruthy();
    }
  });

  it.each([
    ['an array', ['CODE']],
    ['an object', { toString: 'x' }],
  ])('a payload field a schema transform cannot read (%s for a trimmed string) is a 400', async (_name, code) => {
    const response = await service(t.app, 'POST', '/registration/code', { code });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBeTruthy();
  });

  it.each(['2147483648', '9999999999'])('a bookmark id past the 32-bit range (%s) is a 400, not a PostgreSQL range error', async (id) => {
    const response = await service(t.app, 'DELETE', `/bookmarks/${id}`, undefined, learner);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBeTruthy();
  });
});
