/**
 * The catalog's user path in real Chromium, against whatever content the server imported (CONTENT_DIR:
 * the real content/ by default; __tests__/fixtures/content works too). Nothing is hard-coded: the
 * first module, material and sections are discovered on the pages. A new student of the file's own
 * (no history, in no class: no attempt limit) reads the whole first material, fails its review on purpose (the results mark each choice, give no answers away), retakes
 * it in a new choice order and passes (the right answers come from the content files, as a student
 * would learn them from the material, never from the server), sees the transcript, bookmarks and
 * unbookmarks; the rest of the module is
 * completed through the same public API the SPA uses (no test-only paths), then the certificate is
 * downloaded and its verification link checked. axe-core on every page. Last, the transcript on a
 * 360 px phone: its columns fold under the module's name, nothing scrolls sideways.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { answerOnPage, completeModuleViaApi, expectFullScore, known, reviewFromContent, type KnownQuestion } from './support/reviews';
import { createStudent, expectAccessible, fitsThePhone, oneLookCall, openBrowser, signInAs } from './support/browser';

jest.setTimeout(240_000);

let page: Page;
openBrowser('file', (o) => ({ page } = o));
// a student with no history: the rules below are a new student's (see createStudent)
let student = '';
beforeAll(() => {
  student = createStudent('Casey', 'Nguyen');
});

/** A OneLook call with the signed-in learner's own token, exactly as the SPA makes it. */
const service = <T>(method: string, path: string, payload?: unknown): Promise<T> => oneLookCall<T>(page, method, path, payload);


