/**
 * The SPA's entry: store first, then the router, then the store's saga `navigate` is bound to the
 * router (store.ts: setNavigate), then React mounts on the single root element (SPEC §1).
 * Start-up work (auth/validate, env/envRequested) is put by the root saga, not here.
 */
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { createAppStore } from './app/store';

const { store, setNavigate } = createAppStore({
  context: { clock: () => Date.now(), storage: window.localStorage, logger: console },
  // development builds: always; production builds: once GET /api says env D (app/devTools.ts)
  devTools: process.env.NODE_ENV !== 'production' ? true : 'whenEnvIsD',
});

const router = createAppRouter();
setNavigate((to, options) => {
  void router.navigate(to, options);
});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Cashwise: the root element #root is missing from index.html');
createRoot(rootElement).render(<App store={store} router={router} />);
