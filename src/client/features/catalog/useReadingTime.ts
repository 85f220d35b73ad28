import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { readingStarted, readingStopped } from './slice';

/**
 * Counts a section's reading time while the student can see it (the learning record's Time column):
 * started when the page shows, stopped (and its time reported) when the page is left, and also while
 * the tab is hidden — switched away from, a laptop lid shut, reloaded or closed. The report is a
 * keepalive request (timeSpentSaga), so the time read before a reload or a closed tab still counts.
 */
export function useReadingTime(slug: string, mslug: string, sslug: string): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const section = { slug, mslug, sslug };
    if (document.visibilityState !== 'hidden') dispatch(readingStarted(section));
    const onVisibilityChange = () => {
      dispatch(document.visibilityState === 'hidden' ? readingStopped(section) : readingStarted(section));
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      dispatch(readingStopped(section));
    };
  }, [dispatch, slug, mslug, sslug]);
}
