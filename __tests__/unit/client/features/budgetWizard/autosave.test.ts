/**
 * Auto-save of budgets (the shared documents feature's saga): debounce on the injected timers,
 * immediate save on request, versions and conflicts, failures that keep the draft.
 */
import { sessionEnd } from '../../../../../src/client/features/auth/events';
import { budgetsArea } from '../../../../../src/client/features/budgetWizard/area';
import { budgetWizardSaga } from '../../../../../src/client/features/budgetWizard/sagas';
import {
  budgetConflictResolved,
  budgetDeleteRequested,
  budgetDraftChanged,
  budgetDuplicateRequested,
  budgetDraftSaveRequested,
  budgetOpened,
  budgetStarted,
  type BudgetDraft,
} from '../../../../../src/client/features/budgetWizard/slice';
import { selectBudgetDirty } from '../../../../../src/client/features/budgetWizard/selectors';
import { AUTOSAVE_DELAY_MS, CONNECTION_MESSAGE, RETRY_DELAY_MS } from '../../../../../src/client/features/documents/autosave';
import { selectPendingNotifications } from '../../../../../src/client/features/notifications/slice';
import { emptyBudget, type BudgetRecord } from '../../../../../src/common/budget';
import { harness, makeSession, NOW, type FakeAnswer, type RecordedRequest } from '../harness';

const draft = (name: string): BudgetDraft => ({ status: 'draft', data: { ...emptyBudget(), name } });
const record = (id: number, version: number, name: string): BudgetRecord => ({ id, version, status: 'draft', createdAt: 1, updatedAt: 2, data: draft(name).data });

interface ProxyCall {
  method: string;
  path: string;
  payload?: { version?: number; data?: { name: string } };
}
const proxy = (req: RecordedRequest) => req.data as ProxyCall;

