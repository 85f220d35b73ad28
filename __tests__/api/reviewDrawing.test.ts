/**
 * Reviews that measure, through the API against a real database with the REAL course content:
 * each opening draws 8 of a review's 16 questions, a retake draws others in another order, and
 * the server judges every kind — numeric answers as typed within their tolerance, multiple select
 * all or nothing — refusing an answer that does not fit its question without storing anything.
 */
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { ModuleDetail, ModuleTestResult, ModuleTestView, ReviewAnswer, ReviewResult, ReviewView, TranscriptRow } from '../../src/common/catalog';
import { readCatalog } from '../../src/server/content/catalog';
import { importContent, offerAllModules } from '../../src/server/content/importContent';
import { MODULE_TEST_PER_MATERIAL } from '../../src/server/services/catalog/moduleTests';
import { servedAnswers } from './support/reviews';
import { createTestApp, messageOf, serviceCall, signIn, type TestApp } from './support/testApp';

const CONTENT = path.resolve(__dirname, '../../content');
/** Budgeting's review banks, and the questions a module test draws from them (two from each) */
const BUDGETING_BANKS = readCatalog(CONTENT).find((m) => m.slug === 'budgeting')!.materials.length;
const MODULE_TEST_QUESTIONS = BUDGETING_BANKS * MODULE_TEST_PER_MATERIAL;
const MAT = '/catalog/modules/earning-income/materials/tax-season-and-side-income';

let t: TestApp;
let student: string;

