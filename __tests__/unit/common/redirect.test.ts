import { DEFAULT_AFTER_LOGIN, loginPathFor, safeRedirect } from '../../../src/common/redirect';

describe('redirect after login (SPEC §2, same-site paths only)', () => {
  it('[S2.15] goes to /app without a redirect', () => {
    expect(DEFAULT_AFTER_LOGIN).toBe('/app');
    expect(safeRedirect(null)).toBe('/app');
    expect(safeRedirect(undefined)).toBe('/app');
    expect(safeRedirect('')).toBe('/app');
  });

  it.each([
    '/app/profile',
    '/app/catalog/money-basics/material/budgets',
    '/app/resources/budget-wizard/12?tab=2#top',
    '/intro',
    '/loginx',
  ])('[S2.15] honours the same-site path %p', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    ['an absolute URL', 'https://evil.example/app'],
    ['a protocol-relative URL', '//evil.example/app'],
    ['a back-slash trick', '/\\evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'app/profile'],
    ['a control character', '/app\n/profile'],
    ['a back-slash inside', '/app\\..\\x'],
    ['the login page', '/login'],
    ['the login page with a query', '/login?redirect=/app'],
    ['the sign-out page', '/signout'],
  ])('[S2.15] refuses %s → /app', (_label, value) => {
    expect(safeRedirect(value)).toBe('/app');
  });

  it.each([
    ['/app/profile', '/login?redirect=%2Fapp%2Fprofile'],
    ['/app/catalog?x=1&y=2', '/login?redirect=%2Fapp%2Fcatalog%3Fx%3D1%26y%3D2'],
  ])('[S2.13] loginPathFor(%p) = %p and round-trips', (wanted, expected) => {
    const path = loginPathFor(wanted);
    expect(path).toBe(expected);
    expect(new URLSearchParams(path.split('?')[1]).get('redirect')).toBe(wanted);
  });
});
