/** Catalog sagas against a fake server: outcomes (state, requests, toasts), injected clock. */
import { catalogSaga, secondsToReport } from '../../../../../src/client/features/catalog/sagas';
import {
  bookmarkAddRequested,
  certificateRequested,
  resourceRequested,
  reviewSubmitted,
  sectionClosed,
  sectionCompletionRequested,
  sectionOpened,
} from '../../../../../src/client/features/catalog/slice';
import { sessionEnd } from '../../../../../src/client/features/auth/events';
import { harness, makeSession, NOW, settle, type RecordedRequest, type FakeAnswer } from '../harness';

const SECTION = '/catalog/modules/budgeting/materials/first-budget/sections/needs-and-wants';
const REVIEW = '/catalog/modules/budgeting/materials/first-budget/review';

function setup(answer: (body: { method?: string; path: string; payload?: unknown }) => FakeAnswer) {
  return harness({
    stored: makeSession(),
    sagas: [catalogSaga],
    routes: { 'POST /api/service': (req: RecordedRequest) => answer(req.data as { path: string }) },
  });
}
const bodies = (h: ReturnType<typeof setup>) => h.requests.map((r) => r.data as { method?: string; path: string; payload?: unknown });

describe('catalog sagas', () => {
  it('loads a resource by its path', async () => {
    const h = setup(() => ({ status: 200, data: [{ slug: 'budgeting' }] }));
    h.store.dispatch(resourceRequested({ path: '/catalog' }));
    await settle();
    expect(h.state().catalog.resources['/catalog']).toEqual({ status: 'succeeded', data: [{ slug: 'budgeting' }], error: null });
    expect(bodies(h)[0]).toMatchObject({ service: 'OneLook', method: 'GET', path: '/catalog' });
  });

  it('records a typed error (404 → the page shows Not Found)', async () => {
    const h = setup(() => ({ status: 404, data: { message: 'This module is not in your school’s catalog.' } }));
    h.store.dispatch(resourceRequested({ path: '/catalog/modules/nope' }));
    await settle();
    expect(h.state().catalog.resources['/catalog/modules/nope']).toEqual({
      status: 'failed',
      data: null,
      error: { kind: 'client', status: 404, message: 'This module is not in your school’s catalog.' },
    });
  });

  it('marks a section complete, then loaded data goes stale (pages refetch)', async () => {
    const h = setup((b) => (b.path === '/catalog' ? { status: 200, data: [] } : { status: 200, data: { completed: true } }));
    h.store.dispatch(resourceRequested({ path: '/catalog' }));
    await settle();
    h.store.dispatch(sectionCompletionRequested({ path: SECTION }));
    await settle();
    expect(bodies(h)[1]).toMatchObject({ method: 'POST', path: `${SECTION}/complete` });
    expect(h.state().catalog.changes[SECTION]).toBe('succeeded');
    expect(h.state().catalog.resources['/catalog']!.status).toBe('stale');
    expect(h.state().notifications.pending).toEqual([]);
  });

  it('a failed completion shows an error toast with the server message', async () => {
    const h = setup(() => ({ status: 404, data: { message: 'This section does not exist in this material.' } }));
    h.store.dispatch(sectionCompletionRequested({ path: SECTION }));
    await settle();
    expect(h.state().catalog.changes[SECTION]).toBe('failed');
    expect(h.state().notifications.pending.at(-1)).toMatchObject({ severity: 'error', detail: 'This section does not exist in this material.' });
  });

  it('submits review answers and keeps the scored result', async () => {
    const result = { questions: [], answersShown: true, score: 80, passed: true, passingScore: 70, correctCount: 4, questionCount: 5, results: [], bestScore: 80, attempts: 1 };
    const h = setup(() => ({ status: 200, data: result }));
    h.store.dispatch(reviewSubmitted({ path: REVIEW, serving: 'serving-1', answers: { 1: 0, 2: false } }));
    expect(h.state().catalog.attempts[REVIEW]!.status).toBe('pending');
    await settle();
    expect(bodies(h)[0]).toMatchObject({ method: 'POST', path: `${REVIEW}/attempts`, payload: { serving: 'serving-1', answers: { 1: 0, 2: false } } });
    expect(h.state().catalog.attempts[REVIEW]).toEqual({ status: 'succeeded', result, error: null });
  });

  it('a refused submission is a failure with the message', async () => {
    const h = setup(() => ({ status: 400, data: { message: 'Answer every question of the review.' } }));
    h.store.dispatch(reviewSubmitted({ path: REVIEW, serving: 'serving-1', answers: {} }));
    await settle();
    expect(h.state().catalog.attempts[REVIEW]).toMatchObject({ status: 'failed', error: { status: 400, message: 'Answer every question of the review.' } });
  });

  it.each([
    [90_000, 90],
    [1_200_000, 600],
    [999, null],
  ])('reports time spent measured by the context clock: open for %d ms → %s seconds', async (ms, seconds) => {
    const h = setup(() => ({ status: 200, data: { seconds: 1 } }));
    h.store.dispatch(sectionOpened({ path: SECTION }));
    await settle();
    h.setNow(NOW + ms);
    h.store.dispatch(sectionClosed({ path: SECTION }));
    await settle();
    if (seconds === null) expect(h.requests).toHaveLength(0);
    else expect(bodies(h)).toEqual([expect.objectContaining({ method: 'POST', path: `${SECTION}/time`, payload: { seconds } })]);
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
    h.store.dispatch(resourceRequested({ path: '/catalog' }));
    await settle();
    h.store.dispatch(sessionEnd({ reason: 'signout' }));
    expect(h.state().catalog.resources).toEqual({});
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
