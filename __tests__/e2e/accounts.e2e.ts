/**
 * Accounts in real Chromium, against its own server whose mail goes to a real SMTP server on
 * loopback (smtp-server, started here): the operator CLI makes a school and a code; a student
 * registers with it, reads the e-mailed code, finishes and signs in; forgot password → the mailed
 * link → reset → the old session is gone and the link works only once; an access code is added
 * from the profile; a temporary password holds the student on its change until they choose their
 * own. axe-core checks every page visited.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort, stopProcess, waitForAnswer } from '../support/serverUp';
import { decodeQuotedPrintable, startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { expectAccessible, launchBrowser, signIn } from './support/browser';

const root = resolve(__dirname, '../..');
let sink: SmtpSink;
let server: ChildProcess;
let dataDir: string;
let baseURL: string;
let browser: Browser;
const contexts: BrowserContext[] = [];

function env(): NodeJS.ProcessEnv {
  return { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, SMTP_URL: sink.url, PUBLIC_URL: baseURL, MAIL_FROM: 'Cashwise <no-reply@cashwise.test>', LOG_LEVEL: 'warn' };
}

/** `npm run admin -- …` is `node dist/server/server/cli/admin.js …` */
function admin(...args: string[]): string {
  return execFileSync(process.execPath, [join(root, 'dist/server/server/cli/admin.js'), ...args], { env: env(), encoding: 'utf8' });
}

