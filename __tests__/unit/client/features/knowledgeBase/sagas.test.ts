/**
 * Knowledge-base sagas: search as you type is debounced (one request after a pause), an older
 * search — waiting or in flight — is cancelled so its answer never lands; pages load through the
 * proxy; a 404 becomes 'notFound'; bookmarks are saved; the slice resets on session end.
 */
import type { AxiosAdapter } from 'axios';
import { takeEvery } from 'redux-saga/effects';
import { VirtualClock } from '../../../../support/sessionScenarios/virtualClock';
import { sessionEnd } from '../../../../../src/client/features/auth/events';
import { knowledgeBaseSaga } from '../../../../../src/client/features/knowledgeBase/sagas';
import {
  articleRequested,
  bookmarkToggled,
  initialState,
  knowledgeBaseReducer,
  searchQueryChanged,
  searchSucceeded,
  topicRequested,
} from '../../../../../src/client/features/knowledgeBase/slice';
import type { KbArticleDetail, KbSearchResult } from '../../../../../src/common/knowledgeBase';
import { harness, makeSession, NOW, settle, type RecordedRequest } from '../harness';

const DEBOUNCE = 30;

const resultFor = (query: string): KbSearchResult => ({
  query,
  terms: [query.toLowerCase()],
  results: [{ topicSlug: 'credit-and-debt', topicTitle: 'Credit and Debt', slug: 'apr', title: `Result for ${query}`, summary: 's', updated: '2026-11-01', snippet: [{ text: query, match: true }] }],
  didYouMean: null,
});

const article: KbArticleDetail = {
  topicSlug: 'credit-and-debt',
  topicTitle: 'Credit and Debt',
  slug: 'apr',
  title: 'What Is APR?',
  summary: 'The yearly cost of borrowing.',
  updated: '2026-11-22',
  keyTerms: [{ term: 'APR', definition: 'Annual percentage rate.' }],
  related: [],
  bodyHtml: '<p>Body</p>',
  bookmarked: false,
};

type Proxy = { method: string; path: string; params?: { q?: string } };
const proxyOf = (req: RecordedRequest) => req.data as Proxy;

/** The knowledge-base saga on a virtual clock: the debounce is the context's `wait`, so time moves only when the test says. */
function kbHarness(answer: (proxy: Proxy) => { status: number; data?: unknown }) {
  const session = makeSession();
  const clock = new VirtualClock(NOW);
  const succeeded: string[] = [];
  const h = harness({
    stored: session,
    preloadedState: { auth: { authenticated: true, session, expiresAt: null, status: 'succeeded', error: null } as never },
    routes: { 'POST /api/service': (req) => answer(proxyOf(req)) },
    clock: clock.now,
    delay: clock.delay,
    sagas: [
      () => knowledgeBaseSaga(DEBOUNCE),
      function* answersThatLanded() {
        yield takeEvery(searchSucceeded, (action: ReturnType<typeof searchSucceeded>) => {
          succeeded.push(action.payload.query);
        });
      },
    ],
  });
  /** Moves the virtual clock on by `ms`, then lets the fake server's answers arrive. */
  const pass = async (ms: number) => {
    clock.advanceTo(clock.now() + ms);
    await settle();
  };
  return { ...h, clock, pass, succeeded };
}

