/**
 * The E2E toolkit: Debian's chromium driven by playwright-core (never a downloaded browser),
 * the demo accounts, and an axe-core check for every page a test visits.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright-core';
import { serverOfThisWorker, STATE_FILE, type E2EServer, type E2EState } from './env';
import { CHROMIUM_ARGS } from './chromium';

export const DEMO_PASSWORD = 'demo-password';

/** The server globalSetup started for this file's jest worker. */
export function e2eState(): E2EServer {
  return serverOfThisWorker(JSON.parse(readFileSync(STATE_FILE, 'utf8')) as E2EState);
}

/**
 * A Lincoln High School student of the calling file's own, made with the operator CLI
 * (`npm run admin -- create-user`) on this worker's server, password DEMO_PASSWORD. `learner` is shared
 * by every file and sits in the demo class, whose reviews have attempt limits: a file whose rules hold
 * only for a student with no history (a first failed attempt gives nothing away, three attempts in a
 * row are all scored) signs in as one of these. Returns the user name.
 */
export function createStudent(first: string, last: string): string {
  const userName = `${first}.${last}.${Date.now().toString(36)}`.toLowerCase();
  const cli = join(resolve(__dirname, '../../..'), 'dist/server/server/cli/admin.js');
  execFileSync(
    process.execPath,
    [cli, 'create-user', '--username', userName, '--first', first, '--last', last, '--email', `${userName}@students.lincoln.example`, '--password', DEMO_PASSWORD, '--school', 'LINCOLN-HS'],
    { env: { ...process.env, NODE_ENV: 'test', DATA_DIR: e2eState().dataDir, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
  );
  return userName;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export async function newContext(browser: Browser, baseURL = e2eState().baseURL): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1024, height: 600 } });
  const pageLog = process.env.E2E_PAGE_LOG;
  if (pageLog) logPages(context, pageLog);
  return context;
}

/**
 * E2E_PAGE_LOG=FILE: every page's console messages, uncaught errors and failed requests are appended
 * to FILE with the test's name, for a failure that its own message does not explain.
 */
