/**
 * The foundation's user path in real Chromium: the guard, sign-in, titles, every public page, sign-out —
 * with an axe-core check of each page visited.
 */
import type { Page, Route } from 'playwright-core';
import { expectAccessible, openBrowser, signIn, signInAs } from './support/browser';

let page: Page;
openBrowser('test', (o) => ({ page } = o));

describe('foundation: the way in and around', () => {
  it('[S2.13] [S2.15] a signed-out visit to /app/profile goes to /login?redirect=… and, after sign-in, to the profile', async () => {
    await page.goto('/app/profile');
    await page.waitForURL(/\/login\?redirect=%2Fapp%2Fprofile$/);
    await expect(page.title()).resolves.toBe('Sign In - Cashwise');
    await expectAccessible(page);
    await signIn(page, 'learner');
    await page.waitForURL('**/app/profile');
    await expect(page.title()).resolves.toBe('Profile - Cashwise');
    await expectAccessible(page);
  });

  it('[S2.01] [S2.15] [S2.17] [S1.04] signing in as learner lands on /app titled "Home - Cashwise" with the version shown', async () => {
    await signInAs(page, 'learner');
    await expect(page.title()).resolves.toBe('Home - Cashwise');
    await expect(page.getByText('2.0.16-main').first().isVisible()).resolves.toBe(true);
    await expectAccessible(page);
  });

  it('[S3.01] the stored session sits under cc:auth with token, user, clients and permissions', async () => {
    await signInAs(page, 'multi');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cc:auth') ?? 'null'));
    expect(Object.keys(stored).sort()).toEqual(['clients', 'permissions', 'token', 'user']);
    expect(stored.clients.map((c: { clientName: string }) => c.clientName)).toEqual([
      'Lincoln High School',
      'Roosevelt Academy',
    ]);
  });

  it('[S2.14] a signed-in user opening /login is sent to /app', async () => {
    await signInAs(page, 'learner');
    await page.goto('/login');
    await page.waitForURL('**/app');
    await expect(page.title()).resolves.toBe('Home - Cashwise');
  });

  it('[S4.11] /signout ends the session: cc:auth is cleared, /login is shown, and /app asks to sign in again', async () => {
    await signInAs(page, 'learner');
    await page.goto('/signout');
    await page.waitForURL('**/login');
    await expect(page.evaluate(() => localStorage.getItem('cc:auth'))).resolves.toBeNull();
    await page.goto('/app');
    await page.waitForURL(/\/login\?redirect=%2Fapp$/);
  });

  it('[S8.06] a wrong password gets a clear message and stays on /login', async () => {
    await page.goto('/login');
    await signIn(page, 'learner', 'not-the-password');
    // the page's own words, not the server's "The user name or password is incorrect."
    await page.getByRole('alert').filter({ hasText: 'Your user name or password is incorrect. Please check them and try again.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await expectAccessible(page);
  });

  it.each<[string, (route: Route) => Promise<void>, string]>([
    [
      'a lock-out (429 with Retry-After)',
      (route) => route.fulfill({ status: 429, headers: { 'retry-after': '300' }, json: { message: 'Too many sign-in attempts' } }),
      'Too many sign-in attempts. For your security, please wait 5 minutes and try again.',
    ],
    [
      "the server's failure (500)",
      (route) => route.fulfill({ status: 500, json: { message: 'Something went wrong on our side. Please try again.' } }),
      'Cashwise has a problem on its side right now, so you could not be signed in. Please try again in a few minutes. If it keeps happening, tell your teacher or contact support.',
    ],
    [
      'an answer without a session',
      (route) => route.fulfill({ status: 200, json: { body: {} } }),
      'Cashwise has a problem on its side right now, so you could not be signed in. Please try again in a few minutes. If it keeps happening, tell your teacher or contact support.',
    ],
    [
      'no answer at all',
      (route) => route.abort('internetdisconnected'),
      "We can't reach Cashwise right now. Check your internet connection and try again in a moment.",
    ],
  ])('[S8.06] %s: the sign-in page says so and stays on /login', async (_label, answer, words) => {
    await page.route('**/api/auth', answer);
    await page.goto('/login');
    await signIn(page, 'learner');
    await page.getByRole('alert').filter({ hasText: words }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(page.evaluate(() => localStorage.getItem('cc:auth'))).resolves.toBeNull();
    await expectAccessible(page);
  });

  it.each([
    ['/about-us', 'About Cashwise - Cashwise'],
    ['/terms-of-use', 'Terms of Use - Cashwise'],
    ['/privacy-policy', 'Privacy Policy - Cashwise'],
  ])('[S2.09] [S6.03] the public page %s opens signed out, titled %p', async (path, title) => {
    await page.goto(path);
    await page.waitForFunction((t) => document.title === t, title);
    expect(new URL(page.url()).pathname).toBe(path);
    await expectAccessible(page);
  });

  it('keyboard focus is a clear ring on buttons (white on the app bar), not only on links', async () => {
    await signInAs(page, 'learner');
    const ringOf = async (name: string) => {
      const button = page.getByRole('button', { name, exact: true }).first();
      await button.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab'); // focus by keyboard, so :focus-visible applies
      return button.evaluate((el) => {
        const style = getComputedStyle(el);
        return { focused: el === document.activeElement, ring: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}` };
      });
    };
    await expect(ringOf('Get Help')).resolves.toEqual({ focused: true, ring: 'solid 3px rgb(255, 255, 255)' });
    await page.goto('/app/resources/budget-wizard/create');
    await expect(ringOf('Next')).resolves.toEqual({ focused: true, ring: 'solid 3px rgb(13, 71, 161)' });
  });

  it('[S2.06] a non-numeric budget id shows Not Found, never a crash', async () => {
    await signInAs(page, 'learner');
    await page.goto('/app/resources/budget-wizard/abc');
    await page.getByRole('heading', { level: 1 }).filter({ hasText: /not found/i }).waitFor();
    await expectAccessible(page);
  });

  it('the axe check still fails a violation: on a second check of one document, and inside a frame', async () => {
    // pages of the app's origin that only this test serves, so the check runs as it does on the app's
    const doc = (body: string) => `<!doctype html><html lang="en"><head><title>Check</title></head><body><div id="root"><main><h1>Check</h1>${body}</main></div></body></html>`;
    await page.route('**/axe-check/*', (route) => {
      const inner = route.request().url().endsWith('/frame');
      return route.fulfill({ contentType: 'text/html', body: inner ? doc('<img src="data:,">') : doc('<iframe title="Inner page" src="/axe-check/frame"></iframe>') });
    });
    await page.goto('/axe-check/page');
    await expect(expectAccessible(page)).rejects.toThrow(/image-alt/);
    await page.evaluate(() => document.querySelector('iframe')?.remove());
    await expectAccessible(page);
    await page.evaluate(() => document.querySelector('main')?.append(Object.assign(document.createElement('img'), { src: 'data:,' })));
    await expect(expectAccessible(page)).rejects.toThrow(/image-alt/);
  });
});
