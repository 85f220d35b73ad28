/**
 * Reviews in the browser tests, answered as a student who studied the material would: the right
 * answers come from the content files the server imported (CONTENT_DIR, the real content/ by
 * default), matched to what the page shows by prompt and choice text, never by position.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { oneLookCall } from './browser';
import { parseFrontMatter } from '../../../src/server/content/frontMatter';

export interface ReviewQ {
  id: number;
  prompt: string;
  choices: string[] | null;
}

export interface KnownQuestion {
  type: 'multiple-choice' | 'multiple-select' | 'numeric' | 'true-false';
  prompt: string;
  choices?: string[];
  answer: number | boolean | number[];
  explanation: string;
}

/** A review's bank with its answers, read from the content the server imported (by the review's title). */
export function reviewFromContent(title: string): KnownQuestion[] {
  const catalog = path.join(path.resolve(process.env.CONTENT_DIR ?? path.join(__dirname, '../../../content')), 'catalog');
  for (const moduleDir of readdirSync(catalog)) {
    if (!existsSync(path.join(catalog, moduleDir, 'module.md'))) continue;
    for (const materialDir of readdirSync(path.join(catalog, moduleDir))) {
      const file = path.join(catalog, moduleDir, materialDir, 'review.md');
      if (!existsSync(file)) continue;
      const { data } = parseFrontMatter(readFileSync(file, 'utf8'), file);
      if (data.title === title) return data.questions as KnownQuestion[];
    }
  }
  throw new Error(`No review titled "${title}" in the content`);
}

/** The bank's question a served one shows (a review draws from its bank: matched by prompt, never by place). */
export function known(bank: KnownQuestion[], prompt: string): KnownQuestion {
  const found = bank.find((q) => q.prompt === prompt.replace(/^\d+\. /, ''));
  if (!found) throw new Error(`No question "${prompt}" in the review's bank`);
  return found;
}

export const rightText = (q: KnownQuestion) => (q.choices ? q.choices[q.answer as number]! : q.answer ? 'True' : 'False');
export const wrongText = (q: KnownQuestion) => (q.choices ? q.choices.find((_c, i) => i !== q.answer)! : q.answer ? 'False' : 'True');
/** A numeric answer typed the way a student would, with a dollar sign and thousands commas. */
export const typed = (q: KnownQuestion) => `$${(q.answer as number).toLocaleString('en-US')}`;

/** Answers one question on the page, right or wrong, by its kind: radios, checkboxes or a typed number. */
export async function answerOnPage(fieldset: Locator, q: KnownQuestion, right: boolean): Promise<void> {
  if (q.type === 'numeric') {
    await fieldset.getByRole('textbox').fill(right ? typed(q) : String((q.answer as number) + 1000));
  } else if (q.type === 'multiple-select') {
    const answer = q.answer as number[];
    const texts = right ? answer.map((i) => q.choices![i]!) : [q.choices!.find((_c, i) => !answer.includes(i))!];
    for (const text of texts) await fieldset.getByRole('checkbox', { name: text, exact: true }).check();
  } else {
    await fieldset.getByRole('radio', { name: right ? rightText(q) : wrongText(q), exact: true }).check();
  }
}

/** A wrong answer to a served question, in the serving's terms (its choices in their shown order). */
export function apiWrongAnswer(q: KnownQuestion, served: ReviewQ): unknown {
  if (q.type === 'numeric') return String((q.answer as number) + 1000);
  if (q.type === 'multiple-select') return [served.choices!.indexOf(q.choices!.find((_c, i) => !(q.answer as number[]).includes(i))!)];
  if (q.type === 'true-false') return !q.answer;
  return served.choices!.indexOf(wrongText(q));
}

/** The API answer to a served question, in the serving's terms. */
export function apiAnswer(q: KnownQuestion, served: ReviewQ): unknown {
  if (q.type === 'numeric') return typed(q);
  if (q.type === 'multiple-select') return (q.answer as number[]).map((i) => served.choices!.indexOf(q.choices![i]!));
  return served.choices ? served.choices.indexOf(rightText(q)) : q.answer;
}


/**
 * Completes every section and passes every review of a module through the API the SPA uses, with
 * the signed-in page's own token (answers from the content files).
 */
export async function completeModuleViaApi(page: Page, moduleSlug: string): Promise<void> {
  const service = <T>(method: string, path: string, payload?: unknown): Promise<T> => oneLookCall<T>(page, method, path, payload);
  const m = await service<{ materials: { slug: string; sections: { slug: string }[]; review: { passed: boolean } }[] }>('GET', `/catalog/modules/${moduleSlug}`);
  for (const mat of m.materials) {
    const base = `/catalog/modules/${moduleSlug}/materials/${mat.slug}`;
    for (const s of mat.sections) await service('POST', `${base}/sections/${s.slug}/complete`);
    if (mat.review.passed) continue;
    const review = await service<{ serving: string; title: string; questions: ReviewQ[] }>('GET', `${base}/review`);
    const bank = reviewFromContent(review.title);
    const answers = Object.fromEntries(review.questions.map((q) => [String(q.id), apiAnswer(known(bank, q.prompt), q)]));
    const scored = await service<{ passed: boolean }>('POST', `${base}/review/attempts`, { serving: review.serving, answers });
    expect(scored.passed).toBe(true);
  }
}

/**
 * Waits for the results of a review answered right throughout; when the score is not 100 %, fails
 * with the score and every result not marked correct, so a failure says which answer was judged wrong.
 */
export async function expectFullScore(page: Page): Promise<void> {
  const score = page.getByText(/^Your score: \d+%/);
  await score.waitFor();
  const said = (await score.textContent()) ?? '';
  if (/^Your score: 100%/.test(said)) return;
  const results = await page.getByRole('region').allTextContents();
  throw new Error(`${said}\n${results.filter((text) => !text.includes('Your answer: correct')).join('\n---\n')}`);
}
