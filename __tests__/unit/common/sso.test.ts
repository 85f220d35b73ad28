/** School sign-in's pure rules: domains, e-mail domains, the Classroom share address, the settings. */
import { classroomShareUrl, emailDomain, normalizeDomain } from '../../../src/common/sso';
import { loadSsoConfig } from '../../../src/server/sso/config';

describe('school sign-in: domains', () => {
  it.each([
    ['lincoln.example.edu', 'lincoln.example.edu'],
    ['  Example.EDU ', 'example.edu'],
    ['@example.edu', 'example.edu'],
    ['not a domain', null],
    ['example', null],
    ['-bad.example.edu', null],
    ['', null],
  ])('normalizeDomain(%j) is %j', (raw, expected) => {
    expect(normalizeDomain(raw)).toBe(expected);
  });

  it.each([
    ['aiden.martinez@Example.edu', 'example.edu'],
    ['no-at-sign', null],
    ['@example.edu', null],
  ])('emailDomain(%j) is %j', (email, expected) => {
    expect(emailDomain(email)).toBe(expected);
  });

  it('shares a page to Google Classroom by its address', () => {
    expect(classroomShareUrl('https://cashwise.example.org/app/catalog/budgeting?x=1')).toBe('https://classroom.google.com/share?url=https%3A%2F%2Fcashwise.example.org%2Fapp%2Fcatalog%2Fbudgeting%3Fx%3D1');
  });
});

describe('school sign-in: settings from the environment', () => {
  it('turns a provider on only with its id and secret, with its default issuer', () => {
    expect(loadSsoConfig({}, false, 3000)).toEqual({ sso: { providers: [], localProvider: { enabled: true, port: 3001 } }, problems: [] });
    const { sso } = loadSsoConfig({ SSO_GOOGLE_CLIENT_ID: 'id', SSO_GOOGLE_CLIENT_SECRET: 'secret' }, false, 3000);
    expect(sso.providers).toEqual([{ id: 'google', issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 'secret' }]);
  });

  it('never runs the local provider in production unless asked', () => {
    expect(loadSsoConfig({}, true, 3000).sso.localProvider.enabled).toBe(false);
    expect(loadSsoConfig({ SSO_LOCAL_PROVIDER: 'on' }, true, 3000).sso.localProvider.enabled).toBe(true);
    expect(loadSsoConfig({ SSO_LOCAL_PROVIDER: 'off' }, false, 3000).sso.localProvider.enabled).toBe(false);
  });

  it.each([
    [{ SSO_CLEVER_CLIENT_ID: 'id' }, 'SSO_CLEVER_CLIENT_ID and SSO_CLEVER_CLIENT_SECRET go together'],
    [{ SSO_MICROSOFT_CLIENT_ID: 'id', SSO_MICROSOFT_CLIENT_SECRET: 's' }, 'SSO_MICROSOFT_ISSUER must be'],
    [{ SSO_GOOGLE_CLIENT_ID: 'id', SSO_GOOGLE_CLIENT_SECRET: 's', SSO_GOOGLE_ISSUER: 'http://accounts.google.com' }, 'SSO_GOOGLE_ISSUER must be'],
    [{ SSO_LOCAL_PROVIDER: 'maybe' }, 'SSO_LOCAL_PROVIDER must be on or off'],
    [{ SSO_LOCAL_PROVIDER_PORT: '70000' }, 'SSO_LOCAL_PROVIDER_PORT must be a port number'],
  ])('refuses %j', (env, problem) => {
    expect(loadSsoConfig(env, false, 3000).problems.join(' ')).toContain(problem);
  });
});
