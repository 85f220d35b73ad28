/**
 * The pages of a saved-document feature (createDocumentFeature, lib/documentAutosave.ts), wired the
 * same way for budgets and worksheets.
 *
 * - `useDocumentList(feature)`: loads the learner's list when the page opens; the list, the undo
 *   offer, and the list's actions.
 */
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { type createDocumentFeature, type SavedDocument } from './documentAutosave';

/** One saved-document feature: what createDocumentFeature returns for a record, summary and draft type. */
export type DocumentFeature<R extends SavedDocument, S extends SavedDocument, D extends object> = ReturnType<typeof createDocumentFeature<R, S, D>>;

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
