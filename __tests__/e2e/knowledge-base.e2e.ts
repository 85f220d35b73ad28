/**
 * The knowledge base's user path in real Chromium: resources → knowledge base → search "APR" as you type →
 * open the article → bookmark it (state survives a reload, the API reports it, the activity page lists it) →
 * topic page →
 * search "interest" with highlighted snippets → unknown slugs are Not Found. axe on every page.
 * The bookmark is then found on /app/activity/bookmarks-budgets under the article's title.
 * Search as students type it: typos, the field's spellings and synonyms, "Did you mean …", and the
 * query kept in the address (?q=) through Back, a reload and a shared link.
 */
import { KB_ARTICLES } from '../../src/common/catalog';
import type { Page } from 'playwright-core';
import { expectAccessible, openBrowser, signInAs } from './support/browser';

let page: Page;
openBrowser('test', (o) => ({ page } = o));

/** A proxy call from inside the page, with the signed-in session's token (as the SPA sends it). */
async function service<T>(path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const stored = JSON.parse(localStorage.getItem('cc:auth') ?? '{}') as { token?: string };
    const response = await fetch('/api/service', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-key': localStorage.getItem('appKey') ?? 'cashwise-web', authorization: `Bearer ${stored.token ?? ''}` },
      body: JSON.stringify({ path: p }),
    });
    return (await response.json()) as T;
  }, path);
}

const searchBox = () => page.getByRole('searchbox', { name: 'Search the knowledge base' });

