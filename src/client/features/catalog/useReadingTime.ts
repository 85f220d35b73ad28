import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { sectionClosed, sectionOpened } from './slice';

/**
 * Counts a section's reading time while the student can see it (the learning record's Time column):
 * opened when the page shows, closed (and its time reported) when the page is left, and also while
 * the tab is hidden — switched away from, a laptop lid shut, reloaded or closed. The report is a
 * keepalive request (timeSpentSaga), so the time read before a reload or a closed tab still counts.
 */
export function useReadingTime(path: string): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (document.visibilityState !== 'hidden') dispatch(sectionOpened({ path }));
    const onVisibilityChange = () => {
      dispatch(document.visibilityState === 'hidden' ? sectionClosed({ path }) : sectionOpened({ path }));
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      dispatch(sectionClosed({ path }));
    };
  }, [dispatch, path]);
}
