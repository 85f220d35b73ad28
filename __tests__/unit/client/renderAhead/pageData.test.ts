/**
 * A signed-in page rendered ahead of the app: the answer's shape the boot script checks
 * (common/renderAhead/renderedPage.ts), the answers it leaves for the app (renderAhead/pageData.ts), and how the areas'
 * sagas put them into the store before their page renders (renderAhead/pageAnswers.ts, Area.preloaded).
 */
import { runSaga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { isRenderedPage } from '../../../../src/common/renderAhead/renderedPage';
import { PAGE_ANSWERS_GLOBAL, stashPageAnswers, takePageAnswers, type PreloadedAnswer } from '../../../../src/client/renderAhead/pageData';
import { putPreloadedAnswers } from '../../../../src/client/renderAhead/pageAnswers';
import { catalogArea } from '../../../../src/client/features/catalog/area';
import { catalogPreloaded, catalogReducer, contentLoaded } from '../../../../src/client/features/catalog/slice';
import { knowledgeBaseArea } from '../../../../src/client/features/knowledgeBase/area';
import {
  articlePreloaded,
  articlePreloadTaken,
  articleRequested,
  initialState as kbInitial,
  knowledgeBasePreloaded,
  knowledgeBaseReducer,
} from '../../../../src/client/features/knowledgeBase/slice';
import type { KbArticleDetail } from '../../../../src/common/knowledgeBase';

const PAGE = { path: '/app/catalog', title: 'Catalog - Cashwise', styles: '<style></style>', html: '<div></div>', answers: [{ path: '/catalog', data: [] }] };

describe('isRenderedPage', () => {
  it.each<[string, boolean, unknown]>([
    ['a page', true, PAGE],
    ['a page without answers', true, { ...PAGE, answers: [] }],
    ['an answer with null data', true, { ...PAGE, answers: [{ path: '/catalog', data: null }] }],
    ['null', false, null],
    ['an array', false, [PAGE]],
    ['no html', false, { ...PAGE, html: undefined }],
    ['a title that is not text', false, { ...PAGE, title: 3 }],
    ['answers that are not a list', false, { ...PAGE, answers: {} }],
    ['an answer without a path', false, { ...PAGE, answers: [{ data: [] }] }],
    ['an answer without data', false, { ...PAGE, answers: [{ path: '/catalog' }] }],
  ])('%s → %p', (_case, expected, value) => {
    expect(isRenderedPage(value)).toBe(expected);
  });
});

describe('stashPageAnswers / takePageAnswers', () => {
  const answers: PreloadedAnswer[] = [
    { path: '/catalog', data: ['module'] },
    { path: '/kb/articles/a/b', data: { title: 'B' } },
  ];
  const catalogOnly = (answer: PreloadedAnswer) => (answer.path === '/catalog' ? [`loaded ${answer.path}`] : []);

  it("gives an area its answers and keeps the others for their areas, then nothing is left", () => {
    const holder = {};
    stashPageAnswers(holder, '/app/catalog', answers);
    expect(takePageAnswers(holder, '/app/catalog', catalogOnly)).toEqual(['loaded /catalog']);
    expect(takePageAnswers(holder, '/app/catalog', catalogOnly)).toEqual([]);
    expect(takePageAnswers(holder, '/app/catalog', (answer) => [answer.path])).toEqual(['/kb/articles/a/b']);
    expect(PAGE_ANSWERS_GLOBAL in holder).toBe(false);
  });

  it('drops the answers of another address: the student has moved on', () => {
    const holder = {};
    stashPageAnswers(holder, '/app/catalog', answers);
    expect(takePageAnswers(holder, '/app/profile', catalogOnly)).toEqual([]);
    expect(PAGE_ANSWERS_GLOBAL in holder).toBe(false);
    expect(takePageAnswers(holder, '/app/catalog', catalogOnly)).toEqual([]);
  });

  it('gives nothing when nothing was left', () => {
    expect(takePageAnswers({}, '/app/catalog', catalogOnly)).toEqual([]);
  });
});

describe("the areas' preloaded answers", () => {
  const article = { topicSlug: 'budgeting', slug: 'fixed', title: 'Fixed', bookmarked: false } as unknown as KbArticleDetail;

  it.each<[string, PreloadedAnswer, UnknownAction[]]>([
    ['the module list', { path: '/catalog', data: [] }, [contentLoaded({ kind: 'catalog', args: [] }, [])]],
    ['a module', { path: '/catalog/modules/m', data: { slug: 'm' } }, [contentLoaded({ kind: 'module', args: ['m'] }, { slug: 'm' } as never)]],
    ['a section', { path: '/catalog/modules/m/materials/t/sections/s', data: {} }, [contentLoaded({ kind: 'section', args: ['m', 't', 's'] }, {} as never)]],
    ['a module’s teacher guide (not rendered ahead)', { path: '/catalog/modules/m/guide', data: {} }, []],
    ['an article (not the catalog’s)', { path: '/kb/articles/a/b', data: {} }, []],
    ['a path that only starts like the catalog', { path: '/catalogue', data: [] }, []],
  ])('catalog: %s', (_case, answer, actions) => {
    expect(catalogPreloaded(answer)).toEqual(actions);
    expect(catalogArea.preloaded).toBe(catalogPreloaded);
  });

  it.each<[string, PreloadedAnswer, UnknownAction[]]>([
    ['an article', { path: '/kb/articles/budgeting/fixed', data: article }, [articlePreloaded(article)]],
    ['a topic', { path: '/kb/topics/budgeting', data: {} }, []],
    ['an article’s bookmark', { path: '/kb/articles/budgeting/fixed/bookmark', data: {} }, []],
    ['the catalog', { path: '/catalog', data: [] }, []],
  ])('knowledge base: %s', (_case, answer, actions) => {
    expect(knowledgeBasePreloaded(answer)).toEqual(actions);
    expect(knowledgeBaseArea.preloaded).toBe(knowledgeBasePreloaded);
  });

  it('a preloaded article is shown once without being asked for; the next visit asks', () => {
    let state = knowledgeBaseReducer(kbInitial, articlePreloaded(article));
    expect(state.article).toEqual({ key: 'budgeting/fixed', status: 'succeeded', data: article, error: null, bookmark: 'idle', preloaded: true });
    state = knowledgeBaseReducer(state, articlePreloadTaken());
    expect(state.article.preloaded).toBe(false);
    expect(state.article.data).toBe(article);
    state = knowledgeBaseReducer(knowledgeBaseReducer(kbInitial, articlePreloaded(article)), articleRequested({ topic: 'budgeting', article: 'fixed' }));
    expect(state.article.preloaded).toBe(false);
  });

  it('a preloaded catalog answer is loaded content: the page does not ask for it', () => {
    const state = catalogPreloaded({ path: '/catalog', data: ['m'] }).reduce(catalogReducer, catalogReducer(undefined, { type: 'init' }));
    expect(state.content.catalog['']).toEqual({ status: 'succeeded', data: ['m'], error: null });
  });
});

describe('putPreloadedAnswers', () => {
  it("puts the area's actions for the answers left for the current address", async () => {
    const holder = {};
    stashPageAnswers(holder, '/app/catalog', [{ path: '/catalog', data: ['m'] }, { path: '/kb/articles/a/b', data: {} }]);
    const dispatched: unknown[] = [];
    await runSaga({ dispatch: (action) => dispatched.push(action) }, putPreloadedAnswers, catalogPreloaded, holder, '/app/catalog').toPromise();
    expect(dispatched).toEqual([contentLoaded({ kind: 'catalog', args: [] }, ['m'] as never)]);
  });

  it('puts nothing without a window (the server renders with the answers itself)', async () => {
    const dispatched: unknown[] = [];
    await runSaga({ dispatch: (action) => dispatched.push(action) }, putPreloadedAnswers, catalogPreloaded, undefined, undefined).toPromise();
    expect(dispatched).toEqual([]);
  });
});
