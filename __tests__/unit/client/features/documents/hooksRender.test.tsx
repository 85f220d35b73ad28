/**
 * The saved-document pages' hooks (features/documents/hooks.ts), on the budget feature with the sagas off:
 * what each hook asks the store for, and when. `useDocumentList` loads the list as the page opens
 * and names the list's actions; `useDocumentEditor` opens the address's document (or starts a new
 * one), saves when the page is left and when the tab is hidden, registers the draft for a save
 * before an idle or expired sign-out, and wires the save status's choices.
 */
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { UnknownAction } from '@reduxjs/toolkit';
import { registerArea } from '../../../../../src/client/app/areas';
import { createMemoryStorage } from '../../../../../src/client/app/sagaContext';
import { createAppStore } from '../../../../../src/client/app/store';
import { signedInState } from '../../../../../src/client/features/auth/slice';
import { budgetsArea } from '../../../../../src/client/features/budgetWizard/area';
import { budgets } from '../../../../../src/client/features/budgetWizard/slice';
import { useDocumentEditor, useDocumentList } from '../../../../../src/client/features/documents/hooks';
import { emptyBudget } from '../../../../../src/common/budget';
import { makeSession, NOW } from '../harness';

registerArea(budgetsArea);

function setUp() {
  const { store } = createAppStore({
    context: { clock: () => NOW, storage: createMemoryStorage(), logger: { info: jest.fn(), warn: jest.fn(), error: jest.fn() } },
    preloadedState: { auth: signedInState(makeSession(), NOW + 30 * 60_000) },
    runSagas: false,
    devTools: false,
  });
  const dispatched: UnknownAction[] = [];
  const dispatch = store.dispatch;
  store.dispatch = ((action: UnknownAction) => {
    dispatched.push(action);
    return dispatch(action);
  }) as typeof store.dispatch;
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  /** the types of what was dispatched since the last call, then forgotten */
  const taken = () => dispatched.splice(0).map((action) => action.type);
  return { store, dispatched, taken, wrapper };
}

const { actions } = budgets;

describe('useDocumentList', () => {
  it('asks for the list once as the page opens, not again on a re-render', () => {
    const { taken, wrapper } = setUp();
    const { rerender } = renderHook(() => useDocumentList(budgets), { wrapper });
    rerender();
    expect(taken()).toEqual([actions.listRequested.type]);
  });

  it('undo, dismiss, duplicate and delete ask for what they say, with the document and its label', () => {
    const { dispatched, wrapper } = setUp();
    const { result } = renderHook(() => useDocumentList(budgets), { wrapper });
    dispatched.length = 0;
    const item = { id: 7, version: 2, name: 'June', month: '2026-06', status: 'draft', updatedAt: NOW } as Parameters<typeof result.current.duplicate>[0];
    act(() => {
      result.current.undo(5);
      result.current.dismissUndo();
      result.current.duplicate(item);
      result.current.remove(item, 'June');
    });
    expect(dispatched).toEqual([
      actions.restoreRequested({ id: 5 }),
      actions.undoDismissed(),
      actions.duplicateRequested({ id: 7 }),
      actions.deleteRequested({ id: 7, label: 'June' }),
    ]);
  });
});

describe('useDocumentEditor', () => {
  const options = (id: number | null) => ({ id, noun: 'budget' });

  it('a new document is started; leaving the page asks for a save', () => {
    const { taken, wrapper } = setUp();
    const { unmount } = renderHook(() => useDocumentEditor(budgets, options(null)), { wrapper });
    expect(taken()).toEqual([actions.started.type]);
    unmount();
    expect(taken()).toEqual([actions.saveRequested.type]);
  });

  it("a saved document is opened by the address's id; another address saves, then opens that one", () => {
    const { dispatched, wrapper } = setUp();
    const { rerender } = renderHook(({ id }) => useDocumentEditor(budgets, options(id)), { wrapper, initialProps: { id: 7 } });
    expect(dispatched).toEqual([actions.opened({ id: 7 })]);
    dispatched.length = 0;
    rerender({ id: 7 });
    expect(dispatched).toEqual([]);
    rerender({ id: 8 });
    expect(dispatched).toEqual([actions.saveRequested(), actions.opened({ id: 8 })]);
  });

  it('the editor shows "opening" until the address\'s document is in the store', () => {
    const { wrapper } = setUp();
    const { result } = renderHook(() => useDocumentEditor(budgets, options(7)), { wrapper });
    expect(result.current.phase).toBe('opening');
  });

  it('a tab being hidden asks for a save at once', () => {
    const { taken, wrapper } = setUp();
    renderHook(() => useDocumentEditor(budgets, options(null)), { wrapper });
    taken();
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
    } finally {
      visibility.mockRestore();
    }
    expect(taken()).toEqual([actions.saveRequested.type]);
  });

  it('its draft counts as unsaved for the save before sign-out only while there are unsaved changes', () => {
    const { store, wrapper } = setUp();
    const { result } = renderHook(() => useDocumentEditor(budgets, options(null)), { wrapper });
    // the session saga asks the area's draft (budgets.draft) before an idle or expired end
    expect(budgets.draft.unsaved(store.getState())).toBe(false);
    act(() => {
      result.current.reportDraft({ status: 'draft', data: { ...emptyBudget(), name: 'June' } });
    });
    expect(result.current.dirty).toBe(true);
    expect(budgets.draft.unsaved(store.getState())).toBe(true);
  });

  it("the save status's choices: try again, keep my changes, load the saved version", () => {
    const { dispatched, wrapper } = setUp();
    const { result } = renderHook(() => useDocumentEditor(budgets, options(null)), { wrapper });
    dispatched.length = 0;
    const status = result.current.saveStatus;
    expect(status.noun).toBe('budget');
    act(() => {
      status.onRetry();
      status.onKeepMine();
      status.onLoadSaved();
    });
    expect(dispatched).toEqual([actions.saveRequested(), actions.conflictResolved({ choice: 'keepMine' }), actions.conflictResolved({ choice: 'loadSaved' })]);
  });
});
