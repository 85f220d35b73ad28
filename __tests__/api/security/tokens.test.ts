/**
 * Tokens (OWASP ASVS 5.0 V9 Self-contained Tokens, V7 Session Management): every
 * forged, altered, foreign, stale, revoked or renewed-away token — and the e-mailed secrets that are
 * not session tokens at all — is refused with 401 and a message by /api/auth/user, /api/auth/renew
 * and an authenticated proxy call alike. Forgeries are signed with jose against the real server.
 */
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { SignJWT, base64url, exportJWK, importPKCS8 } from 'jose';
import { API_MESSAGES } from '../../../src/common/apiMessages';
import type { Envelope, Session } from '../../../src/common/types';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../../src/server/security/tokens';
import { codeFromMail, lastMail, service } from '../support/accounts';
import { authHeaders, createTestApp, messageOf, signIn, type TestApp } from '../support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const enc = (value: object) => base64url.encode(JSON.stringify(value));
const partsOf = (token: string) => token.split('.') as [string, string, string];
const claimsOf = (token: string) => JSON.parse(Buffer.from(partsOf(token)[1], 'base64url').toString('utf8')) as Record<string, unknown>;

/** The three authenticated doors; each must answer 401 with a message for a bad token. */
async function expectRefusedEverywhere(token: string): Promise<void> {
  const answers = await Promise.all([
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(token) }),
    t.app.inject({ method: 'POST', url: '/api/auth/renew', headers: authHeaders(token) }),
    t.app.inject({
      method: 'POST',
      url: '/api/service',
      headers: authHeaders(token),
      payload: { service: 'OneLook', method: 'GET', path: '/me/schools' },
    }),
  ]);
  for (const answer of answers) {
    expect(answer.statusCode).toBe(401);
    expect(messageOf(answer)).toBe(API_MESSAGES.invalidSession);
    expect(answer.body).not.toContain('Maya');
  }
}

/** A token signed with the server's own key, with whatever header and claims a test wants. */
async function signedWithServerKey(claims: Record<string, unknown>, header: Record<string, unknown> = {}): Promise<string> {
  // by hand (not SignJWT), so headers jose itself would refuse to write (crit) can be sent too
  const input = `${enc({ alg: 'HS256', typ: 'JWT', ...header })}.${enc(claims)}`;
  return `${input}.${createHmac('sha256', t.config.tokenSecret).update(input).digest('base64url')}`;
}

describe('[ASVS 5.0 V9.1] token source and integrity', () => {
  let session: Session;
  let claims: Record<string, unknown>;
  beforeEach(async () => {
    session = await signIn(t.app, 'learner');
    claims = claimsOf(session.token);
  });

  it('[ASVS 5.0 v9.1.1] the genuine token works (the control for every refusal below)', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(session.token) });
    expect(answer.statusCode).toBe(200);
  });

  it('[ASVS 5.0 v9.1.2] alg "none" (in any spelling) is refused, with or without a signature', async () => {
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      const [, payload, signature] = partsOf(session.token);
      await expectRefusedEverywhere(`${enc({ alg, typ: 'JWT' })}.${payload}.`);
      await expectRefusedEverywhere(`${enc({ alg, typ: 'JWT' })}.${payload}.${signature}`);
    }
  });

  it('[ASVS 5.0 v9.1.2] HS/RS confusion: an RS256 token, and an HS256 token keyed with a public key, are refused', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rsKey = await importPKCS8(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'RS256');
    const rs256 = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).sign(rsKey);
    await expectRefusedEverywhere(rs256);
    // the classic confusion: the attacker MACs with the (public) RSA key as if it were the HMAC secret
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const confused = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(publicPem));
    await expectRefusedEverywhere(confused);
    // other HMAC sizes with the REAL key are still another algorithm: refused
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).sign(t.config.tokenSecret);
    await expectRefusedEverywhere(hs512);
  });

  it('[ASVS 5.0 v9.1.1] a tampered payload (another user, a later exp) with the original signature is refused', async () => {
    const [header, , signature] = partsOf(session.token);
    const other = await signIn(t.app, 'admin');
    await expectRefusedEverywhere(`${header}.${enc({ ...claims, sub: String(other.user.id) })}.${signature}`);
    await expectRefusedEverywhere(`${header}.${enc({ ...claims, exp: Number(claims.exp) + 86_400 })}.${signature}`);
    // one flipped character of the signature — in the middle: the last base64url character of a
    // 32-byte signature carries 2 unused bits, so A→B there can decode to the very same bytes
    const at = 10;
    const flipped = `${signature.slice(0, at)}${signature[at] === 'A' ? 'B' : 'A'}${signature.slice(at + 1)}`;
    await expectRefusedEverywhere(`${header}.${partsOf(session.token)[1]}.${flipped}`);
  });

  it('[ASVS 5.0 v9.1.1] an empty or missing signature is refused', async () => {
    const [header, payload] = partsOf(session.token);
    await expectRefusedEverywhere(`${header}.${payload}.`);
    await expectRefusedEverywhere(`${header}.${payload}`);
  });

  it('[ASVS 5.0 v9.1.1] a token signed with another secret is refused', async () => {
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new Uint8Array(32).fill(7));
    await expectRefusedEverywhere(forged);
  });

  it('[ASVS 5.0 v9.1.3] jku, jwk, kid, x5u, x5c and crit headers are refused, even on a token MACed with the real key', async () => {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const headers: Record<string, unknown>[] = [
      { jku: 'https://attacker.example/jwks.json' },
      { jwk: await exportJWK(publicKey) },
      { kid: '../../../../dev/null' },
      { kid: 'cashwise' },
      { x5u: 'https://attacker.example/cert.pem' },
      { x5c: ['MIIB'] },
      { crit: ['exp'] },
    ];
    for (const header of headers) await expectRefusedEverywhere(await signedWithServerKey(claims, header));
  });
});

