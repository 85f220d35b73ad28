/**
 * The session lifecycle in real Chromium with Playwright's clock API. The page's
 * clock is installed BEFORE the first navigation; every virtual jump of the page is made on the
 * server's clock too (support/clockServer.ts), so tokens and the server's idle limit agree.
 * fastForward fires each due timer at most once (one 30-s check after a jump); runFor steps through
 * every timer (steady work).
 */
import type { BrowserContext, Page, Response } from 'playwright-core';
import { expectAccessible, signIn } from './support/browser';
import { type ClockServer, expiryDialogOrWhyNot, openClockedBrowser, recordStoreActions, sessionTimerRunning, signedInWithTimer } from './support/clockServer';

const MIN = 60_000;
let server: ClockServer;
let context: BrowserContext;
openClockedBrowser((o) => ({ server, context } = o));

/**
 * Counts, inside the page, the API requests it has sent and not yet seen answered (XHR for axios,
 * fetch for the boot script). Counted where they are sent: Playwright's request events reach the
 * test a little after the page sent them, so a count kept here from those events could read 0 while
 * a renewal is already on its way, and the next step would move the clocks past it.
 */
function countOpenApiRequests(): void {
  const win = window as unknown as { __openApiRequests: number };
  win.__openApiRequests = 0;
  const isApiUrl = (url: string) => new URL(url, location.href).pathname.startsWith('/api/');
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  const urls = new WeakMap<XMLHttpRequest, string>();
  XMLHttpRequest.prototype.open = function patchedOpen(this: XMLHttpRequest, ...args: unknown[]) {
    urls.set(this, String(args[1]));
    return (open as (...rest: unknown[]) => void).apply(this, args);
  } as typeof XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.send = function patchedSend(this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    if (isApiUrl(urls.get(this) ?? '')) {
      win.__openApiRequests += 1;
      this.addEventListener('loadend', () => {
        win.__openApiRequests -= 1;
      }, { once: true });
    }
    return send.call(this, body);
  };
  const fetchBefore = window.fetch.bind(window);
  // (no async/await here: the function is sent to the page as its source text, without helpers)
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!isApiUrl(url)) return fetchBefore(input, init);
    win.__openApiRequests += 1;
    return fetchBefore(input, init).finally(() => {
      win.__openApiRequests -= 1;
    });
  };
}

/**
 * A page whose clock runs from the server's "now" (real time + the jumps so far), or `skewMs` off
 * it: a school computer whose clock is wrong (positive: fast).
 */
/** Removes the Web Locks API from the page: the renewal's fallback (renewal key, adoption from cc:auth). */
function withoutWebLocks(): void {
  Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });
}

async function clockedPage(skewMs = 0, { webLocks = true }: { webLocks?: boolean } = {}): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(countOpenApiRequests);
  await page.addInitScript(recordStoreActions);
  if (!webLocks) await page.addInitScript(withoutWebLocks);
  await page.clock.install({ time: Date.now() + offsetSoFar + skewMs });
  return page;
}

/**
 * The server's clock moves before the page's (two steps, not one instant): a request of the page
 * (the profile's data, say, or a renewal) answered in between would meet the server's later time
 * with the page's earlier one — a 401 the page takes for a refused token (plain /login), not the
 * idle sign-out the test is about; and a renewal still on its way while the page's clock runs on
 * can let the token run out. So the clocks move only once the page has no API request open; the
 * count is read after the page's timers of the previous step have run, so a request they started
 * is in it.
 */