function call(method: string, p: string, payload?: unknown): Promise<LightMyRequestResponse> {
  return serviceCall(t.app, method, p, { token: student, payload });
}
async function ok<T>(method: string, p: string, payload?: unknown): Promise<T> {
  const res = await call(method, p, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${p}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

interface Stored {
  id: number;
  type: string;
  answer: unknown;
}
/** The bank of the review at MAT, with the right answers as stored. */
async function bank(): Promise<Stored[]> {
  const rows = await t.db
    .selectFrom('content_questions')
    .innerJoin('content_reviews', 'content_reviews.id', 'content_questions.review_id')
    .innerJoin('content_materials', 'content_materials.id', 'content_reviews.material_id')
    .select(['content_questions.id', 'content_questions.type', 'content_questions.answer'])
    .where('content_materials.slug', '=', 'tax-season-and-side-income')
    .execute();
  return rows.map((r) => ({ id: r.id, type: r.type, answer: JSON.parse(r.answer) as unknown }));
}
/** The right answer of a stored question in the content's terms (a numeric one typed the way a student would). */
function right(q: Stored): ReviewAnswer {
  if (q.type === 'numeric') return `$${(q.answer as { value: number }).value.toLocaleString('en-US')}`;
  return q.answer as ReviewAnswer;
}

beforeAll(async () => {
  t = await createTestApp();
  await importContent(t.db, CONTENT, t.clock());
  await offerAllModules(t.db, ['LINCOLN-HS']);
  student = (await signIn(t.app, 'learner')).token;
});
afterAll(async () => {
  await t.close();
});

it('draws 8 of the 16 questions per opening, in the serving, and scores a right attempt 100%', async () => {
  const stored = await bank();
  expect(stored).toHaveLength(16);
  const review = await ok<ReviewView>('GET', `${MAT}/review`);
  expect(review.questions).toHaveLength(8);
  expect(new Set(review.questions.map((q) => q.id)).size).toBe(8);
  const byId = new Map(stored.map((q) => [q.id, q]));
  expect(review.questions.every((q) => byId.has(q.id))).toBe(true);
  const serving = await t.db.selectFrom('review_servings').select(['question_ids', 'kind']).where('id', '=', review.serving).executeTakeFirstOrThrow();
  expect(serving).toEqual({ question_ids: JSON.stringify(review.questions.map((q) => q.id)), kind: 'review' });
  // the material's card counts the questions an attempt shows, not the bank
  const material = await ok<{ review: { questionCount: number } }>('GET', MAT);
  expect(material.review.questionCount).toBe(8);

  const result = await ok<ReviewResult>('POST', `${MAT}/review/attempts`, await servedAnswers(t.db, review, (i) => right(byId.get(review.questions[i]!.id)!)));
  expect(result).toMatchObject({ score: 100, passed: true, correctCount: 8, questionCount: 8 });
  expect(result.questions.map((q) => q.id)).toEqual(review.questions.map((q) => q.id));
  const attempt = await t.db.selectFrom('review_attempts').select('question_ids').orderBy('id', 'desc').executeTakeFirstOrThrow();
  expect(JSON.parse(attempt.question_ids!)).toEqual(review.questions.map((q) => q.id));
});

it('a retake draws other questions in another order than the attempt before it', async () => {
  const stored = await bank();
  const byId = new Map(stored.map((q) => [q.id, q]));
  let previous: number[] | null = null;
  const seen = new Set<number>();
  for (let round = 0; round < 6; round += 1) {
    const review = await ok<ReviewView>('GET', `${MAT}/review`);
    const ids = review.questions.map((q) => q.id);
    ids.forEach((id) => seen.add(id));
    if (previous) {
      expect([...ids].sort()).not.toEqual([...previous].sort());
      expect(ids).not.toEqual(previous);
    }
    await ok<ReviewResult>('POST', `${MAT}/review/attempts`, await servedAnswers(t.db, review, (i) => right(byId.get(ids[i]!)!)));
    previous = ids;
  }
  // six draws of 8 reach well beyond one half of the bank
  expect(seen.size).toBeGreaterThan(8);
});

describe('judging', () => {
  let numeric: Stored;
  let select: Stored;
  beforeAll(async () => {
    const stored = await bank();
    // the self-employment tax question: 169.55 with a tolerance of 0.5
    numeric = stored.find((q) => q.type === 'numeric' && (q.answer as { tolerance: number }).tolerance === 0.5)!;
    select = stored.find((q) => q.type === 'multiple-select')!;
    expect(numeric.answer).toEqual({ value: 169.55, tolerance: 0.5 });
  });

  /** A serving that drew exactly these two questions, choices in the content's order. */
  async function servingOf(ids: number[]): Promise<string> {
    const review = await ok<ReviewView>('GET', `${MAT}/review`);
    await t.db.updateTable('review_servings').set({ question_ids: JSON.stringify(ids), choice_orders: '{}' }).where('id', '=', review.serving!).execute();
    return review.serving!;
  }

  it.each<[string, ReviewAnswer, boolean]>([
    ['exact, typed with a dollar sign', '$169.55', true],
    ['a plain number', 169.55, true],
    ['rounded to the dollar (within 0.5)', '170', true],
    ['at the edge of the tolerance', '169.05', true],
    ['just outside the tolerance', '169.04', false],
    ['far off', '$1,200', false],
  ])('a numeric answer %s (%p) is right: %p', async (_name, given, correct) => {
    const serving = await servingOf([numeric.id, select.id]);
    const result = await ok<ReviewResult>('POST', `${MAT}/review/attempts`, { serving, answers: { [numeric.id]: given, [select.id]: select.answer as number[] } });
    expect(result.results.find((r) => r.id === numeric.id)).toMatchObject({ correct, given: typeof given === 'number' ? given : expect.any(Number) });
  });

  it('judges multiple select all or nothing', async () => {
    const rightChoices = select.answer as number[];
    const wrongChoice = [0, 1, 2, 3].find((i) => !rightChoices.includes(i))!;
    const cases: [number[], boolean][] = [
      [rightChoices, true],
      [[...rightChoices].reverse(), true],
      [rightChoices.slice(1), false],
      [[...rightChoices, wrongChoice], false],
      [[wrongChoice], false],
    ];
    for (const [given, correct] of cases) {
      const serving = await servingOf([select.id, numeric.id]);
      const result = await ok<ReviewResult>('POST', `${MAT}/review/attempts`, { serving, answers: { [select.id]: given, [numeric.id]: '169.55' } });
      expect({ given, correct: result.results.find((r) => r.id === select.id)!.correct }).toEqual({ given, correct });
    }
  });

  it.each<[string, 'numeric' | 'select', unknown, RegExp]>([
    ['text that is not a number', 'numeric', 'about 170', /is not a number: type it like 1234.50 or \$1,234.50/],
    ['a choice list for a numeric question', 'numeric', [0], /wrong kind/],
    ['no choice selected', 'select', [], /select at least one/],
    ['a choice twice', 'select', [0, 0], /not one of its choices/],
    ['a choice out of range', 'select', [0, 9], /not one of its choices/],
    ['a single number for a multiple select', 'select', 0, /wrong kind/],
  ])('refuses %s and stores nothing', async (_name, which, given, message) => {
    const before = await t.db.selectFrom('review_attempts').selectAll().execute();
    const serving = await servingOf([numeric.id, select.id]);
    const answers = { [numeric.id]: '169.55', [select.id]: select.answer as number[], [which === 'numeric' ? numeric.id : select.id]: given };
    const res = await call('POST', `${MAT}/review/attempts`, { serving, answers });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toMatch(message);
    expect(await t.db.selectFrom('review_attempts').selectAll().execute()).toHaveLength(before.length);
    // the serving is not used up: corrected answers go through
    const fixed = await call('POST', `${MAT}/review/attempts`, { serving, answers: { [numeric.id]: '169.55', [select.id]: select.answer as number[] } });
    expect(fixed.statusCode).toBe(200);
  });
});

describe('a module pre-test and post-test', () => {
  const MOD = '/catalog/modules/budgeting';
  let byId: Map<number, Stored>;
  beforeAll(async () => {
    const rows = await t.db.selectFrom('content_questions').select(['id', 'type', 'answer']).execute();
    byId = new Map(rows.map((r) => [r.id, { id: r.id, type: r.type, answer: JSON.parse(r.answer) as unknown }]));
  });
  const rightOf = (view: { questions: { id: number }[] }) => (i: number) => right(byId.get(view.questions[i]!.id)!);
  /** A wrong answer of the question's own kind. */
  const wrong = (q: Stored): ReviewAnswer => {
    if (q.type === 'true-false') return !(q.answer as boolean);
    if (q.type === 'multiple-choice') return q.answer === 0 ? 1 : 0;
    if (q.type === 'numeric') return String((q.answer as { value: number }).value + 1000);
    const chosen = q.answer as number[];
    return chosen.length > 1 ? chosen.slice(1) : [chosen[0] === 0 ? 1 : 0];
  };

  it('measures before and after on the same material: pre-test once, post-test once every section is read, both on the transcript', async () => {
    const pre = await ok<ModuleTestView>('GET', `${MOD}/pre-test`);
    expect(pre).toMatchObject({ kind: 'pre-test', title: 'Pre-test: Budgeting Basics', score: null, locked: null, questionCount: MODULE_TEST_QUESTIONS });
    expect(pre.questions).toHaveLength(MODULE_TEST_QUESTIONS);
    const reviewOf = new Map(
      (await t.db.selectFrom('content_questions').select(['id', 'review_id']).execute()).map((r) => [r.id, r.review_id]),
    );
    // two questions from each of the module's review banks
    expect(new Set(pre.questions.map((q) => reviewOf.get(q.id))).size).toBe(BUDGETING_BANKS);
    // the post-test is closed until every section is read
    const closed = await ok<ModuleTestView>('GET', `${MOD}/post-test`);
    expect(closed).toMatchObject({ locked: 'The post-test opens once you have read every section of this module.', serving: null, questions: [] });
    expect((await call('POST', `${MOD}/post-test/attempts`, { serving: 'x', answers: {} })).statusCode).toBe(409);

    const preResult = await ok<ModuleTestResult>('POST', `${MOD}/pre-test/attempts`, await servedAnswers(t.db, pre as unknown as ReviewView, (i) => (i < MODULE_TEST_QUESTIONS / 2 ? rightOf(pre)(i) : wrong(byId.get(pre.questions[i]!.id)!))));
    expect(preResult).toMatchObject({ score: 50, correctCount: MODULE_TEST_QUESTIONS / 2, questionCount: MODULE_TEST_QUESTIONS, preTestScore: 50, postTestScore: null });
    expect(preResult.results.every((r) => r.explanation !== null && r.correctAnswer !== null)).toBe(true);
    // a module test draws from every material's bank: each question carries the section it tests, in its own material
    const sectionOf = new Map((await t.db.selectFrom('content_questions').select(['id', 'section_slug']).execute()).map((r) => [r.id, r.section_slug]));
    expect(preResult.results.some((r) => r.section)).toBe(true);
    for (const r of preResult.results) {
      expect(r.section?.slug ?? null).toBe(sectionOf.get(r.id) ?? null);
      if (r.section) expect(r.section.path).toMatch(new RegExp(`^/app/catalog/budgeting/material/[a-z0-9-]+/section/${r.section.slug}$`));
    }
    // taken once: the score stays
    expect(await ok<ModuleTestView>('GET', `${MOD}/pre-test`)).toMatchObject({ score: preResult.score, serving: null, questions: [] });
    const again = await call('POST', `${MOD}/pre-test/attempts`, { serving: pre.serving, answers: {} });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toMatch(/already taken this module’s pre-test/);

    const module = await ok<{ materials: { slug: string; sections: { slug: string }[] }[] }>('GET', MOD);
    for (const mat of module.materials) for (const s of mat.sections) await ok('POST', `${MOD}/materials/${mat.slug}/sections/${s.slug}/complete`);
    const post = await ok<ModuleTestView>('GET', `${MOD}/post-test`);
    expect(post.questions).toHaveLength(MODULE_TEST_QUESTIONS);
    // other questions than the pre-test asked: a gain is not a memory of the same questions
    expect(post.questions.filter((q) => pre.questions.some((p) => p.id === q.id))).toEqual([]);
    const postResult = await ok<ModuleTestResult>('POST', `${MOD}/post-test/attempts`, await servedAnswers(t.db, post as unknown as ReviewView, rightOf(post)));
    expect(postResult).toMatchObject({ kind: 'post-test', score: 100, preTestScore: preResult.score, postTestScore: 100 });

    const transcript = await ok<TranscriptRow[]>('GET', '/transcripts');
    expect(transcript.find((r) => r.moduleSlug === 'budgeting')).toMatchObject({ preTestScore: preResult.score, postTestScore: 100 });
    expect(transcript.find((r) => r.moduleSlug === 'credit-and-debt')).toMatchObject({ preTestScore: null, postTestScore: null });
    const detail = await ok<ModuleDetail>('GET', MOD);
    expect(detail.tests).toEqual([
      expect.objectContaining({ kind: 'pre-test', score: preResult.score, locked: null }),
      expect.objectContaining({ kind: 'post-test', score: 100, locked: null }),
    ]);
    // one stored score of each, for a later dashboard
    expect(await t.db.selectFrom('module_test_attempts').select('kind').where('module_slug', '=', 'budgeting').execute()).toHaveLength(2);
  });
});
