/**
 * The prerendered pages in real Chromium: GET /login and GET /app answer with the page
 * already in the HTML, so it is on screen and accessible before the app's scripts have run.
 *  - The sign-in page: until the app takes over, the copy is read-only (nothing typed or clicked
 *    there can be lost); then the app's page stands exactly where the copy was, usable, with the
 *    caret in the user name.
 *  - The home page (a signed-in student's, with no name and no school in the copy): the app then
 *    renders the learner's own page in the same place; a visitor with no stored session never sees
 *    the copy and is sent to the sign-in page.
 *  - Every other signed-in page of the shell (the catalog here): the shell with the page's title and
 *    its area marked in the navigation, then the app's page inside it.
 * The app's entry script is held back by the test to open that window wide. With RENDER_AHEAD=off
 * (a second server) none of this happens: index.html, and the app renders every page itself.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createStudent, DEMO_PASSWORD, expectAccessible, openBrowser, signIn } from './support/browser';
import { startClockServer } from './support/clockServer';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let release: () => void = () => undefined;

// declared before openBrowser: a held entry script is let go before the context closes
afterEach(() => {
  release();
  release = () => undefined;
});
openBrowser('test', (o) => ({ browser, context, page } = o));

/** From now on the SPA's entry (preloaded by the page, run by its boot script) waits for `release()`. */
async function holdTheEntry(): Promise<void> {
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(/\/assets\/main\.[0-9a-f]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
}

/** Collects the page's errors and console errors, and the app's word that a page rendered ahead differed from its own (main.tsx). */
function errorsOf(target: Page): string[] {
  const errors: string[] = [];
  target.on('pageerror', (error) => errors.push(String(error)));
  target.on('console', (message) => {
    if (message.type() === 'error' || (message.type() === 'warning' && message.text().includes('rendered ahead'))) errors.push(message.text());
  });
  return errors;
}

const signInButton = () => page.getByRole('button', { name: 'Sign in' });

describe('the prerendered sign-in page', () => {
  beforeEach(holdTheEntry);

  it('is on screen, read-only and accessible before the app runs, and in the same place once it has', async () => {
    const errors = errorsOf(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await expect(page.title()).resolves.toBe('Sign In - Cashwise');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await expect(page.getByLabel(/user name/i).isEditable()).resolves.toBe(false);
    await expect(page.getByLabel(/password/i).isEditable()).resolves.toBe(false);
    await expect(signInButton().isDisabled()).resolves.toBe(true);
    // Enter in a field of the copy submits nothing (its button is disabled): the address stays
    await page.getByLabel(/user name/i).press('Enter');
    expect(page.url()).toMatch(/\/login$/);
    await expectAccessible(page, { prerenderedCopy: true });
    const before = await signInButton().boundingBox();

    release();
    // the app's user name field (not read-only) has the caret
    await page.waitForFunction(() => {
      const field = document.getElementById('username');
      return field instanceof HTMLInputElement && !field.readOnly && document.activeElement === field;
    });
    await expect(signInButton().isEnabled()).resolves.toBe(true);
    // the app's page sits exactly where the copy was: nothing moves under the student's pointer
    await expect(signInButton().boundingBox()).resolves.toEqual(before);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it('takes a sign-in begun while the app was starting: the fields wait for it, then the page signs in', async () => {
    await page.goto('/login?redirect=%2Fapp%2Fprofile', { waitUntil: 'domcontentloaded' });
    // Playwright waits for the fields to be editable, as a student would type only once they are
    const typing = signIn(page, 'learner', DEMO_PASSWORD);
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/login');
    release();
    await typing;
    await page.waitForURL('**/app/profile');
    await expect(page.title()).resolves.toBe('Profile - Cashwise');
  });

  it('is not used for /login?reason=…: that address gets the app, which shows the reason', async () => {
    release();
    await page.goto('/login?reason=idle');
    await page.getByText(/signed out after/i).first().waitFor();
    await expect(page.getByLabel(/user name/i).isEditable()).resolves.toBe(true);
    await expectAccessible(page);
  });
});

/** Signs a student in (the demo learner unless said), from the sign-in page to the home page. */
async function signInAsLearner(userName = 'learner'): Promise<void> {
  await page.goto('/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await page.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, / }).waitFor();
}

describe('the prerendered home page', () => {
  const areaCard = () => page.getByRole('link', { name: /^Catalog Work through modules/ });

  it("is on screen and accessible before the app runs; the app then shows the learner's own page in the same place", async () => {
    // a student in no class: their Home is the copy's, filled in (one with class work: the next test)
    await signInAsLearner(createStudent('Maya', 'Okafor'));
    await holdTheEntry();
    const errors = errorsOf(page);

    await page.goto('/app', { waitUntil: 'domcontentloaded' });
    await expect(page.title()).resolves.toBe('Home - Cashwise');
    // the copy: no name, no school, the area cards
    await page.getByRole('heading', { level: 1, name: 'Welcome!' }).waitFor();
    await areaCard().waitFor();
    await expect(page.getByText('Maya').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Account menu', exact: true }).isVisible()).resolves.toBe(true);
    // the copy's buttons take no click until the app runs (bootSignedIn.ts); its links work
    await expect(page.getByRole('button', { name: 'Account menu', exact: true }).isDisabled()).resolves.toBe(true);
    await expectAccessible(page, { prerenderedCopy: true });
    const before = await areaCard().boundingBox();

    release();
    await page.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, Maya/ }).waitFor();
    await page.getByText(/^You're learning with/).filter({ hasText: /High School/ }).waitFor();
    await expect(page.getByRole('button', { name: /^Account menu for Maya/ }).isEnabled()).resolves.toBe(true);
    // the area cards sit exactly where the copy's were
    await expect(areaCard().boundingBox()).resolves.toEqual(before);
    await areaCard().click();
    await page.waitForURL('**/app/catalog');
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it('for a student with class work, the next step and "Assigned to you" are in the app\'s first render, above the cards; then nothing on Home moves', async () => {
    await signInAsLearner();
    await holdTheEntry();
    await page.goto('/app', { waitUntil: 'domcontentloaded' });
    await areaCard().waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, Maya/ }).waitFor();
    // the next step and the list came with the page (Home's loader), not after it
    await expect(page.getByTestId('next-step').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('region', { name: 'Assigned to you' }).isVisible()).resolves.toBe(true);
    const list = await page.getByRole('region', { name: 'Assigned to you' }).boundingBox();
    const card = await areaCard().boundingBox();
    expect(card!.y).toBeGreaterThan(list!.y + list!.height);
    await page.getByRole('region', { name: /^(Continue where you left off|Start here|Up next)$/ }).waitFor();
    await page.waitForTimeout(1_000);
    await expect(areaCard().boundingBox()).resolves.toEqual(card);
    await expectAccessible(page);
  });

  it('is not shown to a visitor with no stored session: the sign-in page follows an empty page', async () => {
    await holdTheEntry();
    await page.goto('/app', { waitUntil: 'domcontentloaded' });
    // bootSignedIn.ts emptied #root before the app's scripts ran
    await page.waitForFunction(() => document.getElementById('root')?.childElementCount === 0);
    await expect(page.getByRole('heading', { name: 'Welcome!' }).count()).resolves.toBe(0);
    release();
    await page.waitForURL('**/login?redirect=%2Fapp');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await expectAccessible(page);
  });
});

describe("a signed-in page's prerendered shell", () => {
  const resourcesLink = () => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' });

  it('frames the page before the app runs, with its title, its area marked; the app then puts the page in it', async () => {
    await signInAsLearner();
    await holdTheEntry();
    const errors = errorsOf(page);

    // the knowledge base's home: a page the server does not render ahead (renderAhead/pageDataRoutes.ts)
    await page.goto('/app/resources/knowledge-base', { waitUntil: 'domcontentloaded' });
    await expect(page.title()).resolves.toBe('Knowledge Base - Cashwise');
    await resourcesLink().waitFor();
    await expect(resourcesLink().getAttribute('aria-current')).resolves.toBe('page');
    await expect(page.getByRole('button', { name: 'Account menu', exact: true }).isVisible()).resolves.toBe(true);
    // no page yet: a heading for assistive technology, out of sight, and the page's skeleton (a
    // polite "Loading page" status whose shapes are hidden from assistive technology)
    await expect(page.locator('main').evaluate((main) => [...main.children].map((child) => child.tagName))).resolves.toEqual(['H1', 'DIV']);
    await expect(page.locator('main > [data-page-skeleton]').getAttribute('role')).resolves.toBe('status');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Loading page');
    await expect(page.getByRole('heading', { level: 1 }).boundingBox()).resolves.toMatchObject({ width: 1, height: 1 });
    await expectAccessible(page, { prerenderedCopy: true });
    const before = await resourcesLink().boundingBox();

    release();
    await page.getByRole('heading', { level: 1, name: 'Knowledge Base' }).waitFor();
    await expect(page.getByRole('button', { name: /^Account menu for Maya/ }).isVisible()).resolves.toBe(true);
    await expect(resourcesLink().boundingBox()).resolves.toEqual(before);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it('is not shown to a visitor with no stored session: the sign-in page follows, with the address to come back to', async () => {
    await holdTheEntry();
    await page.goto('/app/catalog', { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.getElementById('root')?.childElementCount === 0);
    release();
    await page.waitForURL('**/login?redirect=%2Fapp%2Fcatalog');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  });
});

/** The service paths the page asks for (POST /api/service) from now on. */
function servicePathsAskedBy(target: Page): string[] {
  const paths: string[] = [];
  target.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/service') paths.push(String((request.postDataJSON() as { path?: unknown }).path));
  });
  return paths;
}

/** True while #root still holds a copy (the app has not rendered yet). */
const copyShown = () => page.evaluate(() => document.getElementById('root')?.firstElementChild?.hasAttribute('data-prerendered') ?? false);
/** Resolves once the app has rendered over the copy. */
/** A module card's one action (Start, Continue or Review: what it does depends on the student's progress). */
const cardActions = () => page.getByRole('list', { name: 'Modules' }).getByRole('link', { name: /^(Start|Continue|Review) / });

const appRendered = () => page.waitForFunction(() => !document.getElementById('root')?.firstElementChild?.hasAttribute('data-prerendered'));

describe("a student's page rendered by the server ahead of the app", () => {
  it('shows the catalog with their modules before the app runs; the app then shows it in the same place without asking again', async () => {
    await signInAsLearner();
    await holdTheEntry();
    const errors = errorsOf(page);
    const asked = servicePathsAskedBy(page);

    await page.goto('/app/catalog', { waitUntil: 'domcontentloaded' });
    const firstOpen = cardActions().first();
    await firstOpen.waitFor();
    await expect(copyShown()).resolves.toBe(true);
    await expect(page.title()).resolves.toBe('Catalog - Cashwise');
    await expect(page.getByRole('heading', { level: 1, name: 'Catalog' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: /^Account menu for Maya/ }).isVisible()).resolves.toBe(true);
    await expectAccessible(page, { prerenderedCopy: true });
    const modules = await cardActions().count();
    expect(modules).toBeGreaterThan(0);
    const before = await firstOpen.boundingBox();
    const heading = await page.getByRole('heading', { level: 1, name: 'Catalog' }).elementHandle();

    release();
    await appRendered();
    // hydrated, not replaced: the page's elements are the ones the server sent
    // (on a failure, the errors say why: React's word on what differed)
    await expect(heading!.evaluate((element) => element.isConnected).then((connected) => ({ connected, errors }))).resolves.toEqual({ connected: true, errors: [] });
    await expect(cardActions().count()).resolves.toBe(modules);
    await expect(firstOpen.boundingBox()).resolves.toEqual(before);
    await expectAccessible(page);
    // the app took the answers the page was rendered with: it did not ask for the catalog again
    expect(asked).not.toContain('/catalog');
    // and the page works: the module opens (at its home, or where the student left off)
    const to = await firstOpen.getAttribute('href');
    await firstOpen.click();
    await page.waitForURL(`**${to}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(errors).toEqual([]);
  });

  it("is replaced by the app, as any copy, when the chunk that hydrates it cannot load; the page works", async () => {
    await signInAsLearner();
    await context.route(/\/assets\/hydrate\.[0-9a-f]+\.js$/, (route) => route.abort());
    await holdTheEntry();
    const errors = errorsOf(page);

    await page.goto('/app/catalog', { waitUntil: 'domcontentloaded' });
    const firstOpen = cardActions().first();
    await firstOpen.waitFor();
    await expect(copyShown()).resolves.toBe(true);
    const heading = await page.getByRole('heading', { level: 1, name: 'Catalog' }).elementHandle();

    release();
    await appRendered();
    // the app's own page in its place (the chunk's failed load is the browser's word, not the app's)
    await expect(heading!.evaluate((element) => element.isConnected)).resolves.toBe(false);
    await page.getByRole('heading', { level: 1, name: 'Catalog' }).waitFor();
    await expect(page.getByRole('button', { name: 'Get Help' }).isEnabled()).resolves.toBe(true);
    // the module opens at its home, or where the student left off (other files may have moved them on)
    const to = await firstOpen.getAttribute('href');
    await firstOpen.click();
    await page.waitForURL(`**${to}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(errors.filter((error) => !error.includes('Failed to load resource'))).toEqual([]);
  });

  it('shows a knowledge-base article before the app runs; the app shows the same article without asking again', async () => {
    await signInAsLearner();
    await holdTheEntry();
    const errors = errorsOf(page);
    const asked = servicePathsAskedBy(page);

    await page.goto('/app/resources/knowledge-base/budgeting-and-spending/fixed-vs-variable-expenses', { waitUntil: 'domcontentloaded' });
    const heading = page.getByRole('heading', { level: 1, name: /Fixed vs\. Variable Expenses/ });
    await heading.waitFor();
    await expect(copyShown()).resolves.toBe(true);
    await expect(page.getByRole('article').isVisible()).resolves.toBe(true);
    // [S2.17] the page the server rendered carries the article's own name in the tab, as the app's does
    const title = "Fixed vs. Variable Expenses: What's the Difference? - Cashwise";
    await expect(page.title()).resolves.toBe(title);
    await expectAccessible(page, { prerenderedCopy: true });
    const served = await heading.elementHandle();

    release();
    await appRendered();
    await heading.waitFor();
    await expect(page.title()).resolves.toBe(title);
    await expect(served!.evaluate((element) => element.isConnected).then((connected) => ({ connected, errors }))).resolves.toEqual({ connected: true, errors: [] });
    // the app's page works: the article is bookmarked, then not (as the test found it)
    await page.getByRole('button', { name: 'Bookmark', exact: true }).click();
    await page.getByRole('button', { name: 'Bookmarked', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Bookmarked', exact: true }).click();
    await page.getByRole('button', { name: 'Bookmark', exact: true }).waitFor();
    expect(asked.filter((p) => p === '/kb/articles/budgeting-and-spending/fixed-vs-variable-expenses')).toEqual([]);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it("shows a section with its buttons disabled until the app runs; the app's buttons then work", async () => {
    await signInAsLearner();
    // find a section's address the way a student would
    await page.goto('/app/catalog');
    const module = await cardActions().first().getAttribute('href');
    // the module's home: Continue would go where the student left off
    await page.goto(`/app/catalog/${module!.split('/')[3]}`);
    await page.getByRole('list', { name: 'Materials' }).getByRole('link').first().click();
    await page.getByRole('list', { name: 'Sections' }).getByRole('link').first().click();
    await page.getByRole('article').waitFor();
    const section = new URL(page.url()).pathname;
    expect(section).toMatch(/^\/app\/catalog\/[^/]+\/material\/[^/]+\/section\/[^/]+$/);
    await holdTheEntry();
    const errors = errorsOf(page);
    const asked = servicePathsAskedBy(page);

    await page.goto(section, { waitUntil: 'domcontentloaded' });
    await page.getByRole('article').waitFor();
    await expect(copyShown()).resolves.toBe(true);
    // [S2.17] the section's own name in the tab from the server's page on, not "Section - Cashwise"
    const sectionTitle = `${await page.getByRole('heading', { level: 1 }).textContent()} - Cashwise`;
    expect(sectionTitle).not.toBe('Section - Cashwise');
    await expect(page.title()).resolves.toBe(sectionTitle);
    const bookmark = page.getByRole('button', { name: /^(Bookmark|Remove bookmark)$/ });
    // a click on the copy would be lost: its buttons take none until the app runs
    await expect(bookmark.isDisabled()).resolves.toBe(true);
    await expectAccessible(page, { prerenderedCopy: true });
    const served = await bookmark.elementHandle();

    release();
    await appRendered();
    await expect(bookmark.isEnabled()).resolves.toBe(true);
    await expect(page.title()).resolves.toBe(sectionTitle);
    // the app hydrated the button the server sent, and gave it back its click
    await expect(served!.evaluate((element) => element.isConnected).then((connected) => ({ connected, errors }))).resolves.toEqual({ connected: true, errors: [] });
    // the app took the section it was rendered with (a bookmark's change asks for it again)
    expect(asked.filter((p) => p.includes('/sections/'))).toEqual([]);
    // its click works: bookmarked, then not, or the other way round (as the test found it)
    const label = (await bookmark.textContent())?.trim();
    const other = label === 'Bookmark' ? 'Remove bookmark' : 'Bookmark';
    await bookmark.click();
    await page.getByRole('button', { name: other, exact: true }).waitFor();
    await page.getByRole('button', { name: other, exact: true }).click();
    await page.getByRole('button', { name: label, exact: true }).waitFor();
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it('is never asked for with an idle stored session: the next student on a shared computer sees nobody\'s page, nor a shell', async () => {
    await signInAsLearner();
    // the student walked away over half an hour ago (the last activity every tab records); set
    // on a page of the site without the app, whose session timer would record a newer one
    await page.goto('/favicon.svg');
    await page.evaluate(() => window.localStorage.setItem('cc:lastActivity', String(Date.now() - 31 * 60_000)));
    await holdTheEntry();
    const pageRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/page') pageRequests.push(request.url());
    });

    await page.goto('/app/catalog', { waitUntil: 'domcontentloaded' });
    // nor the shell: bootSignedIn.ts emptied #root before the app's scripts ran, as for no session
    await page.waitForFunction(() => document.getElementById('root')?.childElementCount === 0);
    await expect(page.getByRole('heading', { name: 'Loading page' }).count()).resolves.toBe(0);
    release();
    await page.waitForURL('**/login?reason=idle**');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(pageRequests).toEqual([]);
    await expect(page.getByRole('link', { name: /^(Start|Continue|Review) / }).count()).resolves.toBe(0);
  });
});

describe('with the render-ahead layer off (RENDER_AHEAD=off)', () => {
  it('answers every page with index.html; the app renders the sign-in page, the home page and the catalog itself', async () => {
    const server = await startClockServer({ RENDER_AHEAD: 'off' });
    const plain = await browser.newContext({ baseURL: server.url, viewport: { width: 1024, height: 600 } });
    try {
      const tab = await plain.newPage();
      const errors = errorsOf(tab);
      const asked: string[] = [];
      tab.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/page') asked.push(request.url());
      });
      const copyInHtml = async (url: string) => ((await (await plain.request.get(url, { headers: { accept: 'text/html' } })).text()).includes('data-prerendered'));
      for (const url of ['/login', '/app', '/app/catalog']) await expect(copyInHtml(url)).resolves.toBe(false);

      await tab.goto('/login');
      await tab.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      await expectAccessible(tab);
      await signIn(tab, 'learner', DEMO_PASSWORD);
      await tab.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, / }).waitFor();
      await expectAccessible(tab);

      // (this server imports no content: the catalog is the page itself, with no module)
      await tab.goto('/app/catalog');
      await tab.getByRole('heading', { level: 1, name: 'Catalog' }).waitFor();
      await expect(tab.title()).resolves.toBe('Catalog - Cashwise');
      await expectAccessible(tab);
      expect(asked).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await plain.close();
      await server.close();
    }
  });
});
