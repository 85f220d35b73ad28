/**
 * The course in Spanish through the service proxy on a real database (SQLite, or PostgreSQL under
 * TEST_DATABASE_URL), with a small bilingual content folder (support/spanishContent.ts: the catalog
 * fixture, a partial Spanish twin of it, and four articles in both languages). The caller's
 * Accept-Language chooses the language; ids, answers and scores are the English rows', so a class
 * with a Spanish and an English student counts their work on a material as the same work.
 */
import { rmSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import type { CatalogModuleCard, MaterialDetail, ModuleDetail, ModuleTestView, ReviewAnswer, ReviewResult, ReviewView, SectionDetail } from '../../src/common/catalog';
import type { Assignment, ClassDetail, ClassReviewQuestions } from '../../src/common/classroom';
import type { GlossaryEntry, KbArticleDetail, KbHome, KbSearchResult, KbTopicDetail } from '../../src/common/knowledgeBase';
import type { Session } from '../../src/common/types';
import { importContent, offerAllModules } from '../../src/server/content/importContent';
import { addUser } from './support/classroom';
import { servedAnswers } from './support/reviews';
import { bilingualContentDir } from './support/spanishContent';
import { createTestApp, serviceCall, signIn, type TestApp } from './support/testApp';

jest.setTimeout(60_000);

const MAT = '/catalog/modules/budgeting/materials/first-budget';
/** the fixture's right answers, by the content's choice index */
const RIGHT = [0, false, 1, true, 1] as const;
const ES = { 'accept-language': 'es-US,es;q=0.9,en;q=0.5' };

let t: TestApp;
let dir: string;
let teacher: string;
let ana: Session;
let eva: Session;
let ip = 0;

function call(token: string, method: string, p: string, options: { payload?: unknown; params?: Record<string, unknown>; headers?: Record<string, string> } = {}): Promise<LightMyRequestResponse> {
  ip += 1;
  return serviceCall(t.app, method, p, { token, ...options, ip: `10.61.${Math.floor(ip / 250)}.${ip % 250}` });
}

async function ok<T>(token: string, method: string, p: string, options: Parameters<typeof call>[3] = {}): Promise<T> {
  const res = await call(token, method, p, options);
  if (res.statusCode >= 300) throw new Error(`${method} ${p}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

const inSpanish = <T>(token: string, p: string, params?: Record<string, unknown>) => ok<T>(token, 'GET', p, { headers: ES, params });

/** `{ serving, answers }` for a review served in Spanish: the choices are found by the Spanish twin's texts. */
async function servedSpanishAnswers(review: ReviewView, pick: (index: number) => ReviewAnswer) {
  const row = await t.db.selectFrom('content_translations').select('data').where('language', '=', 'es').where('kind', '=', 'review').where('key', '=', 'budgeting/first-budget').executeTakeFirstOrThrow();
  const questions = (JSON.parse(row.data) as { questions: { choices: string[] | null }[] }).questions;
  const answers = Object.fromEntries(
    review.questions.map((q, i) => {
      const answer = pick(i);
      if (typeof answer !== 'number' || !q.choices) return [String(q.id), answer];
      return [String(q.id), q.choices.indexOf(questions[i]!.choices![answer]!)];
    }),
  );
  return { serving: review.serving, answers };
}

beforeAll(async () => {
  t = await createTestApp();
  dir = bilingualContentDir();
  await importContent(t.db, dir, t.clock());
  await offerAllModules(t.db, ['LINCOLN-HS']);
  await addUser(t, 'esteach', { schoolPermissions: ['TEACHER'], firstName: 'Alex', lastName: 'Morgan' });
  await addUser(t, 'esana', { firstName: 'Ana', lastName: 'Adams' });
  await addUser(t, 'eseva', { firstName: 'Eva', lastName: 'Esteban' });
  teacher = (await signIn(t.app, 'esteach')).token;
  ana = await signIn(t.app, 'esana');
  eva = await signIn(t.app, 'eseva');
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the catalog in the caller’s language', () => {
  it('answers in Spanish to Accept-Language es, with Content-Language and Vary, and in English otherwise; the tags differ', async () => {
    const es = await call(eva.token, 'GET', '/catalog', { headers: ES });
    const en = await call(eva.token, 'GET', '/catalog');
    expect(es.headers['content-language']).toBe('es');
    expect(String(es.headers.vary)).toMatch(/Accept-Language/i);
    expect(en.headers['content-language']).toBe('en');
    expect((es.json() as CatalogModuleCard[])[0]).toMatchObject({ slug: 'budgeting', title: 'Presupuesto básico' });
    expect((en.json() as CatalogModuleCard[])[0]).toMatchObject({ slug: 'budgeting', title: 'Budgeting Basics' });
    expect(es.headers.etag).not.toBe(en.headers.etag);
    // a tag of one language never validates the other's answer
    const again = await call(eva.token, 'GET', '/catalog', { headers: { ...ES, 'if-none-match': String(en.headers.etag) } });
    expect(again.statusCode).toBe(200);
  });

  it('a module, a material and a translated section in Spanish; an untranslated section stays English (a partial twin)', async () => {
    const m = await inSpanish<ModuleDetail>(eva.token, '/catalog/modules/budgeting');
    expect(m.objectives).toEqual(['Anota a dónde va tu dinero en un mes', 'Distingue las necesidades de los deseos', 'Arma un presupuesto mensual sencillo']);
    expect(m.overviewHtml).toContain('Un presupuesto (budget) es un plan');
    expect(m.materials[0]).toMatchObject({ slug: 'first-budget', title: 'Tu primer presupuesto' });
    const mat = await inSpanish<MaterialDetail>(eva.token, MAT);
    expect(mat.introHtml).toContain('Tres lecturas cortas');
    const s = await inSpanish<SectionDetail>(eva.token, `${MAT}/sections/needs-and-wants`);
    expect(s).toMatchObject({ title: 'Necesidades y deseos', materialTitle: 'Tu primer presupuesto', moduleTitle: 'Presupuesto básico' });
    expect(s.bodyHtml).toContain('Primero las necesidades');
    // the glossary marks the Spanish key terms of the Spanish articles
    expect(s.bodyHtml).toMatch(/data-term="Puntaje de crédito"[^>]*>puntaje de crédito</);
    const untranslated = await inSpanish<SectionDetail>(eva.token, `${MAT}/sections/track-your-spending`);
    expect(untranslated.bodyHtml).not.toContain('Primero las necesidades');
    expect(untranslated.next).toMatchObject({ slug: 'needs-and-wants', title: 'Necesidades y deseos' });
    const english = await ok<SectionDetail>(ana.token, 'GET', `${MAT}/sections/needs-and-wants`);
    expect(english).toMatchObject({ title: 'Needs and Wants' });
  });

  it('a review in Spanish has the same question ids and kinds as in English, without the answers', async () => {
    const es = await inSpanish<ReviewView>(eva.token, `${MAT}/review`);
    const en = await ok<ReviewView>(ana.token, 'GET', `${MAT}/review`);
    expect(es.title).toBe('Repaso: Tu primer presupuesto');
    expect(es.questions.map((q) => [q.id, q.type])).toEqual(en.questions.map((q) => [q.id, q.type]));
    expect(es.questions[0]!.prompt).toBe('¿Cuál de estas es una necesidad?');
    expect([...es.questions[0]!.choices!].sort()).toEqual(['Boletos para un concierto', 'El alquiler', 'Una funda nueva para el teléfono']);
    expect(JSON.stringify(es)).not.toMatch(/La vivienda es una necesidad/);
  });

  it('a module pre-test draws from the same bank, in Spanish', async () => {
    const test = await inSpanish<ModuleTestView>(eva.token, '/catalog/modules/budgeting/pre-test');
    expect(test.questions.length).toBeGreaterThan(0);
    const spanish = ['¿Cuál de estas es una necesidad?', 'Un presupuesto solo sirve si ganas mucho dinero.', 'Jordan gastó $12, $8 y $25 en una semana. ¿Cuánto es en total?', 'Anotar cada compra durante una semana es una buena forma de empezar un presupuesto.', '¿Qué deberías preguntarte antes de comprar algo que quieres?'];
    for (const q of test.questions) expect(spanish).toContain(q.prompt);
  });
});

describe('a class with a Spanish and an English student', () => {
  it('[S9] scores, stores and counts a Spanish attempt exactly as an English one: attempts, what the class got wrong, the gradebook', async () => {
    const cls = await ok<ClassDetail>(teacher, 'POST', '/classes', { payload: { name: 'Period 2' } });
    for (const s of [ana, eva]) await ok(s.token, 'POST', '/me/access-codes', { payload: { code: cls.joinCode } });
    const assignment = await ok<Assignment>(teacher, 'POST', `/classes/${cls.id}/assignments`, { payload: { kind: 'review', moduleSlug: 'budgeting', materialSlug: 'first-budget' } });

    t.clock.advance(60_000);
    const enReview = await ok<ReviewView>(ana.token, 'GET', `${MAT}/review`);
    const enResult = await ok<ReviewResult>(ana.token, 'POST', `${MAT}/review/attempts`, { payload: await servedAnswers(t.db, enReview, (i) => RIGHT[i]!) });
    // Eva misses the first question (the rent) and gets every other one right, in Spanish
    const esReview = await inSpanish<ReviewView>(eva.token, `${MAT}/review`);
    const esPayload = await servedSpanishAnswers(esReview, (i) => (i === 0 ? 1 : RIGHT[i]!));
    const esResult = await ok<ReviewResult>(eva.token, 'POST', `${MAT}/review/attempts`, { payload: esPayload, headers: ES });
    expect(enResult).toMatchObject({ score: 100, passed: true, correctCount: 5 });
    expect(esResult).toMatchObject({ score: 80, passed: true, correctCount: 4 });
    // passed: the explanations come back in Spanish
    expect(esResult.results.find((r) => r.correct === false)).toBeDefined();
    expect(JSON.stringify(esResult)).toContain('La vivienda es una necesidad');

    const attempts = await t.db.selectFrom('review_attempts').select(['user_id', 'module_slug', 'material_slug', 'score', 'answers']).orderBy('user_id').execute();
    const stored = (userId: number) => attempts.find((a) => a.user_id === userId)!;
    expect(stored(eva.user.id)).toMatchObject({ module_slug: 'budgeting', material_slug: 'first-budget', score: 80 });
    expect(stored(ana.user.id)).toMatchObject({ module_slug: 'budgeting', material_slug: 'first-budget', score: 100 });
    // the answers are kept by the content's own choice index, whatever language showed them
    const firstId = String(enReview.questions[0]!.id);
    expect(JSON.parse(stored(ana.user.id).answers)[firstId]).toBe(0);
    expect(JSON.parse(stored(eva.user.id).answers)[firstId]).toBe(1);

    const wrong = await ok<ClassReviewQuestions>(teacher, 'GET', `/classes/${cls.id}/assignments/${assignment.id}/questions`);
    expect(wrong.attemptedCount).toBe(2);
    expect(wrong.questions[0]).toMatchObject({ position: 1, answered: 2, right: 1, percentRight: 50, missedBy: [{ userId: eva.user.id, name: 'Eva Esteban' }] });

    const csv = await call(teacher, 'GET', `/classes/${cls.id}/gradebook.csv`);
    expect(csv.statusCode).toBe(200);
    const line = (name: string) => csv.body.split('\n').find((l) => l.includes(name)) ?? '';
    expect(line('Adams')).toMatch(/\b100\b/);
    expect(line('Esteban')).toMatch(/\b80\b/);
  });
});

describe('the knowledge base in Spanish', () => {
  it('home, topic, article and glossary in Spanish, with Content-Language', async () => {
    const res = await call(eva.token, 'GET', '/kb', { headers: ES });
    expect(res.headers['content-language']).toBe('es');
    const home = res.json() as KbHome;
    expect(home.topics.map((x) => x.title)).toEqual(['Ahorrar e invertir', 'Crédito y deudas']);
    const topic = await inSpanish<KbTopicDetail>(eva.token, '/kb/topics/saving-and-investing');
    expect(topic.articles.map((a) => a.title)).toEqual(['Interés compuesto', 'Interés simple']);
    const article = await inSpanish<KbArticleDetail>(eva.token, '/kb/articles/credit-and-debt/credit-score');
    expect(article).toMatchObject({ title: '¿Qué es el puntaje de crédito?', topicTitle: 'Crédito y deudas' });
    expect(article.keyTerms[0]!.term).toBe('Puntaje de crédito');
    expect(article.bodyHtml).toContain('Qué es');
    expect(article.related.map((r) => r.title)).toEqual(['¿Qué es la tasa de porcentaje anual?', 'Interés simple']);
    const glossary = await inSpanish<{ entries: GlossaryEntry[] }>(eva.token, '/kb/glossary');
    expect(glossary.entries.map((e) => e.term)).toContain('Interés compuesto');
    expect(glossary.entries.map((e) => e.term)).not.toContain('Compound interest');
    const english = await ok<KbArticleDetail>(ana.token, 'GET', '/kb/articles/credit-and-debt/credit-score');
    expect(english.title).toBe('What Is a Credit Score?');
  });

  const search = async (q: string) => {
    const result = await inSpanish<KbSearchResult>(eva.token, '/kb/search', { q });
    return result.results.map((hit) => `${hit.topicSlug}/${hit.slug}`);
  };

  it.each([
    ['crédito', 'credit-and-debt/credit-score'],
    ['credito', 'credit-and-debt/credit-score'],
    ['puntaje de credito', 'credit-and-debt/credit-score'],
    ['interes compuesto', 'saving-and-investing/compound-interest'],
    ['interés', 'saving-and-investing/compound-interest'],
    ['interes', 'saving-and-investing/simple-interest'],
    ['prestamsita', 'credit-and-debt/credit-score'],
    ['prestamistas', 'credit-and-debt/credit-score'],
    ['calificacion crediticia', 'credit-and-debt/credit-score'],
    ['tasa anual', 'credit-and-debt/apr'],
  ])('finds Spanish articles with or without accents, typos and synonyms: "%s" → %s', async (q, key) => {
    expect(await search(q)).toContain(key);
  });

  it('snippets and cards are Spanish; English readers search the English articles', async () => {
    const result = await inSpanish<KbSearchResult>(eva.token, '/kb/search', { q: 'credito' });
    expect(result.results[0]).toMatchObject({ title: '¿Qué es el puntaje de crédito?', topicTitle: 'Crédito y deudas' });
    expect(result.results[0]!.snippet.map((s) => s.text).join('')).toMatch(/crédito/);
    const english = (await ok<KbSearchResult>(ana.token, 'GET', '/kb/search', { params: { q: 'credit score' } })).results;
    expect(english[0]).toMatchObject({ slug: 'credit-score', title: 'What Is a Credit Score?' });
  });
});
