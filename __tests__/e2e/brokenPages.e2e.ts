/**
 * A page whose code does not arrive (a lazily loaded chunk failed) in real Chromium: the failure
 * stays inside the page's frame, so the shell, its navigation, the session-expiry dialog (WCAG
 * 2.2.1) and sign-out keep working; a file the server no longer has (a newer build deployed) reloads
 * the app once, on the same address, and never again within RELOAD_GUARD_MS. A part of Home whose
 * code does not arrive fails alone, in its place. Playwright's clock
 * moves the page's time, the clock server's the server's (support/clockServer.ts).
 */
import type { BrowserContext, Page, Route } from 'playwright-core';
import { expectAccessible } from './support/browser';
import { type ClockServer, expiryDialogOrWhyNot, openClockedBrowser, recordStoreActions, signedInWithTimer } from './support/clockServer';

const MIN = 60_000;
// the Resources page's chunk: not loaded before the student first opens it
const PAGE_CHUNK = /\/assets\/resources\.[0-9a-f]{8}\.js$/;
const DIALOG_CHUNK = /\/assets\/session-dialog\.[0-9a-f]{8}\.js$/;
// Home's "Continue" card comes with the catalog's chunk
const CONTINUE_CHUNK = /\/assets\/catalog\.[0-9a-f]{8}\.js$/;
let server: ClockServer;
let context: BrowserContext;
let offsetSoFar = 0;
openClockedBrowser((o) => ({ server, context } = o));

/** A page whose clock runs from the server's "now"; `loads()` counts its document loads. */
async function clockedPage(): Promise<{ page: Page; loads: () => number }> {
  const page = await context.newPage();
  await page.addInitScript(recordStoreActions);
  await page.clock.install({ time: Date.now() + offsetSoFar });
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  return { page, loads: () => loads };
}

/** Both clocks move in steady time, every timer of the page run (the server's first). */
async function step(page: Page, ms: number): Promise<void> {
  server.advance(ms);
  offsetSoFar += ms;
  await page.clock.runFor(ms);
}

/** Both clocks jump (the server's first: its tokens and idle limit agree with the page). */
async function jump(page: Page, ms: number): Promise<void> {
  server.advance(ms);
  offsetSoFar += ms;
  await page.clock.fastForward(ms);
}