/** A fake OneLook: answer(call) decides; every proxy call is recorded. */
function setup(answer: (call: ProxyCall) => FakeAnswer, currentPath: string | null = '/app/resources/budget-wizard/create?step=1') {
  const session = makeSession();
  const h = harness({
    stored: session,
    currentPath,
    routes: { 'POST /api/service': (req) => answer(proxy(req)) },
    sagas: [budgetWizardSaga],
  });
  const calls = () => h.requests.map(proxy);
  return { ...h, calls };
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

const tick = (ms: number) => jest.advanceTimersByTimeAsync(ms);

describe('budget auto-save', () => {
  it('saves once, AUTOSAVE_DELAY_MS after typing stops, creating the budget and moving to its address', async () => {
    const h = setup((call) => (call.method === 'POST' ? { status: 201, data: record(5, 1, call.payload?.data?.name ?? '') } : { status: 404 }));
    h.store.dispatch(budgetStarted());
    h.store.dispatch(budgetDraftChanged({ draft: draft('S') }));
    await tick(500);
    h.store.dispatch(budgetDraftChanged({ draft: draft('Se') }));
    await tick(500);
    h.store.dispatch(budgetDraftChanged({ draft: draft('Sep') }));
    await tick(AUTOSAVE_DELAY_MS - 1);
    expect(h.calls()).toEqual([]);
    await tick(1);
    expect(h.calls()).toEqual([{ service: 'OneLook', method: 'POST', path: '/budgets', timeout: 15_000, payload: draft('Sep') }]);
    // sent so that it still arrives when the learner reloads or closes the page meanwhile
    expect(h.requests.map((r) => r.keepalive)).toEqual([true]);
    expect(h.state().budgets.current.record).toMatchObject({ id: 5, version: 1 });
    expect(h.state().budgets.save.status).toBe('saved');
    expect(selectBudgetDirty(h.state())).toBe(false);
    expect(h.navigate).toHaveBeenCalledWith('/app/resources/budget-wizard/5?step=1', { replace: true });
  });

  it('saves at once on a save request (step change, sign-out hook) and then with the next version', async () => {
    let version = 1;
    const h = setup((call) => {
      if (call.method === 'GET') return { status: 200, data: record(9, 1, 'Old') };
      version = (call.payload?.version ?? 0) + 1;
      return { status: 200, data: record(9, version, call.payload?.data?.name ?? '') };
    });
    h.store.dispatch(budgetOpened({ id: 9 }));
    await tick(0);
    h.store.dispatch(budgetDraftChanged({ draft: draft('One') }));
    h.store.dispatch(budgetDraftSaveRequested());
    await tick(0);
    h.store.dispatch(budgetDraftChanged({ draft: draft('Two') }));
    h.store.dispatch(budgetDraftSaveRequested());
    await tick(0);
    expect(h.calls().filter((c) => c.method === 'PUT').map((c) => [c.path, c.payload?.version, c.payload?.data?.name])).toEqual([
      ['/budgets/9', 1, 'One'],
      ['/budgets/9', 2, 'Two'],
    ]);
    expect(h.requests.filter((r) => proxy(r).method === 'PUT').every((r) => r.keepalive)).toBe(true);
    // reading the budget is no save: the usual way
    expect(h.requests.filter((r) => proxy(r).method === 'GET').map((r) => r.keepalive)).toEqual([false]);
    expect(h.navigate).not.toHaveBeenCalled();
  });

  it("the area's draft saveNow (the save before a session ends) saves and resolves true; with nothing unsaved it sends nothing", async () => {
    const h = setup(() => ({ status: 201, data: record(3, 1, 'x') }));
    h.store.dispatch(budgetStarted());
    expect(await h.sagaMiddleware.run(budgetsArea.draft!.save).toPromise()).toBe(true);
    expect(h.calls()).toEqual([]);
    h.store.dispatch(budgetDraftChanged({ draft: draft('Flush me') }));
    expect(await h.sagaMiddleware.run(budgetsArea.draft!.save).toPromise()).toBe(true);
    expect(h.calls()).toHaveLength(1);
    expect(selectBudgetDirty(h.state())).toBe(false);
  });

  it('a stale save gets the conflict, keeps the draft, stops saving, and "keep mine" saves over the newer version', async () => {
    let saved = record(9, 4, 'From the other tab');
    const h = setup((call) => {
      if (call.method === 'GET') return { status: 200, data: saved };
      if (call.payload?.version !== saved.version) return { status: 409, data: { message: 'This budget was changed in another tab or window since you opened it. Choose which version to keep. (Saved version: 4.)' } };
      saved = record(9, saved.version + 1, call.payload?.data?.name ?? '');
      return { status: 200, data: saved };
    });
    h.store.dispatch(budgetOpened({ id: 9 }));
    await tick(0);
    saved = record(9, 5, 'Saved elsewhere meanwhile');
    h.store.dispatch(budgetDraftChanged({ draft: draft('Mine') }));
    await tick(AUTOSAVE_DELAY_MS);
    expect(h.state().budgets.save).toMatchObject({ status: 'conflict', error: { kind: 'client', status: 409 } });
    expect(h.state().budgets.save.error?.message).toMatch(/changed in another tab/);
    expect(h.state().budgets.draft).toEqual(draft('Mine'));

    h.store.dispatch(budgetDraftChanged({ draft: draft('Mine, more') }));
    await tick(AUTOSAVE_DELAY_MS * 3);
    expect(h.calls().filter((c) => c.method === 'PUT')).toHaveLength(1); // no silent retry over theirs

    h.store.dispatch(budgetConflictResolved({ choice: 'keepMine' }));
    await tick(0);
    const puts = h.calls().filter((c) => c.method === 'PUT');
    expect(puts.at(-1)?.payload).toMatchObject({ version: 5, data: { name: 'Mine, more' } });
    expect(h.state().budgets.current.record).toMatchObject({ version: 6 });
    expect(h.state().budgets.save.status).toBe('saved');
  });

  it('"load the saved version" drops the draft and reloads the form from the server', async () => {
    const h = setup((call) => (call.method === 'GET' ? { status: 200, data: record(9, 7, 'Theirs') } : { status: 409, data: { message: 'conflict' } }));
    h.store.dispatch(budgetOpened({ id: 9 }));
    await tick(0);
    const loadCount = h.state().budgets.current.loadCount;
    h.store.dispatch(budgetDraftChanged({ draft: draft('Mine') }));
    h.store.dispatch(budgetDraftSaveRequested());
    await tick(0);
    h.store.dispatch(budgetConflictResolved({ choice: 'loadSaved' }));
    await tick(0);
    expect(h.state().budgets.current).toMatchObject({ status: 'ready', record: { version: 7, data: { name: 'Theirs' } } });
    expect(h.state().budgets.current.loadCount).toBe(loadCount + 1);
    expect(h.state().budgets.draft).toBeNull();
    expect(h.state().budgets.save.status).toBe('idle');
  });

  it('a failed save keeps the draft, warns once, and tries again later', async () => {
    let up = false;
    const h = setup((call) => (up ? { status: 201, data: record(11, 1, call.payload?.data?.name ?? '') } : 'network'));
    h.store.dispatch(budgetStarted());
    h.store.dispatch(budgetDraftChanged({ draft: draft('Keep me') }));
    await tick(AUTOSAVE_DELAY_MS);
    expect(h.state().budgets.save.status).toBe('failed');
    expect(h.state().budgets.draft).toEqual(draft('Keep me'));
    expect(selectBudgetDirty(h.state())).toBe(true);
    expect(selectPendingNotifications(h.state()).map((n) => n.summary)).toEqual(['Your budget is not saved yet']);
    // in words a student understands, not the HTTP library's ("Network Error", "timeout of 17000ms exceeded")
    expect(h.state().budgets.save.error?.message).toBe(CONNECTION_MESSAGE);
    expect(selectPendingNotifications(h.state())[0]?.detail).toMatch(/^Cashwise could not be reached, or took too long to answer\. Your changes are kept/);

    await tick(RETRY_DELAY_MS - 1);
    expect(h.calls()).toHaveLength(1);
    await tick(1);
    expect(h.calls()).toHaveLength(2); // retried, still down
    expect(selectPendingNotifications(h.state())).toHaveLength(1); // warned once
    up = true;
    await tick(RETRY_DELAY_MS);
    expect(h.calls()).toHaveLength(3);
    expect(h.state().budgets.save.status).toBe('saved');
    expect(selectBudgetDirty(h.state())).toBe(false);
  });

  it('a save that times out reads as the connection, in a sentence, not as the library’s words', async () => {
    const h = setup(() => 'timeout');
    h.store.dispatch(budgetStarted());
    h.store.dispatch(budgetDraftChanged({ draft: draft('Slow') }));
    await tick(AUTOSAVE_DELAY_MS);
    expect(h.state().budgets.save.error).toEqual({ kind: 'timeout', message: CONNECTION_MESSAGE });
    expect(JSON.stringify(selectPendingNotifications(h.state()))).not.toMatch(/timeout of|ms exceeded/);
  });

  it.each([
    ['a delete', () => budgetDeleteRequested({ id: 9, label: 'Rent' })],
    ['a copy', () => budgetDuplicateRequested({ id: 9 })],
  ])('%s the server refuses: one error toast in its words, through the notification bridge', async (_name, request) => {
    const h = setup(() => ({ status: 409, data: { message: 'That budget was turned in and cannot change' } }));
    h.store.dispatch(request());
    await tick(0);
    expect(selectPendingNotifications(h.state())).toEqual([
      expect.objectContaining({ severity: 'error', summary: 'Error', detail: 'That budget was turned in and cannot change.' }),
    ]);
  });

  it('an unknown or foreign budget opens as not found', async () => {
    const h = setup(() => ({ status: 404, data: { message: 'Budget not found.' } }));
    h.store.dispatch(budgetOpened({ id: 404 }));
    await tick(0);
    expect(h.state().budgets.current).toMatchObject({ status: 'notFound', record: null, error: { kind: 'client', status: 404, message: 'Budget not found.' } });
  });

  it('auth:session:end clears the learner\'s budgets from the store', async () => {
    const h = setup(() => ({ status: 200, data: record(9, 1, 'Private') }));
    h.store.dispatch(budgetOpened({ id: 9 }));
    await tick(0);
    h.store.dispatch(sessionEnd({ reason: 'signout' }));
    expect(h.state().budgets.current.record).toBeNull();
    expect(h.state().budgets.draft).toBeNull();
  });
});

describe('a new budget whose page goes away while it is being created', () => {
  const CREATE = '/app/resources/budget-wizard/create?step=1';
  const LIST = '/app/resources/budget-wizard';

  /** A server whose create answers only when `answer()` is called; the address can change meanwhile. */
  function slowCreate() {
    let release: (() => void) | undefined;
    const options = {
      stored: makeSession(),
      currentPath: CREATE as string | null,
      sagas: [budgetWizardSaga],
      routes: {
        'POST /api/service': (): FakeAnswer => ({ status: 201, data: record(6, 1, 'Back test') }),
      },
    };
    const h = harness(options);
    // the fake adapter answers at once; hold the create back until the test says
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const adapter = h.http.defaults.adapter as (config: unknown) => Promise<unknown>;
    h.http.defaults.adapter = async (config) => {
      await gate;
      return adapter(config) as never;
    };
    return { h, options, answer: () => release?.() };
  }

  it('Back to the list before the create answered: the learner stays on the list (no jump to the new budget)', async () => {
    const { h, options, answer } = slowCreate();
    h.store.dispatch(budgetStarted());
    h.store.dispatch(budgetDraftChanged({ draft: draft('Back test') }));
    h.store.dispatch(budgetDraftSaveRequested());
    await tick(0);
    expect(h.storage.getItem('cw:creating:budgets')).not.toBeNull(); // marked while on its way
    options.currentPath = LIST; // browser Back
    answer();
    await tick(0);
    expect(h.state().budgets.current.record).toMatchObject({ id: 6 });
    expect(h.navigate).not.toHaveBeenCalled();
    expect(h.storage.getItem('cw:creating:budgets')).toBeNull(); // the answer came: nothing to recover
  });

  it('still on the create page when the answer comes: moves to the budget’s address, keeping the step', async () => {
    const { h, answer } = slowCreate();
    h.store.dispatch(budgetStarted());
    h.store.dispatch(budgetDraftChanged({ draft: draft('Stay') }));
    h.store.dispatch(budgetDraftSaveRequested());
    answer();
    await tick(0);
    expect(h.navigate).toHaveBeenCalledWith('/app/resources/budget-wizard/6?step=1', { replace: true });
  });

  it.each([
    ['5 s ago: the create page sends the learner to the list, where it is', 5_000, true],
    ['59 s ago', 59_000, true],
    ['2 min ago: an old mark is only cleared', 120_000, false],
  ])('a create interrupted by a reload %s', async (_label, ago, redirected) => {
    const h = harness({ stored: makeSession(), currentPath: '/app/resources/budget-wizard/create', sagas: [budgetWizardSaga] });
    h.storage.setItem('cw:creating:budgets', String(NOW - ago));
    h.store.dispatch(budgetStarted());
    await tick(0);
    expect(h.storage.getItem('cw:creating:budgets')).toBeNull();
    if (redirected) {
      expect(h.navigate).toHaveBeenCalledWith(LIST, { replace: true });
      expect(selectPendingNotifications(h.state()).map((n) => n.summary)).toEqual(['What you typed was saved as a new budget']);
    } else {
      expect(h.navigate).not.toHaveBeenCalled();
      expect(selectPendingNotifications(h.state())).toEqual([]);
    }
  });

  it('opening the create page with no create on its way shows the empty form', async () => {
    const h = harness({ stored: makeSession(), currentPath: '/app/resources/budget-wizard/create', sagas: [budgetWizardSaga] });
    h.store.dispatch(budgetStarted());
    await tick(0);
    expect(h.navigate).not.toHaveBeenCalled();
  });
});