describe('knowledge-base search saga', () => {
  it('debounces: three quick keystrokes make ONE search, for the last query, after the pause', async () => {
    const h = kbHarness((p) => ({ status: 200, data: resultFor(p.params?.q ?? '') }));
    h.store.dispatch(searchQueryChanged({ query: 'a' }));
    h.store.dispatch(searchQueryChanged({ query: 'ap' }));
    h.store.dispatch(searchQueryChanged({ query: 'apr' }));
    await h.pass(DEBOUNCE - 1);
    expect(h.requests).toHaveLength(0); // still waiting for the pause
    expect(h.state().knowledgeBase.search.status).toBe('pending');
    await h.pass(1);
    expect(h.requests.map((r) => proxyOf(r))).toEqual([{ service: 'OneLook', method: 'GET', path: '/kb/search', params: { q: 'apr' }, timeout: 15000 }]);
    expect(h.state().knowledgeBase.search).toMatchObject({ query: 'apr', status: 'succeeded', result: resultFor('apr') });
  });

  it('a query that came with the address (?q=, Back, a reload) searches at once, without the pause', async () => {
    const h = kbHarness((p) => ({ status: 200, data: resultFor(p.params?.q ?? '') }));
    h.store.dispatch(searchQueryChanged({ query: 'intrest', immediate: true }));
    await settle();
    expect(h.requests.map((r) => proxyOf(r).params?.q)).toEqual(['intrest']);
    expect(h.state().knowledgeBase.search).toMatchObject({ query: 'intrest', status: 'succeeded' });
  });

  it('typing again after a pause searches again; clearing the box searches nothing and shows the empty state', async () => {
    const h = kbHarness((p) => ({ status: 200, data: resultFor(p.params?.q ?? '') }));
    h.store.dispatch(searchQueryChanged({ query: 'apr' }));
    await h.pass(DEBOUNCE * 3);
    h.store.dispatch(searchQueryChanged({ query: 'apr card' }));
    await h.pass(DEBOUNCE * 3);
    h.store.dispatch(searchQueryChanged({ query: '' }));
    await h.pass(DEBOUNCE * 3);
    expect(h.requests.map((r) => proxyOf(r).params?.q)).toEqual(['apr', 'apr card']);
    expect(h.state().knowledgeBase.search).toMatchObject({ query: '', status: 'idle', result: null });
  });

  it('a failed search is a typed failure, not a crash', async () => {
    const h = kbHarness(() => 'network' as never);
    h.store.dispatch(searchQueryChanged({ query: 'apr' }));
    await h.pass(DEBOUNCE * 3);
    expect(h.state().knowledgeBase.search.status).toBe('failed');
    expect(h.state().knowledgeBase.search.error?.message).toBeTruthy();
  });

  it('cancels the older search while its request is in flight: only the newer answer lands', async () => {
    const h = kbHarness((p) => ({ status: 200, data: resultFor(p.params?.q ?? '') }));
    // the first answer is held until the second has landed: it arrives after it
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const fakeServer = h.http.defaults.adapter as AxiosAdapter;
    const asked: string[] = [];
    h.http.defaults.adapter = async (config) => {
      const q = (JSON.parse(String(config.data)) as Proxy).params?.q ?? '';
      asked.push(q);
      if (q === 'inter') await firstHeld;
      return fakeServer(config);
    };
    h.store.dispatch(searchQueryChanged({ query: 'inter' }));
    await h.pass(DEBOUNCE);
    expect(asked).toEqual(['inter']); // in flight
    h.store.dispatch(searchQueryChanged({ query: 'interest' }));
    await h.pass(DEBOUNCE);
    expect(h.succeeded).toEqual(['interest']);
    releaseFirst();
    await settle();
    expect(asked).toEqual(['inter', 'interest']); // the first request was made, then abandoned
    expect(h.succeeded).toEqual(['interest']);
    expect(h.state().knowledgeBase.search).toMatchObject({ query: 'interest', status: 'succeeded', result: resultFor('interest') });
  });

  it('ignores an answer for input that has since changed (belt and braces in the reducer)', () => {
    const state = knowledgeBaseReducer(knowledgeBaseReducer(initialState, searchQueryChanged({ query: 'apr' })), searchSucceeded(resultFor('ap')));
    expect(state.search.status).toBe('pending');
    expect(state.search.result).toBeNull();
  });
});

describe('knowledge-base page sagas', () => {
  it('loads an article, then bookmarks it (PUT …/bookmark) and shows it bookmarked', async () => {
    const h = kbHarness((p) => {
      if (p.path === '/kb/articles/credit-and-debt/apr') return { status: 200, data: article };
      if (p.path === '/kb/articles/credit-and-debt/apr/bookmark') return { status: 200, data: { bookmarked: p.method === 'PUT' } };
      return { status: 404, data: { message: 'Not found' } };
    });
    h.store.dispatch(articleRequested({ topic: 'credit-and-debt', article: 'apr' }));
    await settle();
    expect(h.state().knowledgeBase.article).toMatchObject({ status: 'succeeded', data: { title: 'What Is APR?', bookmarked: false } });
    h.store.dispatch(bookmarkToggled({ topic: 'credit-and-debt', article: 'apr', bookmarked: true }));
    await settle();
    expect(proxyOf(h.requests[1]!)).toMatchObject({ method: 'PUT', path: '/kb/articles/credit-and-debt/apr/bookmark' });
    expect(h.state().knowledgeBase.article).toMatchObject({ bookmark: 'idle', data: { bookmarked: true } });
  });

  it('an unknown topic or article becomes notFound (the page shows Not Found)', async () => {
    const h = kbHarness(() => ({ status: 404, data: { message: 'Topic not found' } }));
    h.store.dispatch(topicRequested({ slug: 'nope' }));
    h.store.dispatch(articleRequested({ topic: 'nope', article: 'nope' }));
    await settle();
    expect(h.state().knowledgeBase.topic.status).toBe('notFound');
    expect(h.state().knowledgeBase.article.status).toBe('notFound');
  });

  it('auth:session:end resets the knowledge base (shared computers)', () => {
    const dirty = knowledgeBaseReducer(initialState, searchQueryChanged({ query: 'apr' }));
    expect(knowledgeBaseReducer(dirty, sessionEnd({ reason: 'signout' }))).toEqual(initialState);
  });
});
