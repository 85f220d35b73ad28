/**
 * Upstream faults, in the browser: the OneLook service — the one every learner page's
 * data comes through — is moved to a fake upstream that misbehaves: the catalog answers garbage (HTML
 * under 200), the knowledge base hangs, the profile refuses with a 503. The SPA shows the proxy's
 * message on each page (error state with "Try again"), and what does not depend on the service keeps
 * working: sign-in, the home page, navigation, the public pages, sign-out. axe on every page visited.
 *
 * Its own in-process server (support/clockServer.ts, fresh SQLite, demo accounts) so the global E2E
 * server stays healthy for the other files.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { API_MESSAGES } from '../../src/common/apiMessages';
import { expectAccessible, signInAs } from './support/browser';
import { openClockedBrowser } from './support/clockServer';

const UPSTREAM_TIMEOUT_MS = 1500;

let upstream: http.Server;
let upstreamUrl = '';
let context: BrowserContext;
const hanging = new Set<http.ServerResponse>();
const upstreamCalls: string[] = [];

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    req.resume();
    const path = (req.url ?? '').split('?')[0] ?? '';
    upstreamCalls.push(path);
    if (path.startsWith('/onelook/catalog')) {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Gateway says hello</body></html>');
    } else if (path.startsWith('/onelook/kb')) {
      hanging.add(res); // never answers
      res.on('close', () => hanging.delete(res));
    } else {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"internal detail that must not leak"}');
    }
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/onelook`;
});
openClockedBrowser(
  (o) => ({ context } = o),
  () => ({ SERVICE_ONELOOK_URL: upstreamUrl, UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS) }),
);

afterAll(async () => {
  for (const res of hanging) res.destroy();
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
});

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first();
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

describe('an upstream service that fails, in the browser', () => {
  it('each page served by the failing service shows the message; sign-in, home, navigation, public pages and sign-out keep working', async () => {
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    // sign-in does not go through the service: it works
    await signInAs(page, 'learner', '/app');
    await h1(page).waitFor();
    await expectAccessible(page);

    // the catalog's upstream answers garbage → 502 → the catalog page says so, with a way to retry
    await mainNav(page).getByRole('link', { name: 'Catalog', exact: true }).click();
    await page.waitForURL('**/app/catalog');
    const catalogError = page.getByRole('alert').filter({ hasText: API_MESSAGES.upstreamFailed });
    await catalogError.waitFor();
    await expect(h1(page).textContent()).resolves.toBe('Catalog');
    await expectAccessible(page);
    const callsBefore = upstreamCalls.length;
    const retried = page.waitForResponse((r) => r.url().endsWith('/api/service') && r.status() === 502);
    await catalogError.getByRole('button', { name: 'Try again' }).click();
    await retried;
    expect(upstreamCalls.length).toBeGreaterThan(callsBefore);
    await catalogError.waitFor();

    // the knowledge base's upstream hangs → 504 after UPSTREAM_TIMEOUT_MS → its message
    await mainNav(page).getByRole('link', { name: 'Resources', exact: true }).click();
    await page.waitForURL('**/app/resources');
    await expectAccessible(page);
    const started = Date.now();
    await page.getByRole('link', { name: /Knowledge Base/ }).click();
    await page.waitForURL('**/app/resources/knowledge-base');
    await page.getByRole('alert').filter({ hasText: API_MESSAGES.upstreamTimeout }).waitFor({ timeout: UPSTREAM_TIMEOUT_MS + 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(UPSTREAM_TIMEOUT_MS - 100);
    await expectAccessible(page);

    // the profile's upstream answers 503 with its own message → ours is shown, theirs never
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL('**/app/profile');
    await page.getByText(API_MESSAGES.upstreamFailed).first().waitFor();
    await expect(page.getByText('internal detail that must not leak').count()).resolves.toBe(0);
    await expectAccessible(page);

    // what does not depend on the service still works: home, a public page, sign-out
    await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL(/\/app$/);
    await h1(page).waitFor();
    await expectAccessible(page);
    await page.goto('/app/about');
    await expect(h1(page).textContent()).resolves.toBe('About Cashwise');
    await expectAccessible(page);
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login**');
    await expect(page.evaluate(() => localStorage.getItem('cc:auth'))).resolves.toBeNull();
    await expectAccessible(page);

    expect(pageErrors).toEqual([]);
  });
});