async function heading(): Promise<string> {
  return (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
}

describe('catalog: the learning path', () => {
  let firstOrder: string[][] = [];
  let moduleTitle = '';
  let moduleUrl = '';

  it('signs in and opens the first module from the catalog', async () => {
    await signInAs(page, student);
    const offered = await service<unknown[]>('GET', '/catalog');
    if (offered.length === 0) {
      throw new Error(
        'The server imported no modules: content/catalog is missing or empty (the course content is merged from its own branch), or CONTENT_DIR points elsewhere. Run with CONTENT_DIR=$PWD/__tests__/fixtures/content to use the fixture.',
      );
    }
    await page.getByRole('heading', { name: /^(Start here|Up next|Continue where you left off)$/ }).waitFor();
    await expectAccessible(page);

    await page.goto('/app/catalog');
    await expect(page.title()).resolves.toBe('Catalog - Cashwise');
    const modules = page.getByRole('list', { name: 'Modules' }).getByRole('heading', { level: 2 });
    await modules.first().waitFor();
    expect(await modules.count()).toBeGreaterThanOrEqual(1);
    moduleTitle = (await modules.first().textContent()) ?? '';
    await expectAccessible(page);

    // one action a card, named for what it does: Start and Review open the module's home, Continue
    // where the student left off
    const card = page.getByRole('list', { name: 'Modules' }).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: moduleTitle }) });
    const action = card.getByRole('link');
    await expect(action.count()).resolves.toBe(1);
    const label = (await action.textContent()) ?? '';
    expect(['Start', 'Continue', 'Review']).toContain(label);
    await expect(action.getAttribute('aria-label')).resolves.toBe(`${label} ${moduleTitle}`);
    await action.click();
    if (label === 'Continue') await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: moduleTitle }).click();
    await page.getByRole('heading', { level: 1, name: moduleTitle }).waitFor();
    moduleUrl = new URL(page.url()).pathname;
    await expect(page.title()).resolves.toBe(`${moduleTitle} - Cashwise`);
    await page.getByRole('heading', { name: 'What you will learn' }).waitFor();
    await expectAccessible(page);
  });

  it('reads every section of the first material (previous/next, mark complete) and bookmarks one', async () => {
    await page.getByRole('list', { name: 'Materials' }).getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Sections' }).waitFor();
    await expect(page.title()).resolves.toBe(`${await heading()} - Cashwise`);
    await expectAccessible(page);
    const sectionCount = await page.getByRole('list', { name: 'Sections' }).getByRole('link').count();
    expect(sectionCount).toBeGreaterThanOrEqual(3);
    await page.getByRole('list', { name: 'Sections' }).getByRole('link').first().click();

    for (let i = 0; i < sectionCount; i += 1) {
      await page.getByRole('button', { name: 'Mark complete' }).waitFor();
      // [S2.17] the section's own name, not "Section - Cashwise"
      await expect(page.title()).resolves.toBe(`${await heading()} - Cashwise`);
      if (i === 1) await expect(page.getByRole('link', { name: /^Previous: / }).isVisible()).resolves.toBe(true);
      await expectAccessible(page);
      if (i === 0) {
        await page.getByRole('button', { name: 'Bookmark', exact: true }).click();
        await page.getByRole('button', { name: 'Remove bookmark' }).waitFor();
      }
      await page.getByRole('button', { name: 'Mark complete' }).click();
      await page.getByRole('button', { name: 'Completed' }).waitFor();
      if (i < sectionCount - 1) await page.getByRole('link', { name: /^Next: / }).click();
    }
    await page.getByRole('link', { name: 'Next: take the review' }).click();
    await page.waitForURL('**/review');
  });

  it('fails the review: each answer is marked "not correct", no right answer or explanation is given away', async () => {
    // the review's own heading, not the section's still on screen while the review loads
    await page.getByRole('heading', { level: 1, name: /^Review: / }).waitFor();
    await expect(page.title()).resolves.toBe(`${await heading()} - Cashwise`);
    const form = page.getByRole('form', { name: 'Review questions' });
    const fieldsets = form.locator('fieldset:has(> legend[id^="question-"])');
    await fieldsets.first().waitFor();
    await expectAccessible(page);
    const bank = reviewFromContent(await heading());
    const count = await fieldsets.count();
    // a review shows 8 questions drawn from its bank of at least twice as many
    expect(count).toBe(8);
    expect(bank.length).toBeGreaterThanOrEqual(2 * count);
    firstOrder = [];
    const shown: KnownQuestion[] = [];
    for (let i = 0; i < count; i += 1) {
      const q = known(bank, (await fieldsets.nth(i).locator('legend[id^="question-"]').textContent()) ?? '');
      shown.push(q);
      firstOrder.push([q.prompt, ...(await fieldsets.nth(i).locator('label').allTextContents())]);
      await answerOnPage(fieldsets.nth(i), q, false);
    }
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await page.getByText(/^Your score: 0%/).waitFor();
    await page.getByText(/Not passed yet/).waitFor();
    const results = page.getByRole('region');
    expect(await results.count()).toBe(count);
    for (let i = 0; i < count; i += 1) {
      const text = (await results.nth(i).textContent()) ?? '';
      // each missed question names the section it tests, as a link to read it again
      expect(text).toMatch(/Review: .+, then retake the review\./);
      if (shown[i]!.type !== 'multiple-select') expect(text).toContain('Your answer: not correct');
      else expect(text).toContain('Not all right');
    }
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toContain('The correct answer');
    expect(text).not.toContain('Your answer: correct');
    for (const q of bank) expect(text).not.toContain(q.explanation);
    // the results are full-contrast text, no greyed-out disabled radios (axe checks the 4.5:1 contrast)
    expect(await page.getByRole('radio').count()).toBe(0);
    await expectAccessible(page);
  });

  it('retakes it: other questions in another order; answered right, each is marked correct with its explanation', async () => {
    await page.getByRole('button', { name: 'Retake the review' }).click();
    await page.getByRole('button', { name: 'Submit answers' }).waitFor();
    const fieldsets = page.getByRole('form', { name: 'Review questions' }).locator('fieldset:has(> legend[id^="question-"])');
    const bank = reviewFromContent(await heading());
    const order: string[][] = [];
    const shown: KnownQuestion[] = [];
    for (let i = 0; i < (await fieldsets.count()); i += 1) {
      const q = known(bank, (await fieldsets.nth(i).locator('legend[id^="question-"]').textContent()) ?? '');
      shown.push(q);
      order.push([q.prompt, ...(await fieldsets.nth(i).locator('label').allTextContents())]);
    }
    expect(order).not.toEqual(firstOrder);
    expect(order.map((o) => o[0]).sort()).not.toEqual(firstOrder.map((o) => o[0]).sort());
    await expectAccessible(page);
    for (let i = 0; i < shown.length; i += 1) await answerOnPage(fieldsets.nth(i), shown[i]!, true);
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await expectFullScore(page);
    await page.getByText(/Passed!/).waitFor();
    const results = page.getByRole('region');
    for (let i = 0; i < shown.length; i += 1) {
      await expect(results.nth(i).textContent()).resolves.toContain('Your answer: correct');
      await expect(results.nth(i).textContent()).resolves.toContain(shown[i]!.explanation);
    }
    await expectAccessible(page);
  });

  it('a numeric question takes a typed amount like "$1,234.50", says when the text is not a number, and is judged right', async () => {
    // a draw holds a numeric question more often than not: open the review until one is shown
    const fieldsets = page.getByRole('form', { name: 'Review questions' }).locator('fieldset:has(> legend[id^="question-"])');
    let numeric = -1;
    for (let tries = 0; numeric < 0 && tries < 15; tries += 1) {
      // the first time from the results; then, with no numeric question drawn, by opening the review again
      if (tries === 0) await page.getByRole('button', { name: 'Retake the review' }).click();
      else await page.reload();
      await page.getByRole('button', { name: 'Submit answers' }).waitFor();
      const count = await fieldsets.count();
      for (let i = 0; i < count && numeric < 0; i += 1) if ((await fieldsets.nth(i).getByRole('textbox').count()) > 0) numeric = i;
    }
    expect(numeric).toBeGreaterThanOrEqual(0);
    const bank = reviewFromContent(await heading());
    const box = fieldsets.nth(numeric).getByRole('textbox');
    await box.fill('about ten');
    await box.press('Tab');
    await fieldsets.nth(numeric).getByText('Type a number, like 1234.50 or $1,234.50.').waitFor();
    await expect(box.getAttribute('aria-invalid')).resolves.toBe('true');
    await expectAccessible(page);
    for (let i = 0; i < (await fieldsets.count()); i += 1) {
      await answerOnPage(fieldsets.nth(i), known(bank, (await fieldsets.nth(i).locator('legend[id^="question-"]').textContent()) ?? ''), true);
    }
    await expect(box.getAttribute('aria-invalid')).resolves.toBe('false');
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await expectFullScore(page);
    await expect(page.getByRole('region').nth(numeric).textContent()).resolves.toMatch(/You answered [\d,.]+.*Your answer: correct/);
    await expectAccessible(page);
  });

  it('sees the transcript update, bookmarks listed and removed', async () => {
    await page.goto('/app/activity/transcripts');
    const row = page.getByRole('table', { name: 'Transcript' }).getByRole('row').filter({ hasText: moduleTitle });
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/(In progress|Completed)/);
    await expect(row.textContent()).resolves.toMatch(/\d+%\d/); // best review score shown
    await expectAccessible(page);

    await page.goto('/app/activity/bookmarks-budgets');
    const bookmarks = page.getByRole('list', { name: 'Bookmarks' });
    await bookmarks.waitFor();
    expect(await bookmarks.getByRole('listitem').count()).toBe(1);
    await page.getByRole('heading', { name: 'Budgets & worksheets' }).waitFor();
    await expectAccessible(page);
    await bookmarks.getByRole('button', { name: /^Remove bookmark / }).click();
    await page.getByText('No bookmarks yet.', { exact: false }).waitFor();
  });

  it('downloads the certificate of the completed module and its verification link works', async () => {
    await completeModuleViaApi(page, moduleUrl.split('/').pop()!);
    await page.goto('/app/activity/transcripts');
    const button = page.getByRole('button', { name: `Download certificate for ${moduleTitle}` });
    await button.waitFor();
    await expectAccessible(page);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^certificate-[a-z0-9-]+\.pdf$/);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const code = /Verification code ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(pdf.toString('latin1'))?.[1];
    expect(code).toBeDefined();

    await page.goto(`/certificates/${code}`);
    await expect(page.title()).resolves.toBe('Certificate - Cashwise');
    await page.getByText(`Verified: Casey N.`).waitFor();
    await expect(page.getByText(moduleTitle).first().isVisible()).resolves.toBe(true);
    await expectAccessible(page);
  });

  it('takes the module\'s post-test on the module page, once every section is read; the transcript keeps its score', async () => {
    const slug = moduleUrl.split('/').pop()!;
    await page.goto(moduleUrl);
    const tests = page.getByRole('region', { name: 'Pre-test and post-test' });
    await tests.waitFor();
    await expectAccessible(page);
    const take = tests.getByRole('link', { name: 'Take the post-test' });
    await take.click();
    await page.getByRole('heading', { level: 1, name: /^Post-test: / }).waitFor();
    await expect(page.title()).resolves.toBe(`${await heading()} - Cashwise`);
    const fieldsets = page.getByRole('form', { name: 'Post-test questions' }).locator('fieldset:has(> legend[id^="question-"])');
    await fieldsets.first().waitFor();
    await expectAccessible(page);
    // the module's banks, by every material's review
    const m = await service<{ materials: { review: { title: string } }[] }>('GET', `/catalog/modules/${slug}`);
    const bank = m.materials.flatMap((mat) => reviewFromContent(mat.review.title));
    const count = await fieldsets.count();
    expect(count).toBeGreaterThanOrEqual(5);
    for (let i = 0; i < count; i += 1) await answerOnPage(fieldsets.nth(i), known(bank, (await fieldsets.nth(i).locator('legend[id^="question-"]').textContent()) ?? ''), true);
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await page.getByText(/^Your post-test score: 100%/).waitFor();
    await expectAccessible(page);

    await page.goto(moduleUrl);
    await tests.getByText(/Post-test · \d+ questions · your score 100%/).waitFor();
    const transcript = await service<{ moduleSlug: string; postTestScore: number | null }[]>('GET', '/transcripts');
    expect(transcript.find((r) => r.moduleSlug === slug)?.postTestScore).toBe(100);
  });

  it('[S9.09] on a 1366 px laptop the transcript\'s filters fold behind one "Filters" button that counts those in use', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    try {
      await page.goto('/app/activity/transcripts');
      const table = page.getByRole('table', { name: 'Transcript' });
      await table.getByRole('row').filter({ hasText: moduleTitle }).waitFor();
      const toggle = page.getByRole('button', { name: 'Filters', exact: true });
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
      const fields = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
      // folded: not one filter field above the table, whose rows start on the first screen
      await expect(fields.isVisible()).resolves.toBe(false);
      await expect(page.getByLabel('Module value').isVisible()).resolves.toBe(false);
      expect((await table.getByRole('row').nth(1).boundingBox())!.y).toBeLessThan(768);
      await expectAccessible(page);

      // by keyboard: the button takes Enter, the fields come next in the tab order
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(fields.isVisible()).resolves.toBe(true);
      await page.keyboard.press('Tab');
      await expect(fields.evaluate((el) => el.contains(document.activeElement))).resolves.toBe(true);
      // a match mode of SPEC §9 and a value
      await page.getByLabel('Module match').click();
      await page.getByRole('option', { name: 'Not contains' }).click();
      await page.getByLabel('Module value').fill(moduleTitle);
      await page.getByRole('button', { name: 'Filters (1 active)' }).waitFor();
      await table.getByRole('row').filter({ hasText: moduleTitle }).waitFor({ state: 'detached' });
      await expectAccessible(page);

      // folded again, the filter in use still narrows the table
      await page.getByRole('button', { name: 'Filters (1 active)' }).click();
      await expect(fields.isVisible()).resolves.toBe(false);
      await expect(table.getByRole('row').filter({ hasText: moduleTitle }).count()).resolves.toBe(0);
      await expectAccessible(page);
    } finally {
      await page.setViewportSize({ width: 1024, height: 600 });
    }
  });

  it('home shows overall progress; an unknown module is Not Found', async () => {
    await page.goto('/app');
    await page.getByText(/Overall progress: [1-9]\d* of \d+ modules completed/).waitFor();
    await page.goto('/app/catalog/no-such-module');
    // the address's prerendered shell has a heading of its own ("Loading page") until the
    // app's page replaces it: wait for the page's
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await expect(heading()).resolves.toBe('Page Not Found');
    await expectAccessible(page);
  });

  it('on a tablet held upright (768 px) the transcript folds as on a phone instead of scrolling', async () => {
    await page.setViewportSize({ width: 768, height: 1024 });
    try {
      await page.goto('/app/activity/transcripts');
      const table = page.getByRole('table', { name: 'Transcript' });
      await table.getByRole('row').filter({ hasText: moduleTitle }).waitFor();
      await expect(table.getByRole('columnheader').allInnerTexts()).resolves.toEqual(['Module', 'Certificate']);
      await fitsThePhone(page);
      await expectAccessible(page);
    } finally {
      await page.setViewportSize({ width: 1024, height: 600 });
    }
  });

  describe('on a 360 px phone', () => {
    beforeAll(async () => {
      await page.setViewportSize({ width: 360, height: 740 });
    });
    afterAll(async () => {
      await page.setViewportSize({ width: 1024, height: 600 });
    });

    it('the transcript fits: status, dates, score and time fold under the module name; the filters above still narrow it', async () => {
      await page.goto('/app/activity/transcripts');
      const table = page.getByRole('table', { name: 'Transcript' });
      const row = table.getByRole('row').filter({ hasText: moduleTitle });
      await row.waitFor();
      await expect(table.getByRole('columnheader').allInnerTexts()).resolves.toEqual(['Module', 'Certificate']);
      const folded = /Completed · 100%\s+Started (\d\d\/\d\d\/\d\d)\s+Completed \d\d\/\d\d\/\d\d\s+Best review score \d+%\s+Time \d+ min/;
      const started = folded.exec(await row.innerText())?.[1];
      expect(started).toBeDefined();
      await row.getByRole('button', { name: `Download certificate for ${moduleTitle}` }).waitFor();
      await fitsThePhone(page);
      await expectAccessible(page);

      // the filters are folded above the table: opened, then a day typed as the table shows it
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByLabel('Started value').fill(started!);
      await page.getByLabel('Status value').fill('Completed');
      const toggle = page.getByRole('button', { name: 'Filters (2 active)' });
      await toggle.click();
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
      const rows = table.getByRole('row');
      await expect(row.innerText()).resolves.toMatch(folded);
      const texts = await rows.allInnerTexts();
      expect(texts.length).toBeGreaterThanOrEqual(2);
      for (const text of texts.slice(1)) expect(text).toMatch(folded);
      await fitsThePhone(page);
      await expectAccessible(page);
    });
  });
});
