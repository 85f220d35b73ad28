/**
 * A page's data from the store, rendered in the background (TBT). react-redux renders a
 * store update synchronously, so the update that brings a page's data (a module list, an article)
 * would render and commit the whole page in the task that received the answer: one long task. With
 * useDeferredValue that render keeps the value it had (cheap: nothing changed), and React renders the
 * new value right after as a transition, in slices. A value already in the store when the component
 * mounts is used at once. (Its own module: only the pages' chunks use it, not the entry.)
 */
import { useDeferredValue } from 'react';
import { useAppSelector } from './hooks';
import type { RootState } from './store';

export function useDeferredAppSelector<T>(selector: (state: RootState) => T): T {
  return useDeferredValue(useAppSelector(selector));
}
