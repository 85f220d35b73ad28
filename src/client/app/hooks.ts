import { useDeferredValue } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

/**
 * A page's data from the store, rendered in the background (issue #9, TBT). react-redux renders a
 * store update synchronously, so the update that brings a page's data (a module list, an article)
 * would render and commit the whole page in the task that received the answer: one long task. With
 * useDeferredValue that render keeps the value it had (cheap: nothing changed), and React renders the
 * new value right after as a transition, in slices. A value already in the store when the component
 * mounts is used at once.
 */
export function useDeferredAppSelector<T>(selector: (state: RootState) => T): T {
  return useDeferredValue(useAppSelector(selector));
}