async function mailTo(address: string, after: number, pattern: RegExp): Promise<RegExpExecArray> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const mail of sink.mails.slice(after)) {
      if (!mail.to.includes(address)) continue;
      const match = pattern.exec(decodeQuotedPrintable(mail.raw));
      if (match) return match;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${address} matching ${pattern}`);
}

/** axe once the page's own content (its one h1) is there, not while its chunk loads */
async function checkPage(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await expectAccessible(page);
}

/** No field of the page is red and no "… is required" is said. */
async function quietFields(page: Page): Promise<boolean> {
  const red = await page.locator('input[aria-invalid="true"], textarea[aria-invalid="true"]').count();
  return red === 0 && (await page.getByText(/is required/).count()) === 0;
}

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1024, height: 600 } });
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  sink = await startSmtpSink();
  dataDir = mkdtempSync(join(tmpdir(), 'cashwise-e2e-accounts-'));
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [join(root, 'dist/server/server/main.js')], {
    cwd: root,
    env: { ...env(), HOST: '127.0.0.1', PORT: String(port), STATIC_DIR: join(root, 'dist/client'), SEED_DEMO: 'true' },
    stdio: 'ignore',
  });
  await waitForAnswer(`${baseURL}/api`, 30_000);
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  if (server) await stopProcess(server);
  await sink?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('accounts', () => {
  // the newcomer's path is the longest (eight pages, two mails): four minutes on a loaded shared machine
  jest.setTimeout(240_000);

  it('a newcomer: the CLI makes a school and a code; a student registers with it, verifies by mail, finishes and signs in', async () => {
    expect(admin('create-school', '--id', 'MAPLE-MS', '--name', 'Maple Middle School')).toContain('Created school MAPLE-MS');
    const code = admin('create-codes', '--school', 'MAPLE-MS', '--seats', '5', '--expires', '2099-12-31').trim();
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    const page = await newPage();
    await page.goto('/register');
    await expect(page.title()).resolves.toBe('Register - Cashwise');
    await checkPage(page);
    await page.locator('#code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Continue' }).click();
    // first what the code leads to (a school's access code: the course at the school), then the record
    await page.getByText('Cashwise Financial Literacy at Maple Middle School', { exact: true }).waitFor();
    await checkPage(page);
    await page.getByRole('button', { name: 'Yes, continue' }).click();

    await page.waitForURL(/\/register\/\d+\/record\/\d+\/name$/);
    await page.getByText('Maple Middle School · Cashwise Financial Literacy').waitFor();
    await checkPage(page);
    // tabbing past the empty names says nothing; Next does, naming each field
    await page.locator('#firstName').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(quietFields(page)).resolves.toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByText('Last name is required').waitFor();
    await checkPage(page);
    await page.locator('#firstName').fill('Nora');
    await page.locator('#lastName').fill('Newcomer');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.waitForURL(/\/terms$/);
    await checkPage(page);
    await page.getByLabel(/I accept the terms/).check();
    await page.getByRole('button', { name: 'Next' }).click();

    await page.waitForURL(/\/verify$/);
    await page.locator('#email').fill('nora.newcomer@example.edu');
    const before = sink.mails.length;
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByText('We sent a 6-digit code to your e-mail.').waitFor();
    await checkPage(page);
    const [, mailedCode] = await mailTo('nora.newcomer@example.edu', before, /Your code: (\d{6})/);
    await page.locator('#code').fill(mailedCode ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.waitForURL(/\/username$/);
    await page.locator('#userName').fill('learner');
    await page.getByText('That user name is taken. Please choose another.').waitFor();
    await page.locator('#userName').fill('nora.n');
    await page.getByText('This user name is available.').waitFor();
    await checkPage(page);
    await page.getByRole('button', { name: 'Next' }).click();

    await page.waitForURL(/\/password$/);
    // one of the most common passwords: Weak, and why, before submit (the check loads in its own chunk)
    await page.locator('#password').fill('Password123');
    await page.getByText('Password strength: Weak').waitFor();
    await page.getByText('This password is too common and easy to guess. Please choose another.').waitFor();
    await checkPage(page);
    await page.locator('#password').fill('maple leaves in autumn');
    await page.getByText('Password strength: Strong').waitFor();
    await page.locator('#confirm').fill('maple leaves in autumn');
    await checkPage(page);
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.waitForURL(/\/app$/);
    await checkPage(page);

    // signed in for real: sign out, then in with the new account
    await page.goto('/signout');
    await page.waitForURL(/\/login/);
    await signIn(page, 'nora.n', 'maple leaves in autumn');
    await page.waitForURL(/\/app$/);
    await page.goto('/app/profile');
    await page.getByRole('list', { name: 'Your schools' }).getByText('Maple Middle School').waitFor();
    await page.getByText('Current school').waitFor();
    await checkPage(page);
  });

  it('forgot password → the mailed link → reset → the old session is gone; the link works once', async () => {
    const old = await newPage();
    await old.goto('/login');
    await signIn(old, 'learner');
    await old.waitForURL(/\/app$/);

    const page = await newPage();
    await page.goto('/password');
    await checkPage(page);
    await page.locator('#login').fill('learner');
    const before = sink.mails.length;
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByText(/If an account matches/).waitFor();
    await checkPage(page);
    const [link] = await mailTo('maya.johnson@example.edu', before, /http:\/\/127\.0\.0\.1:\d+\/password\/reset\/[A-Za-z0-9_-]+/);
    await page.goto(link);
    await page.locator('#password').waitFor().catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${await page.locator('main').innerText()}`);
    });
    await checkPage(page);
    await page.locator('#password').fill('a fresh start today');
    await page.locator('#confirm').fill('a fresh start today');
    await page.getByRole('button', { name: 'Change my password' }).click();
    await page.waitForURL(/\/login$/);
    await signIn(page, 'learner', 'a fresh start today');
    await page.waitForURL(/\/app$/);

    // the old session was revoked: its next visit lands on /login
    await old.goto('/app/profile');
    await old.waitForURL(/\/login/);

    // the link a second time
    await page.goto(link);
    await page.getByText('This password reset link has already been used.', { exact: false }).waitFor();
    await checkPage(page);
  });

  it('adds an access code from the profile: joins the school, lists it', async () => {
    const code = admin('create-codes', '--school', 'MAPLE-MS', '--seats', '2').trim();
    const page = await newPage();
    await page.goto('/login');
    await signIn(page, 'multi');
    await page.waitForURL(/\/app$/);
    await page.goto('/app/profile/code');
    await expect(page.title()).resolves.toBe('Add Access Code - Cashwise');
    await checkPage(page);
    await page.locator('#code').fill('NOPE-NOPE-NOPE');
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByText('That code is not valid. Check it and try again.').waitFor();
    await page.locator('#code').fill(code);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Access code added: Cashwise Financial Literacy at Maple Middle School.' }).waitFor();
    await checkPage(page);
    await page.goto('/app/profile/access-codes');
    await page.getByRole('rowheader', { name: code }).waitFor();
    await checkPage(page);
    await page.goto('/app/profile');
    await page.getByText('Maple Middle School').first().waitFor();
    await checkPage(page);
  });

  it('a temporary password signs in once; only its change is shown, whatever address is opened; then on to that address', async () => {
    admin('create-user', '--username', 'tess.temp', '--first', 'Tess', '--last', 'Temp', '--email', 'tess.temp@example.edu', '--password', 'a phrase she forgot', '--school', 'LINCOLN-HS');
    const temporary = /: ([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4})\s*$/.exec(admin('user', 'temporary-password', 'tess.temp'))?.[1] ?? '';
    expect(temporary).not.toBe('');
    const page = await newPage();
    await page.goto('/login');
    await signIn(page, 'tess.temp', temporary);
    await page.waitForURL(/\/app\/profile\/password$/);
    const notice = page.getByText('Your teacher gave you a temporary password.', { exact: false });
    await notice.waitFor();
    await checkPage(page);

    // the same temporary password does not sign in a second time, and the sign-in page says why
    const again = await newPage();
    await again.goto('/login');
    await signIn(again, 'tess.temp', temporary);
    await again.getByText('This temporary password has already been used or has expired. Ask your teacher for a new one.').waitFor();
    await checkPage(again);

    // typed in the address bar (a full load of a prerendered page): still the change, keeping the address
    await page.goto('/app/catalog');
    await page.waitForURL(/\/app\/profile\/password\?redirect=%2Fapp%2Fcatalog$/);
    await notice.waitFor();
    await expect(page.locator('h1').innerText()).resolves.toBe('Change Password');
    await checkPage(page);

    await page.locator('#currentPassword').fill(temporary);
    await page.locator('#newPassword').fill('tess picks her own phrase');
    await page.locator('#confirm').fill('tess picks her own phrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(/\/app\/catalog$/);
    await page.locator('h1', { hasText: 'Catalog' }).waitFor();
    await checkPage(page);
  });

  it('required-field errors wait for a change or a submit, and name the field: sign-in, profile, password forms', async () => {
    const page = await newPage();
    // sign-in: tabbing through the empty form turns nothing red; Sign in names both fields
    await page.goto('/login');
    await page.getByLabel('User name').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByText(/Please enter your/).count()).resolves.toBe(0);
    await expect(quietFields(page)).resolves.toBe(true);
    await checkPage(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Please enter your user name').waitFor();
    await page.getByText('Please enter your password').waitFor();
    await checkPage(page);
    await signIn(page, 'multi');
    await page.waitForURL(/\/app$/);

    // profile: a name emptied says so at once, by name; the fields passed by say nothing
    await page.goto('/app/profile/edit');
    await page.locator('#firstName').waitFor();
    await expect(page.locator('#firstName').inputValue()).resolves.not.toBe('');
    await page.locator('#firstName').focus();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Tab');
    await expect(quietFields(page)).resolves.toBe(true);
    await page.locator('#firstName').fill('');
    await page.getByText('First name is required').waitFor();
    await expect(page.getByText('Value is required').count()).resolves.toBe(0);
    await expect(page.locator('#firstName').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('#lastName').getAttribute('aria-invalid')).resolves.toBe('false');
    await checkPage(page);

    // change password: nothing before a submit, then each empty field by name
    await page.goto('/app/profile/password');
    await page.locator('#currentPassword').focus();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Tab');
    await expect(quietFields(page)).resolves.toBe(true);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Current password is required').waitFor();
    await page.getByText('New password is required').waitFor();
    await page.getByText('Type the new password again to confirm it').waitFor();
    await checkPage(page);

    // forgot password (signed out): the same
    const out = await newPage();
    await out.goto('/password');
    await out.locator('#login').focus();
    await out.keyboard.press('Tab');
    await expect(quietFields(out)).resolves.toBe(true);
    await out.getByRole('button', { name: 'Send me a link' }).click();
    await out.getByText('User name or e-mail is required').waitFor();
    await checkPage(out);
  });
});
