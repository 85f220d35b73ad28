/**
 * A serving (one opening of a review or a module test: its questions and choice orders) is used up
 * by the attempt it scores, in that attempt's transaction. A submit whose transaction fails after
 * the serving was read (a 503 on PostgreSQL, a crash on SQLite) keeps the serving, so the same
 * answers sent again are scored; two submits of one serving at once score it once.
 */
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { ModuleTestResult, ModuleTestView, ReviewAnswer, ReviewResult, ReviewView } from '../../src/common/catalog';
import { importContent, offerAllModules } from '../../src/server/content/importContent';
import { isPostgres } from '../../src/server/db';
import { CATALOG_MESSAGES } from '../../src/server/services/catalog/messages';
import { failCommitsWriting } from './support/faults';
import { servedAnswers } from './support/reviews';
import { createTestApp, messageOf, serviceCall, signIn, type TestApp } from './support/testApp';

const FIXTURE = path.resolve(__dirname, '../fixtures/content');
const MOD = '/catalog/modules/budgeting';
const REVIEW = `${MOD}/materials/first-budget/review`;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await importContent(t.db, FIXTURE, t.clock());
  await offerAllModules(t.db, ['LINCOLN-HS']);
});
afterAll(async () => {
  await t.close();
});

/** A fresh student of the demo school, signed in. */
async function student(name: string): Promise<string> {
  return (await signIn(t.app, name)).token;
}
function call(token: string, method: string, p: string, payload?: unknown): Promise<LightMyRequestResponse> {
  return serviceCall(t.app, method, p, { token, payload });
}
async function ok<T>(token: string, method: string, p: string, payload?: unknown): Promise<T> {
  const res = await call(token, method, p, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${p}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** Every question's right answer in the content's terms (the fixture: a choice index or true/false). */
async function rightAnswers(): Promise<Map<number, ReviewAnswer>> {
  const rows = await t.db.selectFrom('content_questions').select(['id', 'answer']).execute();
  return new Map(rows.map((r) => [r.id, JSON.parse(r.answer) as ReviewAnswer]));
}
/** A wrong answer of the same kind (the fixture's choices number at least three). */
const wrongOf = (right: ReviewAnswer): ReviewAnswer => (typeof right === 'boolean' ? !right : right === 0 ? 1 : 0);

/** The first question right, the others wrong: answers whose score tells them apart from any other. */
async function firstRightOnly(view: { serving: string | null; questions: { id: number }[] }) {
  const right = await rightAnswers();
  return servedAnswers(t.db, view as ReviewView, (i) => (i === 0 ? right.get(view.questions[i]!.id)! : wrongOf(right.get(view.questions[i]!.id)!)));
}

const servingExists = async (id: string) => (await t.db.selectFrom('review_servings').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
const userIdOf = async (name: string) => (await t.db.selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirstOrThrow()).id;

/**
 * Sends `requests` at once. On PostgreSQL the test first holds the rows of the servings they name,
 * so that every submit is surely inside its transaction, waiting on its serving, before any goes on.
 */
async function atOnce(servings: string[], requests: (() => Promise<LightMyRequestResponse>)[]): Promise<LightMyRequestResponse[]> {
  if (!isPostgres(t.db)) return Promise.all(requests.map((send) => send()));
  let sent: Promise<LightMyRequestResponse[]> | undefined;
  await t.db.transaction().execute(async (trx) => {
    await trx.selectFrom('review_servings').select('id').where('id', 'in', servings).forUpdate().execute();
    sent = Promise.all(requests.map((send) => send()));
    // (read outside this transaction: within one, PostgreSQL shows the same snapshot of the activity)
    for (let waited = 0; ; waited += 20) {
      const row = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
      if (row.rows[0]!.n >= requests.length) break;
      if (waited > 5_000) throw new Error('the submits never waited on their servings');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  // the rows are let go: the submits go on together
  return sent!;
}

describe('a review', () => {
  it('a submit whose transaction fails keeps its serving: the same answers sent again are scored', async () => {
    const token = await student('learner');
    const userId = await userIdOf('learner');
    const review = await ok<ReviewView>(token, 'GET', REVIEW);
    const payload = await firstRightOnly(review);

    const letThrough = await failCommitsWriting(t.db, 'review_attempts');
    const failed = await call(token, 'POST', `${REVIEW}/attempts`, payload);
    await letThrough();
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    if (isPostgres(t.db)) expect(failed.statusCode).toBe(503);
    expect(await t.db.selectFrom('review_attempts').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await servingExists(review.serving!)).toBe(true);

    const retried = await call(token, 'POST', `${REVIEW}/attempts`, payload);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ score: 20, correctCount: 1, questionCount: 5, attempts: 1 } satisfies Partial<ReviewResult>);
    const stored = await t.db.selectFrom('review_attempts').select(['answers', 'score']).where('user_id', '=', userId).execute();
    expect(stored).toHaveLength(1);
    const right = await rightAnswers();
    expect(JSON.parse(stored[0]!.answers)).toEqual(
      Object.fromEntries(review.questions.map((q, i) => [String(q.id), i === 0 ? right.get(q.id) : wrongOf(right.get(q.id)!)])),
    );
    // used now: once only
    expect(await servingExists(review.serving!)).toBe(false);
    expect(messageOf(await call(token, 'POST', `${REVIEW}/attempts`, payload))).toBe(CATALOG_MESSAGES.servingGone);
  });

  it('two submits of one serving at once: one is scored, the other is told it was already submitted', async () => {
    const token = await student('multi');
    const userId = await userIdOf('multi');
    const review = await ok<ReviewView>(token, 'GET', REVIEW);
    const payload = await firstRightOnly(review);
    const send = () => call(token, 'POST', `${REVIEW}/attempts`, payload);
    const responses = await atOnce([review.serving!], [send, send]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(messageOf(responses.find((r) => r.statusCode === 409)!)).toBe(CATALOG_MESSAGES.servingGone);
    expect(await t.db.selectFrom('review_attempts').select('id').where('user_id', '=', userId).execute()).toHaveLength(1);
  });
});

describe('a module pre-test', () => {
  it('a submit whose transaction fails keeps its serving: the same answers sent again are scored', async () => {
    const token = await student('learner');
    const userId = await userIdOf('learner');
    const test = await ok<ModuleTestView>(token, 'GET', `${MOD}/pre-test`);
    expect(test.questions).toHaveLength(2);
    const payload = await firstRightOnly(test);

    const letThrough = await failCommitsWriting(t.db, 'module_test_attempts');
    const failed = await call(token, 'POST', `${MOD}/pre-test/attempts`, payload);
    await letThrough();
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(await t.db.selectFrom('module_test_attempts').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await servingExists(test.serving!)).toBe(true);

    const retried = await ok<ModuleTestResult>(token, 'POST', `${MOD}/pre-test/attempts`, payload);
    expect(retried).toMatchObject({ kind: 'pre-test', score: 50, correctCount: 1, questionCount: 2, preTestScore: 50 });
    expect(await t.db.selectFrom('module_test_attempts').select('score').where('user_id', '=', userId).execute()).toEqual([{ score: 50 }]);
    expect(await servingExists(test.serving!)).toBe(false);
  });

  it('taken once under concurrency: one serving sent twice, or two tabs’ servings at once, keep and show one score', async () => {
    const token = await student('admin');
    const userId = await userIdOf('admin');
    const first = await ok<ModuleTestView>(token, 'GET', `${MOD}/pre-test`);
    const second = await ok<ModuleTestView>(token, 'GET', `${MOD}/pre-test`);
    const firstPayload = await firstRightOnly(first);
    const secondPayload = await firstRightOnly(second);
    const send = (payload: unknown) => () => call(token, 'POST', `${MOD}/pre-test/attempts`, payload);

    // the same serving twice: the second finds it used (or, on SQLite, may already see the test taken)
    const same = await atOnce([first.serving!], [send(firstPayload), send(firstPayload)]);
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect([CATALOG_MESSAGES.servingGone, CATALOG_MESSAGES.testTaken('pre-test')]).toContain(messageOf(same.find((r) => r.statusCode === 409)!));
    expect(await t.db.selectFrom('module_test_attempts').select('id').where('user_id', '=', userId).execute()).toHaveLength(1);

    // two tabs' servings at once (each read the test as not taken): the second to store is refused, not shown a score
    await t.db.deleteFrom('module_test_attempts').where('user_id', '=', userId).execute();
    const third = await ok<ModuleTestView>(token, 'GET', `${MOD}/pre-test`);
    const tabs = await atOnce([second.serving!, third.serving!], [send(secondPayload), send(await firstRightOnly(third))]);
    expect(tabs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(messageOf(tabs.find((r) => r.statusCode === 409)!)).toBe(CATALOG_MESSAGES.testTaken('pre-test'));
    expect(await t.db.selectFrom('module_test_attempts').select('id').where('user_id', '=', userId).execute()).toHaveLength(1);
  });
});
