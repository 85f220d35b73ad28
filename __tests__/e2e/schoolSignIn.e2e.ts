/**
 * School sign-in in real Chromium against the local OpenID provider the server runs beside it
 * ("Lincoln district sign-in", docs/sso.md): the SPEC's session after it (cc:auth, the session
 * events), the shared-computer sentence at sign-out, the account question at the next sign-in, and
 * the redirect to the page the student first opened. axe on every page of ours.
 */
import type { Page } from 'playwright-core';
import { SSO_PROBLEMS, SSO_SIGN_OUT_SENTENCE } from '../../src/common/sso';
import { DEMO_PASSWORD, expectAccessible, openBrowser, signInAs } from './support/browser';
import { recordStoreActions } from './support/clockServer';

const AIDEN = 'aiden.martinez@example.edu';

let page: Page;
openBrowser('file', (o) => ({ page } = o));
beforeAll(async () => {
  await page.addInitScript(recordStoreActions);
});

const actions = () => page.evaluate(() => (window as unknown as { __actionLog: [number, string][] }).__actionLog.map(([, type]) => type));

async function toProvider(): Promise<void> {
  await page.getByRole('link', { name: 'Lincoln district sign-in' }).click();
  await page.waitForURL(/^http:\/\/localhost:\d+\/interaction\//);
}

describe('school sign-in through the local provider', () => {
  it('/login → Lincoln district sign-in → the provider → back on /app as Aiden with cc:auth and the session events', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Lincoln district sign-in' }).waitFor();
    await expectAccessible(page);
    await toProvider();
    await page.getByLabel('School e-mail').fill(AIDEN);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/app$/);
    await expect(page.title()).resolves.toBe('Home - Cashwise');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cc:auth') ?? 'null'));
    expect(stored.user.userName).toBe('aiden.martinez');
    expect(Object.keys(stored).sort()).toEqual(['clients', 'permissions', 'token', 'user']);
    const seen = await actions();
    expect(seen).toContain('auth:session:start');
    expect(seen).toContain('auth:ready');
    // the hand-off left the address bar and the history
    await expect(page.evaluate(() => window.location.hash)).resolves.toBe('');
    await expectAccessible(page);
  });

  it('sign-out says the school account stays signed in on this computer, and the next sign-in asks which account', async () => {
    await page.goto('/signout');
    await page.waitForURL(/\/login$/);
    await page.getByText(SSO_SIGN_OUT_SENTENCE).waitFor();
    await expect(page.getByRole('link', { name: 'Sign out of Google' }).isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await toProvider();
    await page.getByRole('heading', { name: 'Choose an account' }).waitFor();
    await expect(page.getByRole('button', { name: `Continue as ${AIDEN}` }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'Use another account' }).isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: `Continue as ${AIDEN}` }).click();
    await page.waitForURL(/\/app$/);
  });

  it('a signed-out student opening an assignment link signs in through the school and lands on it', async () => {
    await page.goto('/signout');
    await page.waitForURL(/\/login$/);
    await page.goto('/app/catalog/budgeting');
    await page.waitForURL(/\/login\?redirect=%2Fapp%2Fcatalog%2Fbudgeting$/);
    await toProvider();
    await page.getByRole('button', { name: `Continue as ${AIDEN}` }).click();
    await page.waitForURL(/\/app\/catalog\/budgeting$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cc:auth') ?? 'null'));
    expect(stored.user.userName).toBe('aiden.martinez');
  });

  it('a refused sign-in shows its sentence and the way back to /login', async () => {
    await page.goto('/signout');
    await page.waitForURL(/\/login$/);
    await page.goto('/login/school?problem=domain');
    await page.getByRole('alert').filter({ hasText: SSO_PROBLEMS.domain }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to the sign-in page' }).click();
    await page.waitForURL(/\/login$/);
  });

  it('the profile lists the school sign-in with its link, and the school administrator\'s sign-in page is accessible', async () => {
    await page.goto('/signout');
    await page.waitForURL(/\/login$/);
    await signInAs(page, 'aiden.martinez', '/app/profile');
    await page.getByRole('list', { name: 'School sign-in' }).getByText('Linked (aiden.martinez@example.edu)').waitFor();
    await expect(page.getByRole('button', { name: 'Unlink Lincoln district sign-in' }).isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await page.goto('/signout');
    await page.waitForURL(/\/login$/);
    await signInAs(page, 'schooladmin', '/app/admin/sign-in');
    await page.getByRole('checkbox', { name: 'Lincoln district sign-in' }).waitFor();
    await expect(page.getByRole('checkbox', { name: 'Lincoln district sign-in' }).isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('The school’s e-mail domains').inputValue()).resolves.toBe('example.edu');
    await expectAccessible(page);
  });
});
