/**
 * Catalog API through the proxy on a real SQLite file, with the fixture content:
 * one module (budgeting) → one material (first-budget) → three sections + a five-question review.
 */
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type {
  Bookmark,
  CatalogModuleCard,
  CertificateCheck,
  CertificateFile,
  MaterialDetail,
  ModuleDetail,
  ProgressSummary,
  ReviewResult,
  ReviewView,
  SectionDetail,
  TranscriptRow,
} from '../../src/common/catalog';
import { importContent, offerAllModules } from '../../src/server/content/importContent';
import { addUser } from './support/classroom';
import { servedAnswers } from './support/reviews';
import { CATALOG_MESSAGES } from '../../src/server/services/catalog/messages';
import { authHeaders, createTestApp, messageOf, serviceCall, signIn, type TestApp } from './support/testApp';

const FIXTURE = path.resolve(__dirname, '../fixtures/content');
const MOD = '/catalog/modules/budgeting';
const MAT = `${MOD}/materials/first-budget`;
const SECTIONS = ['track-your-spending', 'needs-and-wants', 'write-the-plan'];
/** the fixture's right answers, in question order (the test reads the file, never the API) */
const RIGHT = [0, false, 1, true, 1] as const;

let t: TestApp;
let learner: string;
let multi: string;

function call(token: string | null, method: string, p: string, payload?: unknown): Promise<LightMyRequestResponse> {
  return serviceCall(t.app, method, p, { token, payload });
}
async function ok<T>(token: string | null, method: string, p: string, payload?: unknown): Promise<T> {
  const res = await call(token, method, p, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${p}: ${res.statusCode} ${res.body}`);
  return (res.body ? res.json() : undefined) as T;
}
/** `{ serving, answers }` for a fresh opening of the review; `pick(i)` answers by the fixture's choice index */
async function answersFor(token: string, pick: (index: number) => number | boolean) {
  const review = await ok<ReviewView>(token, 'GET', `${MAT}/review`);
  return servedAnswers(t.db, review, pick);
}

/**
 * Each describe below gets a world of its own (a fresh database with the fixture content, and the
 * demo students signed in), so any one of them, or any one test, runs alone with the same outcome.
 */
function freshWorld(): void {
  beforeAll(async () => {
    t = await createTestApp();
    await importContent(t.db, FIXTURE, t.clock());
    await offerAllModules(t.db, ['LINCOLN-HS']); // Roosevelt Academy offers nothing here
    learner = (await signIn(t.app, 'learner')).token;
    multi = (await signIn(t.app, 'multi')).token;
  });
  afterAll(async () => {
    await t.close();
  });
}

describe('catalog per school', () => {
  freshWorld();

  it("lists the current school's modules with the learner's progress", async () => {
    const cards = await ok<CatalogModuleCard[]>(learner, 'GET', '/catalog');
    expect(cards).toEqual([
      expect.objectContaining({
        slug: 'budgeting',
        title: 'Budgeting Basics',
        progress: expect.objectContaining({ sectionsTotal: 3, sectionsCompleted: 0, reviewsTotal: 1, percent: 0, status: 'not-started' }),
        continuePath: '/app/catalog/budgeting',
      }),
    ]);
  });

  it('a learner with nothing done yet starts at the first module: nothing started, no step named twice', async () => {
    const summary = await ok<ProgressSummary>(learner, 'GET', '/progress/summary');
    expect(summary).toEqual({
      overallPercent: 0,
      modulesTotal: 1,
      modulesCompleted: 0,
      started: false,
      continueAt: { moduleSlug: 'budgeting', moduleTitle: 'Budgeting Basics', label: 'Budgeting Basics', path: '/app/catalog/budgeting', started: false },
    });
  });

  it('shows nothing of a module the current school does not offer (the first client is current)', async () => {
    const multiUser = await t.db.selectFrom('users').select('id').where('user_name', '=', 'multi').executeTakeFirstOrThrow();
    const clients = await t.db.selectFrom('clients').select(['id', 'lsclient_id']).execute();
    const lincoln = clients.find((c) => c.lsclient_id === 'LINCOLN-HS')!.id;
    const roosevelt = clients.find((c) => c.lsclient_id === 'ROOSEVELT-AC')!.id;
    expect(await ok<CatalogModuleCard[]>(multi, 'GET', '/catalog')).toHaveLength(1);
    // Roosevelt becomes the current school
    await t.db.updateTable('user_clients').set({ position: 5 }).where('user_id', '=', multiUser.id).where('client_id', '=', lincoln).execute();
    await t.db.updateTable('user_clients').set({ position: 0 }).where('user_id', '=', multiUser.id).where('client_id', '=', roosevelt).execute();
    const rooseveltToken = (await signIn(t.app, 'multi')).token;
    expect(await ok<CatalogModuleCard[]>(rooseveltToken, 'GET', '/catalog')).toEqual([]);
    const res = await call(rooseveltToken, 'GET', MOD);
    expect(res.statusCode).toBe(404);
    const complete = await call(rooseveltToken, 'POST', `${MAT}/sections/needs-and-wants/complete`);
    expect(complete.statusCode).toBe(404);
    expect(await t.db.selectFrom('section_completions').selectAll().where('user_id', '=', multiUser.id).execute()).toEqual([]);
    await t.db.updateTable('user_clients').set({ position: 1 }).where('user_id', '=', multiUser.id).where('client_id', '=', roosevelt).execute();
    await t.db.updateTable('user_clients').set({ position: 0 }).where('user_id', '=', multiUser.id).where('client_id', '=', lincoln).execute();
  });

  it('needs a signed-in user', async () => {
    expect((await call(null, 'GET', '/catalog')).statusCode).toBe(401);
  });
});

describe('reading', () => {
  freshWorld();

  it('gives a module with objectives, rendered overview and materials', async () => {
    const m = await ok<ModuleDetail>(learner, 'GET', MOD);
    expect(m.objectives).toHaveLength(3);
    expect(m.overviewHtml).toMatch(/^<p>A budget is a plan/);
    expect(m.materials.map((x) => x.slug)).toEqual(['first-budget']);
    expect(m.materials[0]!.sections.map((s) => s.slug)).toEqual(SECTIONS);
    expect(m.materials[0]!.review).toMatchObject({ questionCount: 5, passingScore: 70, bestScore: null, passed: false });
  });

  it('names a section\'s "Learn more" articles by their titles in the knowledge base', async () => {
    const topic = await t.db
      .insertInto('kb_topics')
      .values({ slug: 'budgeting-and-spending', title: 'Budgeting and Spending', position: 1, summary: 'Plans.' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('kb_articles')
      .values({ topic_id: topic.id, topic_slug: 'budgeting-and-spending', slug: 'what-is-a-budget', title: 'What Is a Budget?', summary: 'A plan.', key_terms: '[]', related: '[]', updated: '2026-01-01', body_html: '<p>A plan.</p>', body_text: 'A plan.' })
      .execute();
    try {
      const s = await ok<SectionDetail>(learner, 'GET', `${MAT}/sections/track-your-spending`);
      expect(s.kbArticles).toEqual([
        { key: 'budgeting-and-spending/what-is-a-budget', title: 'What Is a Budget?', path: '/app/resources/knowledge-base/budgeting-and-spending/what-is-a-budget' },
      ]);
    } finally {
      await t.db.deleteFrom('kb_articles').execute();
      await t.db.deleteFrom('kb_topics').execute();
    }
  });

  it('gives a material and a section with previous/next and safe HTML (same-site links only)', async () => {
    const mat = await ok<MaterialDetail>(learner, 'GET', MAT);
    expect(mat).toMatchObject({ moduleTitle: 'Budgeting Basics', title: 'Making Your First Budget', bookmarked: false });
    const s = await ok<SectionDetail>(learner, 'GET', `${MAT}/sections/needs-and-wants`);
    expect(s.previous).toEqual({ slug: 'track-your-spending', title: 'Track Your Spending' });
    expect(s.next).toEqual({ slug: 'write-the-plan', title: 'Write the Plan' });
    // "Learn more": the article under its title from the knowledge base (the fixture has none yet: a title from its slug)
    expect(s.kbArticles).toEqual([
      { key: 'budgeting-and-spending/needs-vs-wants', title: 'Needs vs wants', path: '/app/resources/knowledge-base/budgeting-and-spending/needs-vs-wants' },
    ]);
    expect(s.bodyHtml).toContain('<h2>Needs come first</h2>');
    expect(s.bodyHtml).toContain('<blockquote>');
    const first = await ok<SectionDetail>(learner, 'GET', `${MAT}/sections/track-your-spending`);
    expect(first.previous).toBeNull();
    expect(first.bodyHtml).toContain('href="/app/resources/knowledge-base/budgeting-and-spending/what-is-a-budget"');
  });

  it.each([
    ['GET', '/catalog/modules/no-such-module', 404],
    ['GET', '/catalog/modules/Budgeting', 400],
    ['GET', '/catalog/modules/bad_slug', 400],
    ['GET', `${MOD}/materials/nope`, 404],
    ['GET', `${MAT}/sections/nope`, 404],
    ['GET', `${MAT}/sections/x--y`, 400],
    ['GET', '/catalog/modules/nope/materials/first-budget/review', 404],
  ])('%s %s → %i with a message', async (method, p, status) => {
    const res = await call(learner, method, p);
    expect(res.statusCode).toBe(status);
    expect(messageOf(res)).toEqual(expect.any(String));
  });
});

describe('review', () => {
  freshWorld();

  const CHOICES = [
    ['Rent', 'Concert tickets', 'A new phone case'],
    null,
    ['$35', '$45', '$55'],
    null,
    ['Is it on sale?', 'Would I still want it in a week?', 'Do my friends have it?', 'Can I pay later?'],
  ];

  it('does not send the correct answers or explanations before an attempt', async () => {
    const res = await call(learner, 'GET', `${MAT}/review`);
    expect(res.statusCode).toBe(200);
    const review = res.json() as ReviewView;
    expect(review.serving).toMatch(/^[\w-]{22}$/);
    expect(review.questions).toHaveLength(5);
    expect(review.questions[0]).toEqual({ id: expect.any(Number), type: 'multiple-choice', prompt: 'Which of these is a need?', choices: expect.arrayContaining(CHOICES[0]!) });
    expect(review.questions[0]!.choices).toHaveLength(3);
    expect(review.questions[1]).toEqual(expect.objectContaining({ type: 'true-false', choices: null }));
    expect(res.body).not.toMatch(/answer|explanation|Housing is a need/i);
  });

  it('shuffles the choices per opening, and each opening is judged by its own order', async () => {
    const student = (await signIn(t.app, 'admin')).token;
    const orders = new Set<string>();
    for (let i = 0; i < 12; i += 1) {
      const review = await ok<ReviewView>(student, 'GET', `${MAT}/review`);
      review.questions.forEach((q, n) => {
        if (CHOICES[n]) expect([...(q.choices ?? [])].sort()).toEqual([...CHOICES[n]!].sort());
      });
      orders.add(JSON.stringify(review.questions.map((q) => q.choices)));
    }
    // 3! × 3! × 4! = 864 orders: twelve openings drawing one order each time would be astronomically unlikely
    expect(orders.size).toBeGreaterThan(1);
    // two openings, each answered right in its own order, both score 100 % …
    const first = await ok<ReviewView>(student, 'GET', `${MAT}/review`);
    const second = await ok<ReviewView>(student, 'GET', `${MAT}/review`);
    const firstAnswers = await servedAnswers(t.db, first, (i) => RIGHT[i]!);
    const secondAnswers = await servedAnswers(t.db, second, (i) => RIGHT[i]!);
    // … and the first opening's positions handed in under the second opening are judged by the second's order
    const crossed = { serving: second.serving, answers: firstAnswers.answers };
    const expectedCross = second.questions.filter((q, i) => (q.choices ? q.choices[firstAnswers.answers[String(q.id)] as number] === CHOICES[i]![RIGHT[i] as number] : true)).length;
    const crossedResult = await ok<ReviewResult>(student, 'POST', `${MAT}/review/attempts`, crossed);
    expect(crossedResult.correctCount).toBe(expectedCross);
    expect((await ok<ReviewResult>(student, 'POST', `${MAT}/review/attempts`, firstAnswers)).score).toBe(100);
    // the second serving was used by the crossed attempt: once only
    const replay = await call(student, 'POST', `${MAT}/review/attempts`, secondAnswers);
    expect(replay.statusCode).toBe(409);
    expect(messageOf(replay)).toBe(CATALOG_MESSAGES.servingGone);
  });

  it('a retake never shows exactly the order of the attempt before it', async () => {
    const student = (await signIn(t.app, 'support')).token;
    for (let i = 0; i < 6; i += 1) {
      const review = await ok<ReviewView>(student, 'GET', `${MAT}/review`);
      await ok<ReviewResult>(student, 'POST', `${MAT}/review/attempts`, await servedAnswers(t.db, review, (n) => (typeof RIGHT[n] === 'boolean' ? true : 0)));
      const next = await ok<ReviewView>(student, 'GET', `${MAT}/review`);
      expect(JSON.stringify(next.questions.map((q) => q.choices))).not.toBe(JSON.stringify(review.questions.map((q) => q.choices)));
    }
  });

  it('one learner’s attempts: 3 of 5 fails (60 % < 70 %) without the right answers; 4 of 5 passes (80 %) with them; a later failed retake shows them too', async () => {
    const student = learner;
    // 3 of 5 fails, saying which questions were wrong but not the right answers
    const payload = await answersFor(student, (i) => (i < 3 ? RIGHT[i]! : typeof RIGHT[i] === 'boolean' ? !RIGHT[i] : 0));
    const res = await call(student, 'POST', `${MAT}/review/attempts`, payload);
    expect(res.statusCode).toBe(200);
    const result = res.json() as ReviewResult;
    expect(result).toMatchObject({ score: 60, passed: false, passingScore: 70, correctCount: 3, questionCount: 5, bestScore: 60, attempts: 1, answersShown: false });
    expect(result.results.map((r) => r.correct)).toEqual([true, true, true, false, false]);
    expect(result.results.map((r) => r.given)).toEqual(result.questions.map((q) => payload.answers[String(q.id)]));
    for (const r of result.results) expect(r).toMatchObject({ correctAnswer: null, explanation: null });
    // each question names the section it tests, with its page: what a missed one links to
    expect(result.results.map((r) => r.section?.slug)).toEqual(['needs-and-wants', 'write-the-plan', 'track-your-spending', 'track-your-spending', 'write-the-plan']);
    expect(result.results[4]!.section).toEqual({ slug: 'write-the-plan', title: 'Write the Plan', path: '/app/catalog/budgeting/material/first-budget/section/write-the-plan' });
    expect(res.body).not.toMatch(/Housing is a need|12 \+ 8 \+ 25|Waiting a week|correctAnswer":[0-9tf]/);
    // the results show the questions as this attempt showed them
    expect(result.questions.map((q) => q.prompt)).toHaveLength(5);

    // 4 of 5 passes: now the right answers (in this attempt's order) and explanations; best score kept, every attempt stored
    const review = await ok<ReviewView>(student, 'GET', `${MAT}/review`);
    const passing = await servedAnswers(t.db, review, (i) => (i === 4 ? 0 : RIGHT[i]!));
    const passed = await ok<ReviewResult>(student, 'POST', `${MAT}/review/attempts`, passing);
    expect(passed).toMatchObject({ score: 80, passed: true, bestScore: 80, attempts: 2, answersShown: true });
    expect(passed.questions).toEqual(review.questions);
    const rent = review.questions[0]!.choices!.indexOf('Rent');
    expect(passed.results[0]).toMatchObject({ correct: true, correctAnswer: rent, explanation: 'Housing is a need; the others are wants.' });
    const inAWeek = review.questions[4]!.choices!.indexOf('Would I still want it in a week?');
    expect(passed.results[4]).toMatchObject({ correct: false, given: passing.answers[String(review.questions[4]!.id)], correctAnswer: inAWeek });
    expect(passed.results[1]).toMatchObject({ correctAnswer: false });
    const mat = await ok<MaterialDetail>(student, 'GET', MAT);
    expect(mat.review).toMatchObject({ bestScore: 80, passed: true, attempts: 2 });
    const stored = await t.db.selectFrom('review_attempts').select(['answers', 'choice_orders']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    // stored by the content's own choice index, with the order they were shown in
    expect(JSON.parse(stored.answers)[String(review.questions[0]!.id)]).toBe(0);
    expect(stored.choice_orders).not.toBeNull();

    // once passed, a later failed retake shows the answers too (there is nothing left to give away)
    const retake = await ok<ReviewResult>(student, 'POST', `${MAT}/review/attempts`, await answersFor(student, (i) => (typeof RIGHT[i] === 'boolean' ? !RIGHT[i] : 2)));
    expect(retake.passed).toBe(false);
    expect(retake.answersShown).toBe(true);
    expect(retake.results.every((r) => r.correctAnswer !== null && r.explanation !== null)).toBe(true);
  });

  it.each<[string, unknown, RegExp, number]>([
    ['no answers', {}, /Answer every question/, 400],
    ['a missing answer', 'drop-last', /Answer every question/, 400],
    ['an unknown question', 'extra', /is not part of this review/, 400],
    ['a choice out of range', 'range', /is not one of its choices/, 400],
    ['text instead of a choice', 'text', /choice number or true\/false/, 400],
    ['true/false answered with a number', 'tf-number', /is not one of its choices/, 400],
    ['an unknown field', 'unknown-field', /Unknown field/, 400],
    ['answers without the serving they answer', 'no-serving', /Open the review again/, 400],
    ['a serving that does not exist', 'bad-serving', /already submitted or has been opened again/, 409],
    ["another student's serving", 'other-serving', /already submitted or has been opened again/, 409],
  ])('refuses %s and stores nothing', async (_name, how, message, status) => {
    const student = (await signIn(t.app, 'support')).token;
    const before = await t.db.selectFrom('review_attempts').selectAll().execute();
    const good = await answersFor(student, (i) => RIGHT[i]!);
    const ids = Object.keys(good.answers);
    let payload: unknown = how;
    const serving = good.serving;
    if (how === 'drop-last') payload = { serving, answers: Object.fromEntries(Object.entries(good.answers).slice(0, 4)) };
    if (how === 'extra') payload = { serving, answers: { ...good.answers, 999999: 0 } };
    if (how === 'range') payload = { serving, answers: { ...good.answers, [ids[0]!]: 7 } };
    if (how === 'text') payload = { serving, answers: { ...good.answers, [ids[0]!]: 'Rent' } };
    if (how === 'tf-number') payload = { serving, answers: { ...good.answers, [ids[1]!]: 1 } };
    if (how === 'unknown-field') payload = { ...good, cheat: true };
    if (how === 'no-serving') payload = { answers: good.answers };
    if (how === 'bad-serving') payload = { serving: 'AAAAAAAAAAAAAAAAAAAAAA', answers: good.answers };
    if (how === 'other-serving') payload = { serving: (await ok<ReviewView>((await signIn(t.app, 'admin')).token, 'GET', `${MAT}/review`)).serving, answers: good.answers };
    const res = await call(student, 'POST', `${MAT}/review/attempts`, payload);
    expect(res.statusCode).toBe(status);
    expect(messageOf(res)).toMatch(message);
    expect(await t.db.selectFrom('review_attempts').selectAll().execute()).toHaveLength(before.length);
    // a refused attempt does not use up its serving: the same answers go through once corrected
    if (status === 400 && how !== 'no-serving') expect((await call(student, 'POST', `${MAT}/review/attempts`, good)).statusCode).toBe(200);
  });

  it('refuses answers to a review that does not exist, storing nothing', async () => {
    const before = await t.db.selectFrom('review_attempts').selectAll().execute();
    const res = await call(learner, 'POST', `${MOD}/materials/nope/review/attempts`, { serving: 'x', answers: { 1: 0 } });
    expect(res.statusCode).toBe(404);
    expect(await t.db.selectFrom('review_attempts').selectAll().execute()).toHaveLength(before.length);
  });

  it('uses PASSING_SCORE when the review does not set its own', async () => {
    const strict = await createTestApp({ env: { PASSING_SCORE: '90' } });
    try {
      await importContent(strict.db, FIXTURE, strict.clock());
      await offerAllModules(strict.db, ['LINCOLN-HS']);
      const token = (await signIn(strict.app, 'learner')).token;
      const review = (await strict.app.inject({ method: 'POST', url: '/api/service', headers: authHeaders(token), payload: { path: `${MAT}/review` } })).json() as ReviewView;
      expect(review.passingScore).toBe(90);
      const payload = await servedAnswers(strict.db, review, (i) => (i === 4 ? 0 : RIGHT[i]!));
      const res = await strict.app.inject({ method: 'POST', url: '/api/service', headers: authHeaders(token), payload: { method: 'POST', path: `${MAT}/review/attempts`, payload } });
      expect(res.json()).toMatchObject({ score: 80, passed: false, passingScore: 90 });
    } finally {
      await strict.close();
    }
  });
});

/** Completes every section of the fixture's module (completing again keeps the first date). */
async function completeModule(token: string): Promise<void> {
  for (const section of SECTIONS) await ok(token, 'POST', `${MAT}/sections/${section}/complete`);
}

let progressStudents = 0;
/**
 * A Lincoln student of the test's own, signed in: progress that no other test adds to, so each
 * test below runs alone (`-t`) with the same outcome.
 */
async function newStudent(firstName = 'Pat', lastName = 'Rivera'): Promise<{ id: number; token: string; userName: string }> {
  progressStudents += 1;
  const userName = `progress.student${progressStudents}`;
  const id = await addUser(t, userName, { firstName, lastName });
  return { id, token: (await signIn(t.app, userName)).token, userName };
}

/** Passes the material's review with 80 % (4 of 5). */
async function passReview(token: string): Promise<void> {
  const review = await ok<ReviewView>(token, 'GET', `${MAT}/review`);
  await ok<ReviewResult>(token, 'POST', `${MAT}/review/attempts`, await servedAnswers(t.db, review, (i) => (i === 4 ? 0 : RIGHT[i]!)));
}

describe('progress, transcripts and certificates', () => {
  freshWorld();

  it('refuses time outside 1..600 seconds and progress for a section not in the catalog', async () => {
    const student = await newStudent();
    for (const payload of [{ seconds: 0 }, { seconds: 601 }, { seconds: 2.5 }, { seconds: '30' }, {}, { seconds: 30, extra: 1 }]) {
      const res = await call(student.token, 'POST', `${MAT}/sections/needs-and-wants/time`, payload);
      expect(res.statusCode).toBe(400);
    }
    expect((await call(student.token, 'POST', `${MAT}/sections/not-here/complete`)).statusCode).toBe(404);
    expect((await call(student.token, 'POST', `${MAT}/sections/not-here/time`, { seconds: 5 })).statusCode).toBe(404);
    expect((await call(student.token, 'POST', `${MAT}/sections/needs-and-wants/complete`, { done: 1 })).statusCode).toBe(400);
    expect(await t.db.selectFrom('time_spent').selectAll().where('user_id', '=', student.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('section_completions').selectAll().where('user_id', '=', student.id).execute()).toEqual([]);
  });

  it('a certificate is refused before the module is complete', async () => {
    const student = await newStudent();
    // the review passed and two of the three sections done: not yet complete
    await passReview(student.token);
    for (const section of SECTIONS.slice(0, 2)) await ok(student.token, 'POST', `${MAT}/sections/${section}/complete`);
    const res = await call(student.token, 'GET', '/certificates/modules/budgeting');
    expect(res.statusCode).toBe(409);
  });

  it('completes sections, adds time, and the module becomes complete with dates; summary and transcript follow', async () => {
    const { token } = await newStudent();
    await passReview(token);
    t.clock.advance(60_000);
    expect(await ok(token, 'POST', `${MAT}/sections/track-your-spending/time`, { seconds: 120 })).toEqual({ seconds: 120 });
    expect(await ok(token, 'POST', `${MAT}/sections/track-your-spending/time`, { seconds: 30 })).toEqual({ seconds: 150 });
    await ok(token, 'POST', `${MAT}/sections/track-your-spending/complete`);
    const summary1 = await ok<ProgressSummary>(token, 'GET', '/progress/summary');
    expect(summary1.continueAt).toMatchObject({ moduleSlug: 'budgeting', path: '/app/catalog/budgeting/material/first-budget/section/needs-and-wants', label: 'Needs and Wants', started: true });
    expect(summary1.started).toBe(true);
    t.clock.advance(60_000);
    await ok(token, 'POST', `${MAT}/sections/needs-and-wants/complete`);
    await ok(token, 'POST', `${MAT}/sections/write-the-plan/complete`);
    // completing twice keeps the first date
    const again = await ok<{ completedAt: number }>(token, 'POST', `${MAT}/sections/write-the-plan/complete`);
    expect(again.completedAt).toBe(t.clock());
    const summary = await ok<ProgressSummary>(token, 'GET', '/progress/summary');
    expect(summary).toMatchObject({ overallPercent: 100, modulesTotal: 1, modulesCompleted: 1, continueAt: null });
    const [row] = await ok<TranscriptRow[]>(token, 'GET', '/transcripts');
    expect(row).toMatchObject({
      moduleSlug: 'budgeting',
      status: 'completed',
      percent: 100,
      timeSpentSeconds: 150,
      bestScores: [{ materialTitle: 'Making Your First Budget', bestScore: 80 }],
      averageBestScore: 80,
    });
    expect(row!.startedAt).toBeLessThan(row!.completedAt!);
  });

  it("keeps another learner's progress invisible", async () => {
    const busy = await newStudent();
    await passReview(busy.token);
    await ok(busy.token, 'POST', `${MAT}/sections/track-your-spending/time`, { seconds: 60 });
    await completeModule(busy.token);
    expect((await call(busy.token, 'GET', '/certificates/modules/budgeting')).statusCode).toBe(200);
    const other = (await newStudent()).token;
    const [row] = await ok<TranscriptRow[]>(other, 'GET', '/transcripts');
    expect(row).toMatchObject({ status: 'not-started', percent: 0, startedAt: null, completedAt: null, timeSpentSeconds: 0, averageBestScore: null });
    const mat = await ok<MaterialDetail>(other, 'GET', MAT);
    expect(mat.sections.every((s) => !s.completed)).toBe(true);
    expect(mat.review.attempts).toBe(0);
    expect((await call(other, 'GET', '/certificates/modules/budgeting')).statusCode).toBe(409);
  });

  it('issues a PDF certificate with a code that the public route verifies (first name, last initial, module, date only)', async () => {
    const student = await newStudent('Maya', 'Johnson');
    await passReview(student.token);
    await completeModule(student.token);
    const file = await ok<CertificateFile>(student.token, 'GET', '/certificates/modules/budgeting');
    expect(file.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(file.fileName).toBe('certificate-budgeting.pdf');
    const pdf = Buffer.from(file.pdfBase64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // the same code on a second download
    expect((await ok<CertificateFile>(student.token, 'GET', '/certificates/modules/budgeting')).code).toBe(file.code);
    const check = await call(null, 'GET', `/certificates/verify/${file.code}`);
    expect(check.statusCode).toBe(200);
    const body = check.json() as CertificateCheck;
    expect(body).toEqual({ firstName: 'Maya', lastInitial: 'J', moduleTitle: 'Budgeting Basics', completedAt: expect.any(Number), completedOn: expect.stringMatching(/^\d{2}\/\d{2}\/\d{2}$/) });
    expect(check.body).not.toContain('Johnson');
    expect(check.body).not.toContain(student.userName);
    expect((await call(null, 'GET', `/certificates/verify/${file.code.toLowerCase()}`)).statusCode).toBe(200);
  });

  it.each([
    ['ABCD-EFGH-JKLM', 404],
    ['not-a-code', 400],
    ['ABCD-EFGH-JKL0', 400],
  ])('verification of %s → %i', async (code, status) => {
    const res = await call(null, 'GET', `/certificates/verify/${code}`);
    expect(res.statusCode).toBe(status);
    expect(messageOf(res)).toEqual(expect.any(String));
  });
});

describe('bookmarks', () => {
  freshWorld();

  it('adds, lists (with title and page) and removes section and material bookmarks', async () => {
    const s = await ok<Bookmark>(learner, 'POST', '/bookmarks', { kind: 'section', target: 'budgeting/first-budget/needs-and-wants' });
    expect(s).toMatchObject({ kind: 'section', title: 'Needs and Wants', path: '/app/catalog/budgeting/material/first-budget/section/needs-and-wants' });
    t.clock.advance(1000);
    const m = await ok<Bookmark>(learner, 'POST', '/bookmarks', { kind: 'material', target: 'budgeting/first-budget' });
    const a = await ok<Bookmark>(learner, 'POST', '/bookmarks', { kind: 'article', target: 'credit-and-debt/apr' });
    expect(a.path).toBe('/app/resources/knowledge-base/credit-and-debt/apr');
    // adding twice is one bookmark
    expect((await ok<Bookmark>(learner, 'POST', '/bookmarks', { kind: 'material', target: 'budgeting/first-budget' })).id).toBe(m.id);
    expect((await ok<SectionDetail>(learner, 'GET', `${MAT}/sections/needs-and-wants`)).bookmarked).toBe(true);
    const list = await ok<Bookmark[]>(learner, 'GET', '/bookmarks');
    expect(list.map((b) => b.kind).sort()).toEqual(['article', 'material', 'section']);
    // another learner sees none and cannot remove them
    expect(await ok<Bookmark[]>(multi, 'GET', '/bookmarks')).toEqual([]);
    expect((await call(multi, 'DELETE', `/bookmarks/${s.id}`)).statusCode).toBe(404);
    expect((await call(learner, 'DELETE', `/bookmarks/${s.id}`)).statusCode).toBe(204);
    expect((await call(learner, 'DELETE', `/bookmarks/${s.id}`)).statusCode).toBe(404);
    expect((await ok<Bookmark[]>(learner, 'GET', '/bookmarks')).map((b) => b.id).sort()).toEqual([m.id, a.id].sort());
  });

  it.each<[unknown, number]>([
    [{ kind: 'section', target: 'budgeting/first-budget/nope' }, 404],
    [{ kind: 'material', target: 'budgeting/nope' }, 404],
    [{ kind: 'material', target: 'budgeting/first-budget/needs-and-wants' }, 404],
    [{ kind: 'article', target: 'credit-and-debt/nope' }, 404],
    [{ kind: 'video', target: 'budgeting/first-budget' }, 400],
    [{ kind: 'section', target: '../etc/passwd' }, 400],
    [{ kind: 'section' }, 400],
    [{ kind: 'section', target: 'budgeting/first-budget/needs-and-wants', note: 'x' }, 400],
    [undefined, 400],
  ])('refuses the bookmark %j (%i) and stores nothing', async (payload, status) => {
    const before = await t.db.selectFrom('bookmarks').selectAll().execute();
    const res = await call(learner, 'POST', '/bookmarks', payload);
    expect(res.statusCode).toBe(status);
    expect(messageOf(res)).toEqual(expect.any(String));
    expect(await t.db.selectFrom('bookmarks').selectAll().execute()).toHaveLength(before.length);
  });

  it.each(['abc', '0', '-1', '99999999999'])('refuses removing bookmark id %s with 400', async (id) => {
    expect((await call(learner, 'DELETE', `/bookmarks/${id}`)).statusCode).toBe(400);
  });
});
