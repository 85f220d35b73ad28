/**
 * One of the semester's modules end to end in real Chromium, as a student takes it: Buying and
 * Running a Car. The section on the monthly payment embeds the loan calculator, which checks the
 * section's worked example ($15,000 at 7% APR for 60 months is $297.02); the material's review,
 * drawn from its bank, is failed once with a numeric question on it, then retaken in another order
 * and passed; with every section read, the module's post-test is taken on the module's page.
 * The answers come from the content files, as a student would learn them. The learner is "multi",
 * whom no other browser test takes through this module. axe-core on every page visited.
 */
import type { Page } from 'playwright-core';
import { expectAccessible, oneLookCall, openBrowser, signInAs } from './support/browser';
import { answerOnPage, completeModuleViaApi, expectFullScore, known, reviewFromContent, type KnownQuestion } from './support/reviews';

jest.setTimeout(240_000);

const MODULE = 'cars-and-transportation';
const MATERIAL = 'paying-for-a-car';
const SECTION = `/app/catalog/${MODULE}/material/${MATERIAL}/section/figuring-the-monthly-payment`;
const REVIEW = `/app/catalog/${MODULE}/material/${MATERIAL}/review`;

let page: Page;
openBrowser('file', (o) => ({ page } = o));
beforeAll(async () => {
  await signInAs(page, 'multi');
});

const service = <T>(method: string, path: string, payload?: unknown): Promise<T> => oneLookCall<T>(page, method, path, payload);
const questions = () => page.getByRole('form', { name: 'Review questions' }).locator('fieldset:has(> legend[id^="question-"])');
const promptOf = async (i: number) => (await questions().nth(i).locator('legend[id^="question-"]').textContent()) ?? '';

/** The questions on the page, from the bank, in the order shown. */
async function shownQuestions(bank: KnownQuestion[]): Promise<KnownQuestion[]> {
  await questions().first().waitFor();
  const shown: KnownQuestion[] = [];
  for (let i = 0; i < (await questions().count()); i += 1) shown.push(known(bank, await promptOf(i)));
  return shown;
}

describe('a semester module, Buying and Running a Car, end to end', () => {
  it('the calculator in the monthly-payment section checks the section’s worked example', async () => {
    await page.goto(SECTION);
    await page.getByRole('heading', { level: 1, name: 'Figuring the Monthly Payment' }).waitFor();
    const calculator = page.getByRole('region', { name: 'Loan and car payment calculator' });
    await calculator.waitFor();
    await expectAccessible(page);
    await calculator.getByRole('textbox', { name: /^Amount borrowed/ }).fill('15000');
    await calculator.getByRole('textbox', { name: /^APR/ }).fill('7');
    await calculator.getByRole('combobox', { name: /^Loan length/ }).selectOption('60');
    const result = calculator.getByRole('status');
    await result.filter({ hasText: 'You pay $297.02 a month for 60 months: $17,821.20 in all, $2,821.20 of it interest.' }).waitFor();
    await calculator.getByRole('combobox', { name: /^Loan length/ }).selectOption('72');
    await result.filter({ hasText: 'You pay $255.74 a month for 72 months' }).waitFor();
    await expectAccessible(page);
  });

  let firstTry: string[] = [];

  it('fails the review with a numeric question on it, then retakes it in another order and passes', async () => {
    await page.goto(REVIEW);
    await page.getByRole('heading', { level: 1, name: /^Review: / }).waitFor();
    const bank = reviewFromContent((await page.getByRole('heading', { level: 1 }).textContent()) ?? '');
    expect(bank.filter((q) => q.type === 'numeric').length).toBeGreaterThan(0);
    await questions().first().waitFor();
    await expectAccessible(page);
    // a draw holds a numeric question more often than not: open the review again until one is shown
    let shown = await shownQuestions(bank);
    for (let tries = 0; !shown.some((q) => q.type === 'numeric') && tries < 15; tries += 1) {
      await page.reload();
      await page.getByRole('heading', { level: 1, name: /^Review: / }).waitFor();
      shown = await shownQuestions(bank);
    }
    expect(shown.some((q) => q.type === 'numeric')).toBe(true);
    expect(shown).toHaveLength(8);
    firstTry = shown.map((q) => q.prompt);
    for (let i = 0; i < shown.length; i += 1) await answerOnPage(questions().nth(i), shown[i]!, false);
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await page.getByText(/Not passed yet/).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Retake the review' }).click();
    await page.getByRole('button', { name: 'Submit answers' }).waitFor();
    const retake = await shownQuestions(bank);
    expect(retake.map((q) => q.prompt)).not.toEqual(firstTry);
    for (let i = 0; i < retake.length; i += 1) await answerOnPage(questions().nth(i), retake[i]!, true);
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await expectFullScore(page);
    await page.getByText(/Passed!/).waitFor();
    await expectAccessible(page);
  });

  it('with every section read and every review passed, takes the post-test on the module’s page', async () => {
    // the rest of the module, through the API the SPA uses (answers from the content files)
    await completeModuleViaApi(page, MODULE);
    const m = await service<{ materials: { review: { title: string } }[] }>('GET', `/catalog/modules/${MODULE}`);

    await page.goto(`/app/catalog/${MODULE}`);
    const tests = page.getByRole('region', { name: 'Pre-test and post-test' });
    await tests.waitFor();
    await expectAccessible(page);
    await tests.getByRole('link', { name: 'Take the post-test' }).click();
    await page.getByRole('heading', { level: 1, name: /^Post-test: / }).waitFor();
    const fieldsets = page.getByRole('form', { name: 'Post-test questions' }).locator('fieldset:has(> legend[id^="question-"])');
    await fieldsets.first().waitFor();
    await expectAccessible(page);
    const bank = m.materials.flatMap((mat) => reviewFromContent(mat.review.title));
    for (let i = 0; i < (await fieldsets.count()); i += 1) {
      await answerOnPage(fieldsets.nth(i), known(bank, (await fieldsets.nth(i).locator('legend[id^="question-"]').textContent()) ?? ''), true);
    }
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await page.getByText(/^Your post-test score: 100%/).waitFor();
    await expectAccessible(page);
    const transcript = await service<{ moduleSlug: string; postTestScore: number | null }[]>('GET', '/transcripts');
    expect(transcript.find((r) => r.moduleSlug === MODULE)?.postTestScore).toBe(100);
  });
});
