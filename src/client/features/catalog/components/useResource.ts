/**
 * Loads a catalog resource by its OneLook path when it is missing or stale; returns its view, rendered
 * in the background when it changes (useDeferredAppSelector).
 */
import { useEffect } from 'react';
import { useDeferredAppSelector } from '../../../app/deferredSelector';
import { useAppDispatch } from '../../../app/hooks';
import { selectResource, type ResourceView } from '../selectors';
import { resourceRequested } from '../slice';

export function useResource<T>(path: string | null): ResourceView<T> {
  const dispatch = useAppDispatch();
  const view = useDeferredAppSelector(selectResource<T>(path ?? ''));
  const { status } = view;
  useEffect(() => {
    if (path && (status === 'idle' || status === 'stale')) dispatch(resourceRequested({ path }));
  }, [dispatch, path, status]);
  return view;
}