describe('[ASVS 5.0 V9.2] token content', () => {
  let session: Session;
  let claims: Record<string, unknown>;
  beforeEach(async () => {
    session = await signIn(t.app, 'learner');
    claims = claimsOf(session.token);
  });

  it('[ASVS 5.0 v9.2.3] [ASVS 5.0 v9.2.4] a token for another issuer or audience is refused, even with the real key and a live session', async () => {
    await expectRefusedEverywhere(await signedWithServerKey({ ...claims, iss: 'someone-else' }));
    await expectRefusedEverywhere(await signedWithServerKey({ ...claims, aud: 'cashwise-admin' }));
    await expectRefusedEverywhere(await signedWithServerKey({ ...claims, aud: [TOKEN_AUDIENCE.toUpperCase()] }));
    const { iss: _iss, ...noIssuer } = claims;
    await expectRefusedEverywhere(await signedWithServerKey(noIssuer));
    // the control: the same forgery with the right iss/aud IS accepted (the key is the server's)
    const control = await signedWithServerKey({ ...claims, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(control) })).statusCode).toBe(200);
  });

  it('[ASVS 5.0 v9.2.1] a token past its exp is refused (no skew on the server), even when its session row still lives', async () => {
    const nowSeconds = Math.floor(t.clock() / 1000);
    await expectRefusedEverywhere(await signedWithServerKey({ ...claims, exp: nowSeconds - 1 }));
    await expectRefusedEverywhere(await signedWithServerKey({ ...claims, exp: nowSeconds - 3600 }));
    const { exp: _exp, ...noExpiry } = claims;
    await expectRefusedEverywhere(await signedWithServerKey(noExpiry));
    // the genuine token, one second after its exp
    const exp = Number(claims.exp) * 1000;
    const before = t.clock();
    t.clock.set(exp + 1000);
    try {
      await expectRefusedEverywhere(session.token);
    } finally {
      t.clock.set(before);
    }
  });

  it('[ASVS 5.0 v9.2.2] a genuine token whose jti names another user\'s session is refused', async () => {
    const other = await signIn(t.app, 'multi');
    const otherJti = claimsOf(other.token).jti;
    await expectRefusedEverywhere(await signedWithServerKey({ ...claims, jti: otherJti }));
    await expectRefusedEverywhere(await signedWithServerKey({ ...claims, jti: 'no-such-session' }));
  });
});

describe('[ASVS 5.0 V7.4] terminated sessions stay dead', () => {
  it('[ASVS 5.0 v7.4.1] a signed-out (revoked) token is refused', async () => {
    const session = await signIn(t.app, 'learner');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: authHeaders(session.token) });
    expect(out.statusCode).toBe(204);
    await expectRefusedEverywhere(session.token);
  });

  it('[ASVS 5.0 v7.2.4] [ASVS 5.0 v7.4.1] renewal replaces the token: the old one is refused afterwards (docs/server.md: "the old token is revoked")', async () => {
    const session = await signIn(t.app, 'learner');
    t.clock.advance(60_000);
    const renewed = await t.app.inject({ method: 'POST', url: '/api/auth/renew', headers: authHeaders(session.token) });
    expect(renewed.statusCode).toBe(200);
    const next = (renewed.json() as Envelope<Session>).body.token;
    expect(next).not.toBe(session.token);
    await expectRefusedEverywhere(session.token);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(next) })).statusCode).toBe(200);
  });
});

describe('[ASVS 5.0 v9.2.2] e-mailed secrets are not session tokens', () => {
  it('[ASVS 5.0 v9.2.2] [ASVS 5.0 v6.4.1] a password-reset code used as a Bearer token is refused, and stays usable for its own purpose', async () => {
    await service(t.app, 'POST', '/password/forgot', { login: 'learner' }, undefined, '10.77.0.1');
    const mail = await lastMail(t.db, 'maya.johnson@example.edu');
    const code = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1] ?? '';
    expect(code.length).toBeGreaterThanOrEqual(43);
    await expectRefusedEverywhere(code);
    expect((await service(t.app, 'POST', '/password/reset/check', { code })).statusCode).toBe(200);
  });

  it('[ASVS 5.0 v9.2.2] an e-mailed verification code used as a Bearer token is refused', async () => {
    const session = await signIn(t.app, 'learner');
    const profile = await service(
      t.app,
      'PUT',
      '/me/profile',
      { firstName: 'Maya', lastName: 'Johnson', email: 'maya.new@example.edu', timezone: 'America/Chicago' },
      session.token,
    );
    expect(profile.statusCode).toBe(200);
    const code = codeFromMail((await lastMail(t.db, 'maya.new@example.edu'))?.text_body ?? '');
    await expectRefusedEverywhere(code);
  });

  it('[ASVS 5.0 v7.2.1] garbage, an empty Bearer and a non-Bearer scheme are 401 with a message', async () => {
    await expectRefusedEverywhere('not-a-token');
    await expectRefusedEverywhere('a.b.c');
    for (const authorization of ['Bearer', 'Bearer ', 'Basic bGVhcm5lcjpkZW1vLXBhc3N3b3Jk', 'Token abc']) {
      const answer = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { ...authHeaders('x'), authorization } });
      expect(answer.statusCode).toBe(401);
      expect(messageOf(answer)).toEqual(expect.any(String));
    }
  });
});