function logPages(context: BrowserContext, file: string): void {
  const log = (line: string) => appendFileSync(file, `${new Date().toISOString()} ${expect.getState().currentTestName ?? ''} ${line}\n`);
  context.on('page', (page) => {
    page.on('console', (message) => log(`console.${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => log(`pageerror: ${error.stack ?? error.message}`));
    page.on('requestfailed', (request) => log(`requestfailed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
  });
}

export interface OpenPage {
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * The setup every browser test file shares: one Chromium for the file, and a context of its own
 * (its own storage, so no sign-in leaks between tests) with one page, for each test (`'test'`) or
 * for the whole file (`'file'`). `opened` gets them as they open, so the file keeps plain variables:
 * `openBrowser('test', (o) => ({ context, page } = o));`. Hooks a file declares after this call run
 * after this beforeEach and after this afterEach (jest runs a block's hooks in declaration order).
 */
export function openBrowser(each: 'test' | 'file', opened: (o: OpenPage) => unknown): void {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const open = async () => {
    context = await newContext(browser!);
    opened({ browser: browser!, context, page: await context.newPage() });
  };
  const close = async () => {
    await context?.close();
    context = undefined;
  };
  beforeAll(async () => {
    browser = await launchBrowser();
    if (each === 'file') await open();
  });
  afterAll(async () => {
    await close();
    await browser?.close();
  });
  if (each === 'test') {
    beforeEach(open);
    afterEach(close);
  }
}

/**
 * Puts axe-core into a frame that has none yet. @axe-core/playwright sent axe's 550 KB source before
 * every check and opened a blank page per check to merge the frames' results: about two thirds of
 * each check's time, some 200 checks a run. Here axe stays in the document between checks (a
 * navigation gives a fresh one) and runs in the page; axe.run in the top frame asks the copies in
 * the page's frames (same-origin, like the support desk's replay) for their part.
 * foundation.e2e.ts shows a violation still fails the check, on a second check and inside a frame.
 */
async function ensureAxe(frame: Frame): Promise<void> {
  const present = await frame
    .evaluate((version) => (window as unknown as AxeWindow).axe?.version === version, axe.version)
    .catch(() => true); // a frame detached meanwhile has nothing to check
  if (!present) await frame.evaluate(axe.source);
}

type AxeWindow = { axe?: typeof axe };

/**
 * Fails with the list of violations, so a failing run says what to fix. Checks the settled page:
 * first waits for the page's own content (its level-one heading, which every page has and axe
 * requires; the app's, not a prerendered copy's, unless `prerenderedCopy` asks for the copy): the
 * title changes with the address, before the page is rendered (in slices, in a transition:
 * main.tsx); then waits (up to 2 s) until no finite CSS transition or animation runs —
 * a button fading from its disabled to its enabled colours is measured at its final colours, not
 * half-way.
 */
export async function expectAccessible(page: Page, options: { exclude?: string; prerenderedCopy?: boolean } = {}): Promise<void> {
  // a prerendered copy (login.html, app.html, a signed-in page's shell with its "Loading
  // page" heading) is in #root, its first element marked data-prerendered, until the app's page
  // replaces it: the page's own heading is one outside it (unless the copy is what is checked)
  const root = options.prerenderedCopy ? '#root > [data-prerendered]' : '#root > :not([data-prerendered])';
  await page.locator(`${root} h1`).first().waitFor();
  // Settled = no finite animation running at two looks 100 ms apart (a button enabled just after
  // the first look starts its fade then). The 2 s bound is kept on the Node side: a page may run on
  // Playwright's fake clock.
  const deadline = Date.now() + 2000;
  const sleep = (ms: number) => new Promise<number>((resolve) => setTimeout(() => resolve(0), Math.max(0, ms)));
  let quietLooks = 0;
  while (quietLooks < 2 && Date.now() < deadline) {
    const running = page
      .evaluate(async () => {
        const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
        await Promise.allSettled(finite.map((a) => a.finished));
        return finite.length;
      })
      .catch(() => 0);
    // the bound's timer is cleared once the look answers: a pending one would keep Jest running
    // after the last test ("did not exit one second after the test run has completed")
    let bound: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<number>((resolve) => {
      bound = setTimeout(() => resolve(0), Math.max(0, deadline - Date.now()));
    });
    const count = await Promise.race([running, timedOut]);
    clearTimeout(bound);
    quietLooks = count === 0 ? quietLooks + 1 : 0;
    if (quietLooks < 2) await sleep(Math.min(100, deadline - Date.now()));
  }
  await Promise.all(page.frames().map(ensureAxe));
  // only the violations are read: axe then works out selectors and markup for no passing node
  const summary = await page.evaluate(async (exclude) => {
    const { axe: run } = window as unknown as Required<AxeWindow>;
    const results = await run.run(exclude ? { exclude: [exclude] } : document, { resultTypes: ['violations'] });
    return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, options.exclude);
  expect(summary).toEqual([]);
}

/**
 * A page that fits a phone's width: the page does not scroll sideways, and no table is wider than the
 * box it sits in (a TableFrame's folded columns fit; one that scrolls in its frame says so itself).
 */
export async function fitsThePhone(page: Page): Promise<void> {
  const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(pageOverflow).toBeLessThanOrEqual(0);
  const tooWide = await page.locator('table').evaluateAll((tables) => tables.filter((t) => t.scrollWidth > (t.parentElement?.clientWidth ?? 0)).map((t) => t.getAttribute('aria-label')));
  expect(tooWide).toEqual([]);
}

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel(/user ?name/i).fill(username);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/**
 * Signs in on the login page as a user does and waits for where it lands: /app (S2.15), or `to`,
 * passed as the login page's redirect.
 */
export async function signInAs(page: Page, username: string, to?: string): Promise<void> {
  await page.goto(to ? `/login?redirect=${encodeURIComponent(to)}` : '/login');
  await signIn(page, username);
  await page.waitForURL(to ? `**${to}` : '**/app');
}

/** A OneLook call from the page with the signed-in learner's own token, exactly as the SPA makes it. */
export async function oneLookCall<T>(page: Page, method: string, path: string, payload?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, payload }) => {
      const session = JSON.parse(localStorage.getItem('cc:auth') ?? 'null') as { token: string };
      const res = await fetch('/api/service', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-app-key': localStorage.getItem('appKey') ?? 'cashwise-web', authorization: `Bearer ${session.token}` },
        body: JSON.stringify({ service: 'OneLook', method, path, ...(payload === undefined ? {} : { payload }) }),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? null : res.json();
    },
    { method, path, payload },
  ) as Promise<T>;
}
