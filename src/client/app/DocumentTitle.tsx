import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { setRouteTitle } from './pageTitle';
import { routeMeta } from './routeMeta';
import { useLanguage } from '../i18n';

/**
 * SPEC §2 (S2.17): document.title = deepest matched route's title + ' - ' + product name, unless the
 * page shown claims another (usePageTitle: a Not Found page under a route titled Module …).
 */
export function DocumentTitle() {
  const matches = useMatches();
  const { key } = useLocation();
  const { title } = routeMeta(matches);
  // the title speaks the language chosen on the page too
  const language = useLanguage();
  useEffect(() => {
    setRouteTitle(key, title);
  }, [key, title, language]);
  return null;
}
