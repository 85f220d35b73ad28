/**
 * A school's slow Wi-Fi (400 kbit/s, 400 ms latency, Chrome DevTools' network emulation): a lazily
 * loaded page shows a skeleton of its layout at once, inside the shell, never a blank page below the
 * header while its code and data arrive; the skeleton is axe-clean, and the page replaces it.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessible, openBrowser, signIn } from './support/browser';

let context: BrowserContext;
let page: Page;
openBrowser('test', (o) => ({ context, page } = o));

/** 400 kbit/s both ways and 400 ms of latency, from now on. */
async function slowWifi(target: Page): Promise<void> {
  const cdp = await context.newCDPSession(target);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1024) / 8,
    uploadThroughput: (400 * 1024) / 8,
  });
}

const skeleton = (target: Page) => target.locator('main [data-page-skeleton]');

describe('slow connections', () => {
  it.each([
    ['the activity page', '/app/activity', 'rows'],
    ['a section', '/app/catalog/budgeting/material/making-your-first-budget/section/what-a-budget-does', 'article'],
  ])('%s shows its skeleton below the header at once, axe-clean, then the page', async (_label, path, kind) => {
    await page.goto(`/login?redirect=${encodeURIComponent('/app')}`);
    await signIn(page, 'learner');
    await page.waitForURL('**/app');
    await slowWifi(page);
    await page.goto(path, { waitUntil: 'commit' });
    // the first paint of the address: the shell with the page's skeleton, long before its code
    await skeleton(page).first().waitFor({ timeout: 5_000 });
    await expect(skeleton(page).first().getAttribute('data-page-skeleton')).resolves.toBe(kind);
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(true);
    await expectAccessible(page, { prerenderedCopy: true });
    // then the page itself replaces it
    await page.locator('#root > :not([data-prerendered]) main h1').first().waitFor({ timeout: 180_000 });
    await expectAccessible(page);
    // the whole app over 400 kbit/s: minutes on a busy test machine
  }, 240_000);
});
