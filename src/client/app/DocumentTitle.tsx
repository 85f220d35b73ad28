import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { documentTitle } from '../../common/title';
import { routeMeta } from './routeMeta';

/** SPEC §2 (S2.17): document.title = deepest matched route's title + ' - ' + product name. */
export function DocumentTitle() {
  const matches = useMatches();
  const { title } = routeMeta(matches);
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return null;
}
