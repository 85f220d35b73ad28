/**
 * The pages of a saved-document feature (createDocumentFeature, autosave.ts): the list
 * page and the editor, wired the same way for budgets and worksheets.
 *
 * - `useDocumentList(feature)`: loads the learner's list when the page opens; the list, the undo
 *   offer, and the list's actions.
 * - `useDocumentEditor(feature, …)`: opens the document of the address (or starts a new one), saves at
 *   once when the page is left or the tab hidden; what the page shows while it opens (`editorPhase`),
 *   and the save status's props. The save before an idle or expired sign-out is the session saga's,
 *   through the feature's `draft` (docs/drafts.md), so nothing here registers for it.
 */
import { useCallback, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { SaveStatusProps } from './components/SaveStatus';
import { type createDocumentFeature, type CurrentStatus, type SavedDocument } from './autosave';
import { useSaveWhenHidden } from './useSaveWhenHidden';

/** One saved-document feature: what createDocumentFeature returns for a record, summary and draft type. */
export type DocumentFeature<R extends SavedDocument, S extends SavedDocument, D extends object> = ReturnType<typeof createDocumentFeature<R, S, D>>;

/**
 * A saved document's id from its address (the `:id` of the editor's route): a positive whole number
 * of at most nine digits, written plainly (no sign, no leading zero); anything else names no
 * document (null: the page is not found).
 */
export function documentIdOf(param: string): number | null {
  return /^[1-9]\d{0,8}$/.test(param) ? Number(param) : null;
}

/** What an editor shows: nothing to open (404), the document still opening, opening failed, or the form. */
export type EditorPhase = 'notFound' | 'opening' | 'failed' | 'ready';

/**
 * The editor's phase for the address's `id` (null: a new document). A saved document is still
 * opening until the record of that id is in: the previous one may still be in the store.
 */
export function editorPhase(current: { status: CurrentStatus; record: { id: number } | null }, id: number | null): EditorPhase {
  if (current.status === 'notFound') return 'notFound';
  if (current.status === 'idle' || current.status === 'loading' || (id !== null && current.record?.id !== id && current.status !== 'failed')) return 'opening';
  if (current.status === 'failed') return 'failed';
  return 'ready';
}

export function useDocumentList<R extends SavedDocument, S extends SavedDocument, D extends object>(feature: DocumentFeature<R, S, D>) {
  const dispatch = useAppDispatch();
  const { actions, selectors } = feature;
  const list = useAppSelector(selectors.selectList);
  const lastDeleted = useAppSelector(selectors.selectLastDeleted);
  useEffect(() => {
    dispatch(actions.listRequested());
  }, [dispatch, actions]);
  return {
    list,
    lastDeleted,
    undo: (id: number) => dispatch(actions.restoreRequested({ id })),
    dismissUndo: () => dispatch(actions.undoDismissed()),
    duplicate: (item: S) => dispatch(actions.duplicateRequested({ id: item.id })),
    remove: (item: S, label: string) => dispatch(actions.deleteRequested({ id: item.id, label })),
  };
}

export interface DocumentEditorOptions {
  /** the address's document (null: a new one, saved on the first change) */
  id: number | null;
  /** what the learner calls it, in the save status ("This budget was changed somewhere else.") */
  noun: string;
}

export function useDocumentEditor<R extends SavedDocument, S extends SavedDocument, D extends object>(
  feature: DocumentFeature<R, S, D>,
  { id, noun }: DocumentEditorOptions,
) {
  const dispatch = useAppDispatch();
  const { actions, selectors } = feature;
  const current = useAppSelector(selectors.selectCurrent);
  const save = useAppSelector(selectors.selectSave);
  const dirty = useAppSelector(selectors.selectDirty);
  /** an unsaved draft (typed while the first save was on its way): newer than the record */
  const pendingDraft = useAppSelector((state) => selectors.selectState(state).draft);

  const requestSave = useCallback(() => {
    dispatch(actions.saveRequested());
  }, [dispatch, actions]);

  const openId = current.record?.id;
  useEffect(() => {
    if (id === null) dispatch(actions.started());
    else if (openId !== id) dispatch(actions.opened({ id }));
    // Leaving the page saves what is left at once.
    return () => {
      dispatch(actions.saveRequested());
    };
    // Only a change of address opens another document; the record arriving must not re-open it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, dispatch]);

  // A tab being hidden (switched away, reloaded, closed, a laptop lid shut) saves at once.
  useSaveWhenHidden(requestSave);

  const reportDraft = useCallback((draft: D) => dispatch(actions.draftChanged({ draft })), [dispatch, actions]);

  const saveStatus: SaveStatusProps = {
    status: save.status,
    error: save.error,
    savedAt: save.savedAt,
    dirty,
    noun,
    onRetry: requestSave,
    onKeepMine: () => dispatch(actions.conflictResolved({ choice: 'keepMine' })),
    onLoadSaved: () => dispatch(actions.conflictResolved({ choice: 'loadSaved' })),
  };

  return { current, save, dirty, pendingDraft, phase: editorPhase(current, id), requestSave, reportDraft, saveStatus };
}
