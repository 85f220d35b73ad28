/**
 * A piece of catalog content a page shows: asks for it (`contentOpened`) when it is missing or
 * stale, and returns it, rendered in the background when it changes (useDeferredAppSelector).
 * `null`: nothing to show (nothing is asked for).
 */
import { useEffect } from 'react';
import { useDeferredAppSelector } from '../../app/deferredSelector';
import { useAppDispatch } from '../../app/hooks';
import { IDLE, type Loadable } from '../../api/loadable';
import type { AnswerOf, ContentRead } from './api';
import { selectContent } from './selectors';
import { contentKey, contentOpened } from './slice';

const nothing = () => IDLE;

export function useContent<R extends ContentRead>(read: R | null): Loadable<AnswerOf<R['kind']>> {
  const dispatch = useAppDispatch();
  const view = useDeferredAppSelector(read ? selectContent(read) : nothing);
  const { status } = view;
  // the kind and key name the content: a new object for the same content is the same content
  const id = read && `${read.kind}:${contentKey(read)}`;
  useEffect(() => {
    if (read && (status === 'idle' || status === 'stale')) dispatch(contentOpened(read));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, id, status]);
  return view;
}