async function apiSettled(page: Page): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const open = await page.evaluate(() => (window as unknown as { __openApiRequests?: number }).__openApiRequests ?? 0);
    if (open === 0) return;
    if (Date.now() > deadline) throw new Error(`API requests still open after 10 s: ${open}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
let offsetSoFar = 0;
async function jump(page: Page, ms: number): Promise<void> {
  await apiSettled(page);
  server.advance(ms);
  offsetSoFar += ms;
  await page.clock.fastForward(ms);
}
/** Steady time (S4.13 waits for the page's API requests after each step). */
async function step(page: Page, ms: number): Promise<void> {
  server.advance(ms);
  offsetSoFar += ms;
  await page.clock.runFor(ms);
}

const storedToken = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('cc:auth') ?? 'null') as { token?: string } | null)?.token ?? null);
const dialog = (page: Page) => page.getByRole('alertdialog', { name: 'Your session is about to expire' });
/** Waits until cc:auth, as `page` reads it, holds a token and not `old` (a renewal stored it). */
const storedTokenReplaced = (page: Page, old: string | null) =>
  page.waitForFunction((token) => {
    const stored = (JSON.parse(localStorage.getItem('cc:auth') ?? 'null') as { token?: string } | null)?.token;
    return Boolean(stored) && stored !== token;
  }, old);
/** The student opens the catalog through the main menu. */
const openCatalog = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Catalog', exact: true }).click();

/** Tab A signed in, then tab B opened on /app in the same browser: both session timers running, no request open. */
async function twoSignedInTabs(options: { webLocks?: boolean } = {}): Promise<{ a: Page; b: Page }> {
  const a = await clockedPage(0, options);
  await signedInWithTimer(a);
  const b = await clockedPage(0, options);
  await b.goto('/app');
  await b.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, Maya/ }).waitFor();
  await sessionTimerRunning(b);
  await apiSettled(b);
  return { a, b };
}

/** Waits for the expiry dialog; on a timeout, fails with what the page was doing instead. */
const dialogOrWhyNot = (page: Page) => expiryDialogOrWhyNot(page, () => offsetSoFar, (ms) => step(page, ms));

describe('session lifecycle in the browser', () => {
  it('[S4.14] idle 26 min → the dialog with its countdown, axe-clean; Stay Signed In → a new token in cc:auth, dialog gone', async () => {
    const page = await clockedPage();
    await signedInWithTimer(page);
    const before = await storedToken(page);
    await jump(page, 26 * MIN);
    await dialogOrWhyNot(page);
    await expect(dialog(page).getByText('Do you want to stay signed in?').isVisible()).resolves.toBe(true);
    await expect(dialog(page).getByRole('timer').textContent()).resolves.toMatch(/You will be signed out in [0-4]:\d\d/);
    await expectAccessible(page);
    await dialog(page).getByRole('button', { name: 'Stay Signed In' }).click();
    await dialog(page).waitFor({ state: 'hidden' });
    await storedTokenReplaced(page, before);
    await expect(page.url()).toMatch(/\/app$/);
  });

  it('[S4.15] idle 31 min → /login with the reason; signing back in returns to the page', async () => {
    const page = await clockedPage();
    // the profile asks the service for the learner's courses once it has rendered (after the URL
    // changed): its answer must be in before the clocks move, or the server's later time refuses it
    const profileLoaded = page.waitForResponse((response) => response.url().endsWith('/api/service'));
    await signedInWithTimer(page, '/app/profile');
    await expect(profileLoaded.then((response) => response.status())).resolves.toBe(200);
    await jump(page, 31 * MIN);
    await page.waitForURL(/\/login\?reason=idle&redirect=%2Fapp%2Fprofile$/);
    await page.getByText('You were signed out after 30 minutes without activity.').waitFor();
    await expect(storedToken(page)).resolves.toBeNull();
    await expectAccessible(page);
    await signIn(page, 'learner');
    await page.waitForURL('**/app/profile');
  });

  it('[S4.13] steady activity for 2 h with a 30-min token → renewed, never prompted', async () => {
    const page = await clockedPage();
    const renewals: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/auth/renew')) renewals.push(response.status());
    });
    await signedInWithTimer(page);
    let prompted = false;
    let signedOutAtMinute: number | null = null;
    for (let minute = 1; minute <= 120; minute += 1) {
      await page.mouse.move(100 + (minute % 50), 200 + (minute % 30));
      await step(page, MIN);
      // a renewal answers in real time while the page's time is stepped: it is in before the next
      // step, as in a learner's browser (the server's clock is real time + the same steps)
      await apiSettled(page);
      if (await dialog(page).isVisible()) prompted = true;
      if (signedOutAtMinute === null && !/\/app$/.test(page.url())) signedOutAtMinute = minute;
    }
    // on a failure, when it went wrong and what the renewals answered
    expect({ prompted, signedOutAtMinute, url: page.url(), renewals }).toEqual({
      prompted: false,
      signedOutAtMinute: null,
      url: expect.stringMatching(/\/app$/),
      renewals: expect.any(Array),
    });
    expect(renewals.length).toBeGreaterThanOrEqual(5);
    expect(renewals.every((status) => status === 200)).toBe(true);
    await expect(storedToken(page)).resolves.not.toBeNull();
  });

  it('a renewal whose answer is lost on the way → asked again, the same new token, still signed in, no alert (docs/server.md "Renewal")', async () => {
    const page = await clockedPage();
    // the home page asks for the learner's progress once it has rendered: that answer is in before
    // the clocks move, so this test sees the renewal alone (a request refused meanwhile is the next test's)
    const summaryLoaded = page.waitForResponse((response) => response.url().endsWith('/api/service'));
    await signedInWithTimer(page);
    await expect(summaryLoaded.then((response) => response.status())).resolves.toBe(200);
    const before = await storedToken(page);
    // the first renewal reaches the server (which renews), and its answer never reaches the page
    let lostToken = '';
    let answered!: () => void;
    const lost = new Promise<void>((resolve) => {
      answered = resolve;
    });
    const renewals: string[] = [];
    await page.route('**/api/auth/renew', async (route) => {
      renewals.push(route.request().postData() ?? '');
      if (renewals.length > 1) return route.continue();
      const response = await route.fetch();
      lostToken = ((await response.json()) as { body: { token: string } }).body.token;
      await route.abort('connectionreset');
      answered();
    });
    // 21 min without activity: 9 min of the token left, so the next check renews (SPEC §4)
    await jump(page, 21 * MIN);
    await lost;
    expect(lostToken).not.toBe('');
    // the page asks again a second later, with the same token and key
    await step(page, 1_000);
    await page.waitForFunction((token) => (JSON.parse(localStorage.getItem('cc:auth') ?? 'null') as { token?: string } | null)?.token === token, lostToken);
    expect(renewals).toHaveLength(2);
    expect(renewals[1]).toBe(renewals[0]);
    expect(lostToken).not.toBe(before);
    await expect(page.getByText('Could not renew session token').count()).resolves.toBe(0);
    // the token it holds works: the catalog's service call answers with it
    await page.goto('/app/catalog');
    await expect(page.title()).resolves.toBe('Catalog - Cashwise');
    // the catalog's answer, asked with that token (this server imports no course content)
    await page.getByText('Your school has no modules in its catalog yet.').waitFor();
    await apiSettled(page);
    await expect(page.url()).toMatch(/\/app\/catalog$/);
    await expect(storedToken(page)).resolves.toBe(lostToken);
    await expectAccessible(page);
  });

  it('a request sent with the replaced token while a lost renewal is asked again waits for it, then answers with the new token (docs/server.md "Renewal")', async () => {
    const page = await clockedPage();
    const summaryLoaded = page.waitForResponse((response) => response.url().endsWith('/api/service'));
    await signedInWithTimer(page);
    await expect(summaryLoaded.then((response) => response.status())).resolves.toBe(200);
    // the first renewal reaches the server (which renews and revokes the token the page holds), and
    // its answer never reaches the page
    let lostToken = '';
    let answered!: () => void;
    const lost = new Promise<void>((resolve) => {
      answered = resolve;
    });
    // the catalog's request, sent with the revoked token, is refused before the page asks again
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/service') && response.status() === 401);
    const renewals: string[] = [];
    await page.route('**/api/auth/renew', async (route) => {
      renewals.push(route.request().postData() ?? '');
      if (renewals.length > 1) {
        await refused;
        return route.continue();
      }
      const response = await route.fetch();
      lostToken = ((await response.json()) as { body: { token: string } }).body.token;
      await route.abort('connectionreset');
      answered();
    });
    // the catalog's own request, each time it is sent (other features' requests may go meanwhile)
    const serviceTokens: string[] = [];
    page.on('request', (request) => {
      const isCatalog = request.url().endsWith('/api/service') && (request.postDataJSON() as { path?: string } | null)?.path === '/catalog';
      if (isCatalog) serviceTokens.push(request.headers().authorization ?? '');
    });
    await jump(page, 21 * MIN);
    await lost;
    const before = await storedToken(page);
    // the student opens the catalog while the page waits to ask again
    await openCatalog(page);
    await expect(refused.then((response) => response.status())).resolves.toBe(401);
    await step(page, 1_000);
    await page.getByText('Your school has no modules in its catalog yet.').waitFor();
    await apiSettled(page);
    expect(renewals).toHaveLength(2);
    expect(serviceTokens).toEqual([`Bearer ${before}`, `Bearer ${lostToken}`]);
    await expect(page.url()).toMatch(/\/app\/catalog$/);
    await expect(storedToken(page)).resolves.toBe(lostToken);
    await expect(page.getByText('Could not renew session token').count()).resolves.toBe(0);
    await expectAccessible(page);
  });

  it('[S4.11] sign-out in tab A → tab B on /login', async () => {
    const a = await context.newPage();
    await signedInWithTimer(a);
    const b = await context.newPage();
    await b.goto('/app');
    await b.waitForURL('**/app');
    // B's app is running (its own heading, with the name): the prerendered copy's "Welcome!" is on
    // screen before the app starts, and an app that starts after the sign-out has no session to end
    await b.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, Maya/ }).waitFor();
    await a.goto('/signout');
    await a.waitForURL('**/login');
    // signing in again in B returns to B's page
    await b.waitForURL(/\/login\?redirect=%2Fapp$/);
    await expect(b.evaluate(() => localStorage.getItem('cc:auth'))).resolves.toBeNull();
    await b.getByText('You were signed out in another tab.').waitFor();
    await expectAccessible(b);
  });

  it('two tabs whose session checks renew the same token at once (as when a Chromebook wakes), without Web Locks: the second renewal gets the first\'s new token; both stay signed in, no alert', async () => {
    // with Web Locks the second tab never asks (the next test); this is the fallback's server side
    const { a, b } = await twoSignedInTabs({ webLocks: false });
    const replaced = await storedToken(a);
    // A's renewal reaches the server, and its answer is held back until B's renewal has been
    // answered: B cannot find A's token in cc:auth, so only the server can save B's renewal
    let bAnswered!: () => void;
    const bRenewal = new Promise<void>((resolve) => {
      bAnswered = resolve;
    });
    const answers: Record<'a' | 'b', { status: number; token: string | null }[]> = { a: [], b: [] };
    const tokenIn = async (response: { json(): Promise<unknown> }) =>
      ((await response.json().catch(() => null)) as { body?: { token?: string } } | null)?.body?.token ?? null;
    await a.route('**/api/auth/renew', async (route) => {
      const response = await route.fetch();
      answers.a.push({ status: response.status(), token: await tokenIn(response) });
      await bRenewal;
      await route.fulfill({ response });
    });
    b.on('response', (response) => {
      if (!response.url().endsWith('/api/auth/renew')) return;
      void tokenIn(response).then((token) => {
        answers.b.push({ status: response.status(), token });
        bAnswered();
      });
    });
    // 21 min without activity: the same check in both tabs renews (SPEC §4), with the same token
    await jump(a, 21 * MIN);
    await bRenewal;
    await storedTokenReplaced(a, replaced);
    await Promise.all([apiSettled(a), apiSettled(b)]);
    const renewed = answers.a[0]?.token;
    expect(answers.a).toEqual([{ status: 200, token: expect.any(String) }]);
    expect(answers.b).toEqual([{ status: 200, token: renewed }]);
    expect(renewed).not.toBe(replaced);
    await expect(storedToken(a)).resolves.toBe(renewed);
    for (const page of [a, b]) {
      await expect(page.url()).toMatch(/\/app$/);
      await expect(page.getByText('Could not renew session token').count()).resolves.toBe(0);
    }
    // B goes on with that token: the catalog answers
    await openCatalog(b);
    await b.getByText('Your school has no modules in its catalog yet.').waitFor();
    await expectAccessible(b);
  });

  it('two tabs whose session checks renew the same token at once, with Web Locks: one renewal request, the other tab adopts its token; both stay signed in, no alert', async () => {
    const { a, b } = await twoSignedInTabs();
    const replaced = await storedToken(a);
    const renewals: string[] = [];
    for (const [name, page] of [['a', a], ['b', b]] as const) {
      page.on('request', (request) => {
        if (request.url().endsWith('/api/auth/renew')) renewals.push(name);
      });
    }
    // 21 min without activity: the same check in both tabs asks for a renewal (SPEC §4)
    await jump(a, 21 * MIN);
    await storedTokenReplaced(a, replaced);
    await Promise.all([apiSettled(a), apiSettled(b)]);
    const renewed = await storedToken(a);
    expect(renewals).toHaveLength(1);
    // B holds the renewed token: its next request carries it
    const catalog = b.waitForResponse((response) => response.url().endsWith('/api/service'));
    await openCatalog(b);
    const answer = await catalog;
    expect(answer.status()).toBe(200);
    expect(answer.request().headers().authorization).toBe(`Bearer ${renewed}`);
    for (const page of [a, b]) {
      await expect(page.getByText('Could not renew session token').count()).resolves.toBe(0);
    }
    await b.getByText('Your school has no modules in its catalog yet.').waitFor();
    await expectAccessible(b);
  });

  it('[S4.14][S4.16] both tabs warn after 26 idle minutes; Stay Signed In in tab A closes tab B\'s dialog too, and B goes on with A\'s new token', async () => {
    const { a, b } = await twoSignedInTabs();
    const before = await storedToken(a);
    await jump(a, 26 * MIN);
    await dialogOrWhyNot(a);
    await dialogOrWhyNot(b);
    await dialog(a).getByRole('button', { name: 'Stay Signed In' }).click();
    await dialog(a).waitFor({ state: 'hidden' });
    await storedTokenReplaced(a, before);
    const renewed = await storedToken(a);
    // B adopts the renewal when the browser's storage event brings it, and with it the activity A
    // recorded, which closes its dialog; or at its next check: each page has a fake clock of its
    // own, B's can be a few milliseconds behind A's, and a tab takes no activity time later than
    // its own clock (one set back must not keep a session alive)
    await apiSettled(a);
    await step(a, 30_000);
    await dialog(b).waitFor({ state: 'hidden' });
    await apiSettled(b);
    const catalog = b.waitForResponse((response) => response.url().endsWith('/api/service'));
    await openCatalog(b);
    const answer = await catalog;
    expect(answer.status()).toBe(200);
    expect(answer.request().headers().authorization).toBe(`Bearer ${renewed}`);
    await b.getByText('Your school has no modules in its catalog yet.').waitFor();
    for (const page of [a, b]) await expect(page.getByText('Could not renew session token').count()).resolves.toBe(0);
    await expectAccessible(b);
  });

  it('a tab opened while tab A renews: its start-up check, refused for the replaced token, adopts A\'s renewal instead of signing every tab out', async () => {
    const a = await clockedPage();
    await signedInWithTimer(a);
    const replaced = await storedToken(a);
    // A's renewal waits until B's start-up check of the stored session (the replaced token) has
    // reached B's route, and that check reaches the server only after A's renewal
    let checkArrived!: () => void;
    const checking = new Promise<void>((resolve) => {
      checkArrived = resolve;
    });
    let renewedInA!: () => void;
    const renewed = new Promise<void>((resolve) => {
      renewedInA = resolve;
    });
    await a.route('**/api/auth/renew', async (route) => {
      await checking;
      await route.continue();
    });
    await jump(a, 21 * MIN);
    const b = await clockedPage();
    const checks: string[] = [];
    await b.route('**/api/auth/user', async (route) => {
      checks.push(route.request().headers().authorization ?? '');
      checkArrived();
      await renewed;
      await route.continue();
    });
    // the home page asks for the learner's progress once it has rendered; a request B sent with the
    // replaced token that reached the server after A's renewal is refused and sent again with A's
    // token (api/apiSaga.ts), so the answer that counts is the first 200
    const services: Response[] = [];
    b.on('response', (response) => {
      if (response.url().endsWith('/api/service')) services.push(response);
    });
    const summary = b.waitForResponse((response) => response.url().endsWith('/api/service') && response.status() === 200);
    const refused = b.waitForResponse((response) => response.url().endsWith('/api/auth/user'));
    await b.goto('/app', { waitUntil: 'commit' });
    await checking;
    await storedTokenReplaced(a, replaced);
    const token = await storedToken(a);
    renewedInA();
    await expect(refused.then((response) => response.status())).resolves.toBe(401);
    // B starts signed in with A's token; cc:auth, which every tab shares, still holds it
    await b.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, Maya/ }).waitFor();
    const progress = await summary;
    expect(progress.status()).toBe(200);
    expect(progress.request().headers().authorization).toBe(`Bearer ${token}`);
    await apiSettled(b);
    for (const answer of services.filter((response) => response.status() !== 200)) {
      expect([answer.status(), answer.request().headers().authorization]).toEqual([401, `Bearer ${replaced}`]);
    }
    expect(checks).toEqual([`Bearer ${replaced}`]);
    await expect(storedToken(b)).resolves.toBe(token);
    await expect(b.url()).toMatch(/\/app$/);
    await expect(a.url()).toMatch(/\/app$/);
    await expect(a.getByText('You were signed out in another tab.').count()).resolves.toBe(0);
    await expectAccessible(b);
  });

  it('a tab left on the sign-in page follows a sign-in made in another tab, to its own page', async () => {
    const b = await clockedPage();
    await b.goto('/login?redirect=%2Fapp%2Fcatalog');
    // the app's own page (the prerendered copy's button is disabled until the app runs)
    await b.waitForFunction(() => {
      const button = document.querySelector<HTMLButtonElement>('form[aria-label="Sign in"] button[type="submit"]');
      return Boolean(button) && !button!.disabled && !document.querySelector('[data-prerendered]');
    });
    const a = await clockedPage();
    await signedInWithTimer(a);
    await b.waitForURL('**/app/catalog');
    await b.getByText('Your school has no modules in its catalog yet.').waitFor();
    await expect(storedToken(b)).resolves.toBe(await storedToken(a));
    await expect(a.url()).toMatch(/\/app$/);
    await expectAccessible(b);
  });

  it('browser closed and reopened 31 min later → /login, not the previous student\'s home', async () => {
    const first = await clockedPage();
    await signedInWithTimer(first);
    await first.close();
    server.advance(31 * MIN);
    offsetSoFar += 31 * MIN;
    const next = await clockedPage();
    await next.goto('/app');
    await next.waitForURL(/\/login\?reason=idle/);
    await next.getByText('You were signed out after 30 minutes without activity.').waitFor();
    await expect(storedToken(next)).resolves.toBeNull();
    await expect(next.getByText('Lincoln High School').count()).resolves.toBe(0);
  });
});

describe('a computer whose clock is wrong: every token rule in server time', () => {
  it.each([
    ['7 minutes fast', 7 * MIN],
    ['7 minutes slow', -7 * MIN],
  ])("[S4.14] browser clock %s: the dialog at 26 idle minutes, 'Sign Out Now' signs out; at most one renewal request per idle minute", async (_label, skewMs) => {
    const page = await clockedPage(skewMs);
    // the renewal answers that reached the server, by the idle minute they came in
    let minute = 0;
    const renewals: { minute: number; status: number }[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/auth/renew')) renewals.push({ minute, status: response.status() });
    });
    const summaryLoaded = page.waitForResponse((response) => response.url().endsWith('/api/service'));
    await signedInWithTimer(page);
    await expect(summaryLoaded.then((response) => response.status())).resolves.toBe(200);
    // the sign-in's answer told the page the server's time: its offset is the skew, the other way
    const learned = await page.evaluate(() => Number(localStorage.getItem('cc:serverClockOffset')));
    expect(Math.abs(learned + skewMs)).toBeLessThan(5_000);
    // 26 minutes without activity, every 30-s check run (steady time); each check's requests are
    // answered before the next check, as they are in real time (virtual time would otherwise pass 30
    // s while a renewal is still on its way on a loaded machine, and the next check ask again)
    for (minute = 1; minute <= 26; minute += 1) {
      for (let half = 0; half < 2; half += 1) {
        await step(page, MIN / 2);
        await apiSettled(page);
      }
      if (minute < 25) await expect(dialog(page).count()).resolves.toBe(0);
    }
    await dialogOrWhyNot(page);
    await expect(page.url()).toMatch(/\/app$/);
    await expectAccessible(page);
    await dialog(page).getByRole('button', { name: 'Sign Out Now' }).click();
    // signed out by choice: the sign-in page without a reason (the guard may add the way back)
    await page.waitForURL(/\/login(\?redirect=%2Fapp)?$/);
    await expect(storedToken(page)).resolves.toBeNull();
    await expectAccessible(page);

    // the renewals came in server time (a fast clock asked from minute 13, one every check), and
    // stopped once one could not extend the token (the server's idle cap)
    expect(renewals.length).toBeGreaterThanOrEqual(1);
    expect(renewals.every(({ status }) => status === 200)).toBe(true);
    const perMinute = new Map<number, number>();
    for (const { minute: at } of renewals) perMinute.set(at, (perMinute.get(at) ?? 0) + 1);
    expect(Math.max(...perMinute.values())).toBe(1);
    expect(renewals.length).toBeLessThanOrEqual(26);
    expect(Math.min(...renewals.map(({ minute: at }) => at))).toBeGreaterThanOrEqual(20);
    await expect(page.getByText('Could not renew session token').count()).resolves.toBe(0);
  }, 120_000);
});
