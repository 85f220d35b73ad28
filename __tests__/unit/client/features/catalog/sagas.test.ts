/** Catalog sagas against a fake server: outcomes (state, requests, toasts), injected clock. */
import { catalogSaga, secondsToReport } from '../../../../../src/client/features/catalog/sagas';
import {
  bookmarkAddRequested,
  certificateRequested,
  contentOpened,
  moduleTestSubmitted,
  readingStarted,
  readingStopped,
  reviewSubmitted,
  sectionMarkedComplete,
} from '../../../../../src/client/features/catalog/slice';
import { sessionEnd } from '../../../../../src/client/features/auth/events';
import { languageChosen, languageSpoken } from '../../../../../src/client/features/language';
import { harness, makeSession, NOW, settle, type RecordedRequest, type FakeAnswer } from '../harness';

const SECTION_PATH = '/catalog/modules/budgeting/materials/first-budget/sections/needs-and-wants';
const SECTION = { slug: 'budgeting', mslug: 'first-budget', sslug: 'needs-and-wants' };
const REVIEW_PATH = '/catalog/modules/budgeting/materials/first-budget/review';
const CATALOG = { kind: 'catalog', args: [] } as const;

function setup(answer: (body: { method?: string; path: string; payload?: unknown }) => FakeAnswer) {
  return harness({
    stored: makeSession(),
    sagas: [catalogSaga],
    routes: { 'POST /api/service': (req: RecordedRequest) => answer(req.data as { path: string }) },
  });
}
const bodies = (h: ReturnType<typeof setup>) => h.requests.map((r) => r.data as { method?: string; path: string; payload?: unknown });

describe('catalog sagas', () => {
  it('loads the content a page opened, through its typed call', async () => {
    const h = setup(() => ({ status: 200, data: [{ slug: 'budgeting' }] }));
    h.store.dispatch(contentOpened(CATALOG));
    await settle();
    expect(h.state().catalog.content.catalog['']).toEqual({ status: 'succeeded', data: [{ slug: 'budgeting' }], error: null });
    expect(bodies(h)[0]).toMatchObject({ service: 'OneLook', method: 'GET', path: '/catalog' });
  });

  it('records a typed error (404 → the page shows Not Found)', async () => {
    const h = setup(() => ({ status: 404, data: { message: 'This module is not in your school’s catalog.' } }));
    h.store.dispatch(contentOpened({ kind: 'module', args: ['nope'] }));
    await settle();
    expect(bodies(h)[0]).toMatchObject({ path: '/catalog/modules/nope' });
    expect(h.state().catalog.content.module.nope).toEqual({
      status: 'failed',
      data: null,
      error: { kind: 'client', status: 404, message: 'This module is not in your school’s catalog.' },
    });
  });

  it('marks a section complete, then loaded content goes stale (pages load it again)', async () => {
    const h = setup((b) => (b.path === '/catalog' ? { status: 200, data: [] } : { status: 200, data: { completed: true } }));
    h.store.dispatch(contentOpened(CATALOG));
    await settle();
    h.store.dispatch(sectionMarkedComplete(SECTION));
    await settle();
    expect(bodies(h)[1]).toMatchObject({ method: 'POST', path: `${SECTION_PATH}/complete` });
    expect(h.state().catalog.changes['section:budgeting/first-budget/needs-and-wants']).toBe('succeeded');
    expect(h.state().catalog.content.catalog['']!.status).toBe('stale');
    expect(h.state().notifications.pending).toEqual([]);
  });

  it('a failed completion shows an error toast with the server message', async () => {
    const h = setup(() => ({ status: 404, data: { message: 'This section does not exist in this material.' } }));
    h.store.dispatch(sectionMarkedComplete(SECTION));
    await settle();
    expect(h.state().catalog.changes['section:budgeting/first-budget/needs-and-wants']).toBe('failed');
    expect(h.state().notifications.pending.at(-1)).toMatchObject({ severity: 'error', detail: 'This section does not exist in this material.' });
  });

  it('submits review answers and keeps the scored result', async () => {
    const result = { questions: [], answersShown: true, score: 80, passed: true, passingScore: 70, correctCount: 4, questionCount: 5, results: [], bestScore: 80, attempts: 1 };
    const h = setup(() => ({ status: 200, data: result }));
    h.store.dispatch(reviewSubmitted({ slug: 'budgeting', mslug: 'first-budget', serving: 'serving-1', answers: { 1: 0, 2: false } }));
    expect(h.state().catalog.attempts['budgeting/first-budget']!.status).toBe('pending');
    await settle();
    expect(bodies(h)[0]).toMatchObject({ method: 'POST', path: `${REVIEW_PATH}/attempts`, payload: { serving: 'serving-1', answers: { 1: 0, 2: false } } });
    expect(h.state().catalog.attempts['budgeting/first-budget']).toEqual({ status: 'succeeded', result, error: null });
  });

  it('a refused submission is a failure with the message', async () => {
    const h = setup(() => ({ status: 400, data: { message: 'Answer every question of the review.' } }));
    h.store.dispatch(reviewSubmitted({ slug: 'budgeting', mslug: 'first-budget', serving: 'serving-1', answers: {} }));
    await settle();
    expect(h.state().catalog.attempts['budgeting/first-budget']).toMatchObject({ status: 'failed', error: { status: 400, message: 'Answer every question of the review.' } });
  });

  it('submits a module test and keeps its result apart from the reviews', async () => {
    const result = { kind: 'post-test', score: 75, correctCount: 3, questionCount: 4, preTestScore: 50, questions: [], results: [] };
    const h = setup(() => ({ status: 200, data: result }));
    h.store.dispatch(moduleTestSubmitted({ slug: 'budgeting', kind: 'post-test', serving: 's', answers: { 1: 0 } }));
    await settle();
    expect(bodies(h)[0]).toMatchObject({ method: 'POST', path: '/catalog/modules/budgeting/post-test/attempts', payload: { serving: 's', answers: { 1: 0 } } });
    expect(h.state().catalog.testAttempts['budgeting/post-test']).toEqual({ status: 'succeeded', result, error: null });
    expect(h.state().catalog.attempts).toEqual({});
  });

  it.each([
    [90_000, 90],
    [1_200_000, 600],
    [999, null],
  ])('reports time spent measured by the context clock: read for %d ms → %s seconds', async (ms, seconds) => {
    const h = setup(() => ({ status: 200, data: { seconds: 1 } }));
    h.store.dispatch(readingStarted(SECTION));
    await settle();
    h.setNow(NOW + ms);
    h.store.dispatch(readingStopped(SECTION));
    await settle();
    if (seconds === null) expect(h.requests).toHaveLength(0);
    else expect(bodies(h)).toEqual([expect.objectContaining({ method: 'POST', path: `${SECTION_PATH}/time`, payload: { seconds } })]);
  });

  it('adds a bookmark and fetches a certificate', async () => {
    const file = { code: 'ABCD-EFGH-JKLM', fileName: 'certificate-budgeting.pdf', pdfBase64: 'JVBERi0=' };
    const h = setup((b) => (b.path === '/bookmarks' ? { status: 201, data: { id: 1 } } : { status: 200, data: file }));
    h.store.dispatch(bookmarkAddRequested({ kind: 'section', target: 'budgeting/first-budget/needs-and-wants' }));
    h.store.dispatch(certificateRequested({ moduleSlug: 'budgeting' }));
    await settle();
    expect(bodies(h).map((b) => [b.method, b.path])).toEqual([
      ['POST', '/bookmarks'],
      ['GET', '/certificates/modules/budgeting'],
    ]);
    expect(h.state().catalog.changes['bookmark:section:budgeting/first-budget/needs-and-wants']).toBe('succeeded');
    expect(h.state().catalog.certificate).toEqual({ status: 'succeeded', moduleSlug: 'budgeting', file, error: null });
  });

  it('auth:session:end clears the learner’s catalog data (shared computers)', async () => {
    const h = setup(() => ({ status: 200, data: [{ slug: 'budgeting' }] }));
    h.store.dispatch(contentOpened(CATALOG));
    await settle();
    h.store.dispatch(sessionEnd({ reason: 'signout' }));
    expect(h.state().catalog.content.catalog).toEqual({});
  });
});

