/**
 * Tools inside the lessons, in real Chromium at a laptop's and a phone's size: a calculator in a
 * section used by keyboard only, its result read from the polite status region; a diagram with its
 * text description; a glossary term's definition on hover and focus, then its link to the article;
 * the glossary page filtered. axe on every page.
 */
import type { Page } from 'playwright-core';
import { expectAccessible, fitsThePhone, openBrowser, signInAs } from './support/browser';

const LOAN_SECTION = '/app/catalog/credit-and-debt/material/borrowing-wisely/section/car-loans-and-total-cost';
const PAY_STUB_SECTION = '/app/catalog/earning-income/material/your-first-paycheck/section/reading-your-pay-stub';

let page: Page;
openBrowser('test', (o) => ({ page } = o));

/** Presses Tab until the focused element matches, as a keyboard user moves through the page. */
async function tabTo(matches: (el: { id: string; label: string }) => boolean, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return { id: el?.id ?? '', label: el?.labels?.[0]?.textContent ?? '' };
    });
    if (matches(focused)) return;
  }
  throw new Error('the field was not reached with Tab');
}

describe.each([
  ['a laptop', { width: 1366, height: 768 }],
  ['a phone', { width: 390, height: 844 }],
])('lesson tools on %s', (_name, viewport) => {
  beforeEach(async () => {
    await page.setViewportSize(viewport);
  });

  it('a calculator in a section, by keyboard only; a glossary term shows its definition and links to its article', async () => {
    await signInAs(page, 'learner', LOAN_SECTION);
    const calculator = page.getByRole('region', { name: 'Loan and car payment calculator' });
    await calculator.waitFor();
    await expectAccessible(page);
    if (viewport.width < 400) await fitsThePhone(page);

    await tabTo((el) => el.label.startsWith('Amount borrowed'));
    await page.keyboard.press('Control+a');
    await page.keyboard.type('20000');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('7');
    const result = calculator.getByRole('status');
    await expect(result.getAttribute('aria-live')).resolves.toBe('polite');
    await result.filter({ hasText: 'You pay $396.02 a month for 60 months' }).waitFor();

    // a bad value: the field says what is wrong once left, and the result says which field to fix
    await page.keyboard.press('Control+a');
    await page.keyboard.type('seven');
    await page.keyboard.press('Tab');
    await result.filter({ hasText: 'Fix APR to see the result.' }).waitFor();
    await expect(calculator.getByText('Enter a rate as a number, like 7.5.').isVisible()).resolves.toBe(true);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('7');
    await result.filter({ hasText: '$396.02' }).waitFor();
    await expectAccessible(page);

    // the glossary: the first marked term in the reading
    const term = page.locator('.lesson-content a.glossary-term').first();
    const definition = await term.getAttribute('data-definition');
    const href = await term.getAttribute('href');
    expect(definition).toBeTruthy();
    await term.hover();
    const tip = page.getByRole('tooltip');
    await tip.waitFor();
    await expect(tip.textContent()).resolves.toContain(definition!);
    await page.mouse.move(0, 0);
    await tip.waitFor({ state: 'hidden' });
    await term.focus();
    await tip.waitFor();
    await expect(term.getAttribute('aria-describedby')).resolves.toBe(await tip.getAttribute('id'));
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await tip.waitFor({ state: 'hidden' });
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${href!}`);
    await expectAccessible(page);
  });

  it('a diagram with a text alternative', async () => {
    await signInAs(page, 'learner', PAY_STUB_SECTION);
    const diagram = page.getByRole('img', { name: 'An annotated pay stub' });
    await diagram.waitFor();
    await expect(page.locator('[data-diagram="pay-stub"] svg desc').textContent()).resolves.toContain('Net pay $1,012.05');
    await page.getByText('Text description').click();
    await expect(page.getByText('Net pay: $1,012.05.', { exact: false }).isVisible()).resolves.toBe(true);
    if (viewport.width < 400) await fitsThePhone(page);
    await expectAccessible(page);
  });

  it('the glossary page, from Resources, filtered', async () => {
    await signInAs(page, 'learner', '/app/resources');
    await page.getByRole('link', { name: /Glossary/ }).click();
    await page.waitForURL('**/app/resources/glossary');
    await expect(page.title()).resolves.toBe('Glossary - Cashwise');
    const count = page.getByRole('status').filter({ hasText: /terms/ });
    await count.waitFor();
    const all = Number(/(\d+) terms/.exec((await count.textContent()) ?? '')![1]);
    expect(all).toBeGreaterThan(50);
    await expectAccessible(page);
    await page.getByRole('searchbox', { name: 'Filter terms' }).fill('APR');
    await count.filter({ hasText: new RegExp(`^\\d+ of ${all} terms$`) }).waitFor();
    await page.getByRole('link', { name: /Read: What Is APR/ }).first().waitFor();
    await page.getByRole('searchbox', { name: 'Filter terms' }).fill('zzzz');
    await page.getByText('No terms match. Try fewer letters.').waitFor();
    if (viewport.width < 400) await fitsThePhone(page);
    await expectAccessible(page);
  });
});