describe('knowledge base: find, read and bookmark', () => {
  it('search "APR", open the article, bookmark it; the bookmark is kept', async () => {
    await signInAs(page, 'learner', '/app/resources');
    await expect(page.title()).resolves.toBe('Resources - Cashwise');
    await expectAccessible(page);

    await page.getByRole('link', { name: /Knowledge Base/ }).click();
    await page.waitForURL('**/app/resources/knowledge-base');
    await expect(page.title()).resolves.toBe('Knowledge Base - Cashwise');
    await page.getByRole('list', { name: 'Topics' }).waitFor();
    await expect(page.getByRole('list', { name: 'Topics' }).getByRole('listitem').count()).resolves.toBe(Object.keys(KB_ARTICLES).length);
    await expectAccessible(page);

    await searchBox().pressSequentially('APR', { delay: 40 });
    const results = page.getByRole('list', { name: 'Search results' });
    await results.waitFor();
    await expect(page.getByRole('status').filter({ hasText: /match "APR"/ }).isVisible()).resolves.toBe(true);
    const first = results.getByRole('listitem').first();
    await expect(first.getByRole('link').textContent()).resolves.toMatch(/What Is APR\?/);
    await expect(first.locator('mark').first().textContent()).resolves.toMatch(/^apr/i);
    await expectAccessible(page);

    await first.getByRole('link').click();
    await page.waitForURL('**/app/resources/knowledge-base/credit-and-debt/apr');
    await page.getByRole('heading', { level: 1, name: /What Is APR\?/ }).waitFor();
    // [S2.17] the article's own name names the tab, not "Article - Cashwise"
    await expect(page.title()).resolves.toBe('What Is APR? (And How Is It Different From APY?) - Cashwise');
    await expect(page.getByRole('heading', { level: 2, name: 'Key terms' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('list', { name: 'Related articles' }).getByRole('listitem').count()).resolves.toBe(4);
    await expect(page.getByRole('button', { name: 'Print' }).isVisible()).resolves.toBe(true);
    await expectAccessible(page);

    const bookmark = page.getByRole('button', { name: 'Bookmark' });
    await expect(bookmark.getAttribute('aria-pressed')).resolves.toBe('false');
    await bookmark.click();
    const bookmarked = page.getByRole('button', { name: 'Bookmarked' });
    await bookmarked.waitFor();
    await expect(bookmarked.getAttribute('aria-pressed')).resolves.toBe('true');
    await expectAccessible(page);

    await page.reload();
    await page.getByRole('button', { name: 'Bookmarked' }).waitFor();
    await expect((await service<{ bookmarked: boolean }>('/kb/articles/credit-and-debt/apr')).bookmarked).toBe(true);

    // listed on the activity page under the article's own title, and it opens the article
    await page.goto('/app/activity/bookmarks-budgets');
    const item = page.getByRole('list', { name: 'Bookmarks' }).getByRole('listitem').filter({ hasText: 'What Is APR?' });
    await item.waitFor();
    await expectAccessible(page);
    await item.getByRole('link', { name: /^Open What Is APR\?/ }).click();
    await page.waitForURL('**/app/resources/knowledge-base/credit-and-debt/apr');

    // clean up, so the run can be repeated against the same server
    await page.getByRole('button', { name: 'Bookmarked' }).click();
    await page.getByRole('button', { name: 'Bookmark', exact: true }).waitFor();
    await expect((await service<{ bookmarked: boolean }>('/kb/articles/credit-and-debt/apr')).bookmarked).toBe(false);
  });

  it('searching "interest" lists the matching articles with highlighted snippets; junk gets a friendly empty state', async () => {
    await signInAs(page, 'learner', '/app/resources/knowledge-base');
    await searchBox().pressSequentially('interest', { delay: 30 });
    const results = page.getByRole('list', { name: 'Search results' });
    await results.waitFor();
    await page.getByRole('status').filter({ hasText: /articles match "interest"/ }).waitFor();
    const items = results.getByRole('listitem');
    await expect(items.count()).resolves.toBeGreaterThanOrEqual(5);
    const titles = await items.getByRole('link').allTextContents();
    expect(titles.slice(0, 2).join(' ')).toMatch(/Interest/);
    await expect(results.locator('mark').count()).resolves.toBeGreaterThanOrEqual(5);
    for (const mark of (await results.locator('mark').allTextContents()).slice(0, 10)) expect(mark.toLowerCase()).toMatch(/^interest/);
    await expectAccessible(page);

    await searchBox().fill('*** AND OR "');
    await page.getByRole('status').filter({ hasText: /No articles match/ }).waitFor();
    await expect(results.count()).resolves.toBe(0);
    await expectAccessible(page);
  });

  it('a topic page lists its articles; unknown topic and article slugs show Not Found', async () => {
    await signInAs(page, 'learner', '/app/resources/knowledge-base/credit-and-debt');
    await page.getByRole('heading', { level: 1, name: 'Credit and Debt' }).waitFor();
    await expect(page.title()).resolves.toBe('Credit and Debt - Cashwise');
    await expect(page.getByRole('list', { name: 'Articles about Credit and Debt' }).getByRole('listitem').count()).resolves.toBe(KB_ARTICLES['credit-and-debt']!.length);
    await expectAccessible(page);

    await page.goto('/app/resources/knowledge-base/no-such-topic');
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await expectAccessible(page);
    await page.goto('/app/resources/knowledge-base/credit-and-debt/no-such-article');
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await expectAccessible(page);
  });
});

describe('knowledge base: search finds what students type, and keeps it in the address', () => {
  // several pages and axe runs a test: on a loaded shared machine that takes more than the default minute
  jest.setTimeout(150_000);
  const results = () => page.getByRole('list', { name: 'Search results' });
  const firstTitle = () => results().getByRole('listitem').first().getByRole('link').textContent();

  it.each([
    ['intrest', /Interest/, 'interest'],
    ['morgage', /Mortgage/, 'mortgage'],
    ['w4', /W-4 Form/, null],
    ['401k', /401\(k\)/, null],
    ['credit card debt payoff', /Pay the Minimum on a Credit Card/, null],
  ])('"%s" lists a relevant article first', async (query, title, suggestion) => {
    await signInAs(page, 'learner', '/app/resources/knowledge-base');
    await searchBox().pressSequentially(query, { delay: 20 });
    await page.getByRole('status').filter({ hasText: new RegExp(`match(es)? "${query.replace(/[()]/g, '\\$&')}"`) }).waitFor();
    await expect(firstTitle()).resolves.toMatch(title);
    if (suggestion) {
      await expect(page.getByText(`Did you mean ${suggestion}?`).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('link', { name: suggestion, exact: true }).isVisible()).resolves.toBe(true);
    } else {
      await expect(page.getByText(/^Did you mean/).count()).resolves.toBe(0);
    }
    await expectAccessible(page);
  });

  it('?q= survives Back from an article and a reload', async () => {
    await signInAs(page, 'learner', '/app/resources/knowledge-base');
    await searchBox().pressSequentially('intrest', { delay: 30 });
    await results().waitFor();
    await page.waitForURL('**/app/resources/knowledge-base?q=intrest');
    const title = await firstTitle();
    await expectAccessible(page);

    await results().getByRole('listitem').first().getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: title ?? '' }).waitFor();
    await page.goBack();
    await page.waitForURL('**/app/resources/knowledge-base?q=intrest');
    await results().waitFor();
    await expect(searchBox().inputValue()).resolves.toBe('intrest');
    await expect(firstTitle()).resolves.toBe(title);
    await expectAccessible(page);

    await page.reload();
    await page.getByRole('status').filter({ hasText: /match(es)? "intrest"/ }).waitFor();
    await expect(searchBox().inputValue()).resolves.toBe('intrest');
    await expect(firstTitle()).resolves.toBe(title);
    await expectAccessible(page);
  });

  it('"Did you mean" is a search of its own (Back returns to the first); a cleared box clears the address; a shared link opens the search', async () => {
    await signInAs(page, 'learner', '/app/resources/knowledge-base');
    await page.goto('/app/resources/knowledge-base?q=intrest');
    await results().waitFor();
    await page.getByRole('link', { name: 'interest', exact: true }).click();
    await page.waitForURL('**/app/resources/knowledge-base?q=interest');
    await page.getByRole('status').filter({ hasText: /articles match "interest"/ }).waitFor();
    await expect(searchBox().inputValue()).resolves.toBe('interest');
    await expect(page.getByText(/^Did you mean/).count()).resolves.toBe(0);
    await page.goBack();
    await page.waitForURL('**/app/resources/knowledge-base?q=intrest');
    await page.getByRole('status').filter({ hasText: /match(es)? "intrest"/ }).waitFor();
    await expect(searchBox().inputValue()).resolves.toBe('intrest');

    await searchBox().fill('');
    await page.waitForURL((url) => url.pathname === '/app/resources/knowledge-base' && url.search === '');
    await expect(results().count()).resolves.toBe(0);

    // a link shared with a classmate opens the same search
    await page.goto('/app/resources/knowledge-base?q=W4');
    await page.getByRole('status').filter({ hasText: /match(es)? "W4"/ }).waitFor();
    await expect(searchBox().inputValue()).resolves.toBe('W4');
    await expect(firstTitle()).resolves.toMatch(/W-4 Form/);
    await expectAccessible(page);
  });
});
