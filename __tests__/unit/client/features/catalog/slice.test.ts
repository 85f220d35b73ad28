/** The catalog slice as a state machine, and the transcript selector (tables). */
import {
  catalogReducer,
  certificateDelivered,
  certificateReady,
  changeSucceeded,
  contentFailed,
  contentLoaded,
  contentOpened,
  initialState,
  moduleTestFailed,
  reviewRetaken,
  reviewScored,
  type CatalogState,
} from '../../../../../src/client/features/catalog/slice';
import { currentSchoolChanged } from '../../../../../src/client/features/auth/events';
import { transcriptRow } from './fixtures';
import { toTableRow } from '../../../../../src/client/features/catalog/selectors';
import { filterTranscript } from '../../../../../src/client/features/catalog/components/TranscriptTable';
import type { Loadable } from '../../../../../src/client/api/loadable';
import type { CatalogModuleCard, TranscriptRow } from '../../../../../src/common/catalog';

const ERR = { kind: 'client' as const, status: 404, message: 'x' };
const READ = { kind: 'catalog', args: [] } as const;
const card = (slug: string) => ({ slug }) as CatalogModuleCard;
const withContent = (piece: Loadable<CatalogModuleCard[]>): CatalogState => ({ ...initialState, content: { ...initialState.content, catalog: { '': piece } } });

describe('content status machine', () => {
  it.each<[string, CatalogState, Parameters<typeof catalogReducer>[1], Loadable<CatalogModuleCard[]>]>([
    ['idle → loading', initialState, contentOpened(READ), { status: 'loading', data: null, error: null }],
    ['stale → loading keeps the data on screen', withContent({ status: 'stale', data: [card('a')], error: null }), contentOpened(READ), { status: 'loading', data: [card('a')], error: null }],
    ['loading → succeeded', withContent({ status: 'loading', data: null, error: null }), contentLoaded(READ, [card('b')]), { status: 'succeeded', data: [card('b')], error: null }],
    ['loading → failed', withContent({ status: 'loading', data: [card('a')], error: null }), contentFailed({ read: READ, error: ERR }), { status: 'failed', data: null, error: ERR }],
    ['succeeded → stale after a change', withContent({ status: 'succeeded', data: [card('a')], error: null }), changeSucceeded({ key: 'k' }), { status: 'stale', data: [card('a')], error: null }],
    ['succeeded → stale when the current school changed', withContent({ status: 'succeeded', data: [card('a')], error: null }), currentSchoolChanged({ lsclientID: 'ROOSEVELT' }), { status: 'stale', data: [card('a')], error: null }],
    ['failed (not in the old school’s catalog) → idle when the current school changed', withContent({ status: 'failed', data: null, error: ERR }), currentSchoolChanged({ lsclientID: 'ROOSEVELT' }), { status: 'idle', data: null, error: null }],
    ['failed stays failed after a change', withContent({ status: 'failed', data: null, error: ERR }), changeSucceeded({ key: 'k' }), { status: 'failed', data: null, error: ERR }],
  ])('%s', (_name, state, action, expected) => {
    expect(catalogReducer(state, action).content.catalog['']).toEqual(expected);
  });

  it('each piece is kept by its kind and the arguments that name it', () => {
    const state = [contentLoaded({ kind: 'module', args: ['a'] }, { slug: 'a' } as never), contentOpened({ kind: 'module', args: ['b'] })].reduce(catalogReducer, initialState);
    expect(Object.keys(state.content.module)).toEqual(['a', 'b']);
    expect(state.content.module.a!.status).toBe('succeeded');
    expect(state.content.module.b!.status).toBe('loading');
  });

  it.each([
    [409, 'stale'],
    [400, 'succeeded'],
  ])('a module test refused with %d leaves the test %s (409: that opening is spent, the page loads it again)', (status, after) => {
    const loaded = catalogReducer(initialState, contentLoaded({ kind: 'moduleTest', args: ['m', 'pre-test'] }, { kind: 'pre-test' } as never));
    const state = catalogReducer(loaded, moduleTestFailed({ slug: 'm', kind: 'pre-test', error: { kind: 'client', status, message: 'x' } }));
    expect(state.content.moduleTest['m/pre-test']!.status).toBe(after);
    expect(state.testAttempts['m/pre-test']!.status).toBe('failed');
  });

  it('retake forgets the shown result; a delivered certificate leaves the store', () => {
    const result = { questions: [], answersShown: false, score: 60, passed: false, passingScore: 70, correctCount: 3, questionCount: 5, results: [], bestScore: 60, attempts: 1 };
    const review = { slug: 'm', mslug: 'r' };
    let state = catalogReducer(initialState, reviewScored({ ...review, result }));
    expect(state.attempts['m/r']!.result).toEqual(result);
    state = catalogReducer(state, reviewRetaken(review));
    expect(state.attempts['m/r']).toBeUndefined();
    state = catalogReducer(state, certificateReady({ moduleSlug: 'm', file: { code: 'c', fileName: 'f.pdf', pdfBase64: 'x' } }));
    expect(state.certificate.status).toBe('succeeded');
    expect(catalogReducer(state, certificateDelivered()).certificate).toEqual(initialState.certificate);
  });
});

const row = transcriptRow;

describe('transcript rows', () => {
  it.each<[Partial<TranscriptRow>, Partial<ReturnType<typeof toTableRow>>]>([
    [{}, { status: 'Not started', percent: 0, minutes: 0, bestScore: null }],
    [{ status: 'in-progress', percent: 33, timeSpentSeconds: 89 }, { status: 'In progress', percent: 33, minutes: 1 }],
    [{ status: 'completed', percent: 100, averageBestScore: 80, timeSpentSeconds: 1800 }, { status: 'Completed', statusKey: 'completed', bestScore: 80, minutes: 30 }],
  ])('%j → %j', (input, expected) => {
    expect(toTableRow(row(input))).toMatchObject(expected);
  });

  it('[S9.09] filters with the shared match modes: text, numeric and date', () => {
    const rows = [
      toTableRow(row({ moduleSlug: 'a', moduleTitle: 'Budgeting Basics', status: 'completed', percent: 100, startedAt: new Date(2026, 8, 1).getTime() })),
      toTableRow(row({ moduleSlug: 'b', moduleTitle: 'Banking', status: 'in-progress', percent: 40, startedAt: new Date(2026, 8, 5).getTime() })),
      toTableRow(row({ moduleSlug: 'c', moduleTitle: 'Credit', percent: 0 })),
    ];
    const none = { module: { mode: 'startsWith', value: '' }, status: { mode: 'startsWith', value: '' }, percent: { mode: 'equals', value: '' }, started: { mode: 'dateIs', value: '' }, completed: { mode: 'dateIs', value: '' }, bestScore: { mode: 'equals', value: '' }, minutes: { mode: 'equals', value: '' } } as const;
    const slugs = (f: Partial<Record<keyof typeof none, { mode: string; value: string }>>) =>
      filterTranscript(rows, { ...none, ...f } as never).map((r) => r.moduleSlug);
    expect(slugs({})).toEqual(['a', 'b', 'c']);
    expect(slugs({ module: { mode: 'startsWith', value: 'b' } })).toEqual(['a', 'b']);
    expect(slugs({ status: { mode: 'equals', value: 'completed' } })).toEqual(['a']);
    expect(slugs({ percent: { mode: 'gt', value: '0' } })).toEqual(['a', 'b']);
    expect(slugs({ started: { mode: 'dateAfter', value: new Date(2026, 8, 2).toISOString() } })).toEqual(['b']);
  });
});