describe('another language spoken', () => {
  /** The server answers in the language the app speaks: each answer names the one asked in. */
  function bilingual() {
    let spoken = 'en';
    const h = setup((b) => {
      if (b.path === '/catalog') return { status: 200, data: [{ slug: 'budgeting', title: `catalog ${spoken}` }] };
      if (b.path.startsWith('/catalog/modules/')) return { status: 200, data: { slug: 'budgeting', title: `module ${spoken}` } };
      return { status: 404, data: { message: 'no' } };
    });
    return { h, speak: (language: 'en' | 'es') => (spoken = language) };
  }

  it('loads every piece of content loaded again, side by side, and keeps the answers in the new language', async () => {
    const { h, speak } = bilingual();
    h.store.dispatch(contentOpened(CATALOG));
    h.store.dispatch(contentOpened({ kind: 'module', args: ['budgeting'] }));
    await settle();
    expect(h.requests).toHaveLength(2);
    speak('es');
    h.store.dispatch(languageSpoken('es'));
    await settle();
    expect(bodies(h).slice(2).map((b) => b.path).sort()).toEqual(['/catalog', '/catalog/modules/budgeting']);
    expect(h.state().catalog.content.catalog['']!.data).toEqual([{ slug: 'budgeting', title: 'catalog es' }]);
    expect(h.state().catalog.content.module.budgeting).toMatchObject({ status: 'succeeded', data: { title: 'module es' } });
  });

  it('asks for nothing while nothing is loaded, and not for what failed or is stale (its page asks when it shows it)', async () => {
    const { h } = bilingual();
    h.store.dispatch(languageSpoken('es'));
    await settle();
    expect(h.requests).toHaveLength(0);
    h.store.dispatch(contentOpened({ kind: 'bookmarks', args: [] }));
    h.store.dispatch(contentOpened(CATALOG));
    await settle();
    h.store.dispatch(sectionMarkedComplete(SECTION));
    await settle();
    const before = h.requests.length;
    h.store.dispatch(languageSpoken('en'));
    await settle();
    expect(h.requests).toHaveLength(before);
  });

  it('a choice alone, before the language is spoken, loads nothing again', async () => {
    const { h } = bilingual();
    h.store.dispatch(contentOpened(CATALOG));
    await settle();
    h.store.dispatch(languageChosen('es'));
    await settle();
    expect(h.requests).toHaveLength(1);
  });

  it('the session’s end leaves nothing to load again', async () => {
    const { h } = bilingual();
    h.store.dispatch(contentOpened(CATALOG));
    await settle();
    h.store.dispatch(sessionEnd({ reason: 'signout' }));
    h.store.dispatch(languageSpoken('es'));
    await settle();
    expect(h.requests).toHaveLength(1);
  });
});

describe('secondsToReport', () => {
  it.each([
    [undefined, 5000, 0],
    [0, 500, 0],
    [0, 1000, 1],
    [0, 61_500, 61],
    [0, 601_000, 600],
    [5000, 0, 0],
  ])('opened %s, closed %d → %d', (openedAt, closedAt, expected) => {
    expect(secondsToReport(openedAt, closedAt)).toBe(expected);
  });
});
