/**
 * The SPA's entry: the router first (it starts fetching the address's lazily loaded route chunks),
 * then the store (its root saga puts auth/validate and env/envRequested), then the store's saga
 * `navigate` is bound to the router (store.ts: setNavigate), then React mounts on the single root
 * element (SPEC §1).
 *
 * START-UP IN SMALL TASKS (issue #9, TBT): the router is created in the entry's first task, so the
 * route chunks are requested before the page's `load` event (which then waits for them, as before).
 * The store and the React tree are evaluated in tasks of their own after it (`webpackMode: "eager"`:
 * same entry files, no request), with a yield to the browser between them, instead of one long task
 * evaluating everything at once. The page itself is rendered by the router's updates, which are
 * transitions: React renders them in slices of a few milliseconds.
 */
import { createAppRouter } from './app/router';

const router = createAppRouter();

/** Lets the browser paint and handle input before the next step. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(): Promise<void> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('Cashwise: the root element #root is missing from index.html');
  await nextTask();

  const { createAppStore } = await import(/* webpackMode: "eager" */ './app/store');
  const { store, setNavigate } = createAppStore({
    context: { clock: () => Date.now(), storage: window.localStorage, logger: console },
    // development builds: always; production builds: once GET /api says env D (app/devTools.ts)
    devTools: process.env.NODE_ENV !== 'production' ? true : 'whenEnvIsD',
  });
  setNavigate((to, options) => {
    void router.navigate(to, options);
  });
  await nextTask();

  const [{ createRoot }, { App }] = await Promise.all([
    import(/* webpackMode: "eager" */ 'react-dom/client'),
    import(/* webpackMode: "eager", webpackExports: ["App"] */ './app/App'),
  ]);
  await nextTask();
  // NOT in a transition: RouterProvider reads the router's state when it renders and subscribes when
  // it commits; a time-sliced first render let a fast route chunk initialise the router in between,
  // and the page stayed on the loading spinner (the router's own updates are transitions already)
  createRoot(rootElement).render(<App store={store} router={router} />);
}

void start();
