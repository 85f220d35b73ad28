/**
 * The SPA's entry: the router (it starts fetching the address's lazily loaded route chunks), then
 * the store, then its sagas (the root saga puts auth/validate and env/envRequested), then the store's saga
 * `navigate` is bound to the router (store.ts: setNavigate), then React mounts on the single root
 * element (SPEC §1).
 *
 * PRERENDERED /login: the server answers with login.html, the sign-in page already in #root
 * (prerender.tsx), read-only; boot.ts runs these scripts once the browser has shown it. React
 * replaces that copy when it renders the page, which is then usable. A student's page the server
 * rendered for them ahead of the app (bootSignedIn.ts, marked STUDENT_PAGE) is hydrated instead
 * (renderAhead/hydrateStudentPage.tsx): it is the markup this render makes, with the same store contents.
 *
 * START-UP IN SMALL TASKS (TBT): this file imports almost nothing itself. The libraries,
 * the router, the store and the React tree are evaluated by `import()`s of the entry's own modules
 * (`webpackMode: "eager"`: same files, no request; `webpackExports` names what is used, so the
 * libraries stay tree-shaken), one step per task with a yield to the browser in between, instead of
 * one long task evaluating everything at once. The page is rendered in a transition, like the
 * router's own updates: React renders it in slices of a few milliseconds.
 */
import { PRERENDERED_ATTRIBUTE, STUDENT_PAGE } from './renderAhead/copyMarks';
import type { AppRouter } from './app/router';
import { nextTask } from './lib/tasks';
import { promiseStoreForLoaders } from './app/loaderStore';

/** Evaluates `load`'s modules in a task of their own: awaits them, then yields. */
async function step<T>(load: () => Promise<T>): Promise<T> {
  const loaded = await load();
  await nextTask();
  return loaded;
}

/** Resolves once the router has loaded the address's route modules (its first navigation is done). */
function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

async function start(): Promise<void> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');
  // a student's page the server rendered for them (bootSignedIn.ts) is hydrated, by a chunk of its
  // own: asked for now, it comes while the steps below run (if it cannot come, the page is replaced)
  const hydration =
    rootElement.firstElementChild?.getAttribute(PRERENDERED_ATTRIBUTE) === STUDENT_PAGE
      ? import(/* webpackChunkName: "hydrate" */ './renderAhead/hydrateStudentPage').catch(() => null)
      : null;
  // the language of the first render: another language's catalog is requested now, in parallel
  const language = import(/* webpackMode: "eager", webpackExports: ["startLanguage"] */ './features/language').then(({ startLanguage }) => startLanguage());
  await nextTask();

  // the largest libraries first, each in a task of its own; the router next, so the route chunks
  // are requested as early as can be
  await step(() => import(/* webpackMode: "eager", webpackExports: ["startTransition"] */ 'react'));
  await step(() => import(/* webpackMode: "eager", webpackExports: ["createBrowserRouter"] */ 'react-router'));
  await step(() => import(/* webpackMode: "eager", webpackExports: ["ThemeProvider"] */ '@mui/material/styles'));
  // the route table's modules in two steps: the public layout (MUI's app bar, container, footer), then the rest
  await step(() => import(/* webpackMode: "eager", webpackExports: ["PublicLayout"] */ './app/Shell/PublicLayout'));
  const { createAppRouter, requestRouteChunks } = await step(() =>
    import(/* webpackMode: "eager", webpackExports: ["createAppRouter", "requestRouteChunks"] */ './app/router'),
  );
  // the address's route chunks are asked for in tasks of their own, the router made in the next
  await requestRouteChunks(window.location.pathname);
  await nextTask();
  // the first address's loaders run as the router is made; those that need the store wait for it
  const handStoreToLoaders = promiseStoreForLoaders();
  const router = createAppRouter();
  await nextTask();

  // the store's module graph in three steps: axios (the HTTP client), the start-up sagas, then
  // the store with its slices
  await step(() => import(/* webpackMode: "eager", webpackExports: ["createHttp"] */ './api/http'));
  await step(() => import(/* webpackMode: "eager", webpackExports: ["rootSaga"] */ './app/rootSaga'));
  const [{ createAppStore }, { setDraftSaving }] = await step(() =>
    Promise.all([
      import(/* webpackMode: "eager", webpackExports: ["createAppStore"] */ './app/store'),
      import(/* webpackMode: "eager", webpackExports: ["setDraftSaving"] */ './app/chunkFailure'),
    ]),
  );
  const { store, setNavigate, startSagas, saveDrafts } = createAppStore({
    context: { clock: () => Date.now(), storage: window.localStorage, logger: console },
    // development builds: always; production builds: once GET /api says env D (app/devTools.ts)
    devTools: process.env.NODE_ENV !== 'production' ? true : 'whenEnvIsD',
    // the root saga's start (validation, the env request, the session check) is a step of its own
    runSagas: 'onStart',
  });
  // a reload for a newer build saves what was typed first (chunkFailure.ts)
  setDraftSaving(() => saveDrafts('reload'));
  await nextTask();

  startSagas();
  // after the sagas: a loader's request must find them listening
  handStoreToLoaders(store);
  setNavigate((to, options) => {
    void router.navigate(to, options);
  });
  await nextTask();

  const { createRoot } = await step(() => import(/* webpackMode: "eager", webpackExports: ["createRoot"] */ 'react-dom/client'));
  const [{ startTransition }, { App }] = await step(() =>
    Promise.all([
      import(/* webpackMode: "eager", webpackExports: ["startTransition"] */ 'react'),
      import(/* webpackMode: "eager", webpackExports: ["App"] */ './app/App'),
    ]),
  );
  // a prerendered page stays until the router can render the page itself (its chunk is in), not
  // its loading spinner
  if (rootElement.firstElementChild) await routerReady(router);
  // a catalog that cannot come leaves the page in English (the catalog already in the entry)
  const spoken = await language.then(() => document.documentElement.lang, () => 'en');
  const hydrate = await hydration;
  // the server renders pages ahead in English: in another language the page is rendered, not hydrated
  if (hydrate && spoken === 'en') {
    await hydrate.hydrateStudentPage(rootElement, store, router);
    return;
  }
  // in a transition: React renders the first page in slices of a few milliseconds, not in one long
  // task (App's CurrentRouterProvider catches up with a router update made meanwhile)
  const root = createRoot(rootElement);
  startTransition(() => root.render(<App store={store} router={router} />));
}

void start();