const notFound = (route: Route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first();
const failure = (page: Page) => page.getByRole('heading', { level: 1, name: 'This page could not be loaded' });
const resourcesPage = (page: Page) => page.getByRole('heading', { level: 1, name: 'Resources' });
const expiryDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Your session is about to expire' });

describe('a page whose code does not arrive', () => {
  it('answered 404: one reload, then "Try again" inside the shell; the navigation works and the expiry dialog comes at 26 minutes idle', async () => {
    const { page, loads } = await clockedPage();
    await signedInWithTimer(page);
    const loadsSignedIn = loads();
    await page.route(PAGE_CHUNK, notFound);
    await mainNav(page).getByRole('link', { name: 'Resources', exact: true }).click();
    await failure(page).waitFor();
    // a missing file reads as a newer build: reloaded once, then the guard holds
    expect(loads() - loadsSignedIn).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/app/resources');
    await expect(page.getByRole('button', { name: 'Try again' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Get Help' }).isVisible()).resolves.toBe(true);
    await expectAccessible(page);

    // the shell's navigation still works, and back on the broken page nothing reloads
    await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, Maya/ }).waitFor();
    await mainNav(page).getByRole('link', { name: 'Resources', exact: true }).click();
    await failure(page).waitFor();
    expect(loads() - loadsSignedIn).toBe(1);

    // WCAG 2.2.1: the warning still comes, and signing out by choice still works
    await page.mouse.move(5, 5);
    await jump(page, 26 * MIN);
    await expiryDialogOrWhyNot(page, () => offsetSoFar, (ms) => step(page, ms));
    await expectAccessible(page);
    await expiryDialog(page).getByRole('button', { name: 'Sign Out Now' }).click();
    await page.waitForURL(/\/login/);
  });

  it('the dialog\'s own code missing too: a plain dialog asks the same question at 26 minutes, and Stay Signed In works', async () => {
    const { page } = await clockedPage();
    await page.route(DIALOG_CHUNK, notFound);
    await signedInWithTimer(page);
    const before = await page.evaluate(() => localStorage.getItem('cc:auth'));
    await jump(page, 26 * MIN);
    await expiryDialogOrWhyNot(page, () => offsetSoFar, (ms) => step(page, ms));
    await expect(expiryDialog(page).getByText('Do you want to stay signed in?').isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await expiryDialog(page).getByRole('button', { name: 'Stay Signed In' }).click();
    await expiryDialog(page).waitFor({ state: 'hidden' });
    await page.waitForFunction((old) => localStorage.getItem('cc:auth') !== old, before);
  });

  it('a newer build deployed mid-session: the old file is gone, the app reloads once and returns to the same page', async () => {
    const { page, loads } = await clockedPage();
    await signedInWithTimer(page);
    const loadsSignedIn = loads();
    // the old build's Resources chunk is gone until the tab reloads; the reloaded app gets the new one
    let deployedSeen = false;
    await page.route(PAGE_CHUNK, async (route) => {
      if (deployedSeen) return route.continue();
      if (route.request().method() === 'HEAD') deployedSeen = true;
      return notFound(route);
    });
    await mainNav(page).getByRole('link', { name: 'Resources', exact: true }).click();
    await resourcesPage(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/resources');
    expect(loads() - loadsSignedIn).toBe(1);
    await expect(failure(page).count()).resolves.toBe(0);
    await expectAccessible(page);
  });

  it('a network failure does not reload: "Try again" loads the page once the connection is back', async () => {
    const { page, loads } = await clockedPage();
    await signedInWithTimer(page);
    const loadsSignedIn = loads();
    await page.route(PAGE_CHUNK, (route) => route.abort('internetdisconnected'));
    await mainNav(page).getByRole('link', { name: 'Resources', exact: true }).click();
    await failure(page).waitFor();
    expect(loads()).toBe(loadsSignedIn);
    await page.unroute(PAGE_CHUNK);
    await page.getByRole('button', { name: 'Try again' }).click();
    await resourcesPage(page).waitFor();
    expect(loads()).toBe(loadsSignedIn);
  });
});

describe('a part of Home whose code does not arrive', () => {
  it('"Continue" fails alone: Home keeps its heading and area cards, says so in its place, and "Try again" loads it', async () => {
    const { page, loads } = await clockedPage();
    await page.route(CONTINUE_CHUNK, (route) => route.abort('internetdisconnected'));
    await signedInWithTimer(page);
    const loadsSignedIn = loads();
    const partFailed = page.getByRole('alert').filter({ hasText: 'This part of Home could not load.' });
    await partFailed.waitFor();
    await page.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, Maya/ }).waitFor();
    await expect(page.getByRole('heading', { level: 2, name: 'Where would you like to go?' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('main').getByRole('link', { name: /Catalog/ }).first().isVisible()).resolves.toBe(true);
    await expect(failure(page).count()).resolves.toBe(0);
    await expectAccessible(page);

    // "Try again" asks for the chunk anew (not the failed import kept), in the same document
    await page.unroute(CONTINUE_CHUNK);
    const chunk = page.waitForResponse(CONTINUE_CHUNK);
    // the part then runs: it asks for the learner's progress (this server has no course content,
    // so the card has nothing to show, as for any school offering no module)
    const summaryAsked = page.waitForRequest((r) => r.url().endsWith('/api/service') && (r.postData() ?? '').includes('/progress/summary'));
    await partFailed.getByRole('button', { name: 'Try again' }).click();
    expect((await chunk).status()).toBe(200);
    await summaryAsked;
    await partFailed.waitFor({ state: 'detached' });
    expect(loads()).toBe(loadsSignedIn);
  });
});
