/**
 * A student's page the server rendered for them ahead of the app (bootSignedIn.ts, marked
 * STUDENT_PAGE) is the markup the app's first render makes there: the same components, the same
 * store contents (the service answers it was rendered with: renderAhead/pageAnswers.ts). So the app
 * hydrates it instead of replacing it (TBT): its elements stay, and nothing is built and
 * laid out again — on /app/catalog that was a 60–80 ms commit and a 40 ms layout at Lighthouse's
 * 4× slowdown.
 *
 * A chunk of its own, fetched only for such a page, as the entry starts (main.tsx): the sign-in
 * page's scripts do not carry it. What it needs from the entry's bundle (react-dom, the App, the
 * slices) is imported when it runs (`webpackMode: "eager"`: no request), by which time the entry's
 * steps have evaluated it: the chunk's arrival evaluates almost nothing, in whatever task it lands.
 *
 * A page that differs all the same is rendered anew by React, as any other copy is replaced; it is
 * said once in the console (a warning), for whoever debugs it.
 */
import { startTransition, useEffect, type ReactNode } from 'react';
import { enableCopyButtons, forgetCopy } from './prerendering';
import type { AppRouter } from '../app/router';
import type { AppStore } from '../app/store';

export const HYDRATION_DIFFERED = "The page rendered ahead differed from the app's; the app rendered it anew.";

/** After the first commit the page is the app's, no longer a copy (its element stays: forgetCopy). */
function Hydrated({ children }: { children: ReactNode }) {
  // children's effects run first: this one comes once the whole page is the app's
  useEffect(() => forgetCopy(), []);
  return children;
}

/** Hydrates the student's page in #root, in a transition (rendered in slices, like the app's other first renders). */
export async function hydrateStudentPage(rootElement: HTMLElement, store: AppStore, router: AppRouter): Promise<void> {
  const [{ hydrateRoot }, { App }, { asRenderedAhead }] = await Promise.all([
    import(/* webpackMode: "eager", webpackExports: ["hydrateRoot"] */ 'react-dom/client'),
    import(/* webpackMode: "eager", webpackExports: ["App"] */ '../app/App'),
    import(/* webpackMode: "eager", webpackExports: ["asRenderedAhead"] */ './renderedAhead'),
  ]);
  // the buttons as the server rendered them: hydration does not change an attribute back
  enableCopyButtons(rootElement);
  const serverState = asRenderedAhead(store.getState());
  startTransition(() => {
    hydrateRoot(
      rootElement,
      <Hydrated>
        <App store={store} router={router} serverState={serverState} />
      </Hydrated>,
      { onRecoverableError: (error) => console.warn(HYDRATION_DIFFERED, error) },
    );
  });
}
