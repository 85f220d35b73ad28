/**
 * The store: Redux Toolkit + redux-saga, state serializable.
 *
 * NAVIGATION: the router is created after the store, so `createAppStore` returns `setNavigate(fn)`.
 * The UI calls `setNavigate(router.navigate)` once the router exists. A navigation a saga asks for
 * before that is remembered (the last one) and performed when `setNavigate` is called.
 *
 * SAGAS: `createAppStore` runs `rootSaga` itself (pass `runSagas: false` to run your own, as tests
 * do). The root saga puts `auth/validate` and `env/envRequested` at start-up. `runSagas: 'onStart'`
 * runs them, and the areas' sagas, only when the returned `startSagas()` is called: main.tsx creates
 * the store in one task and starts its sagas in the next (TBT).
 *
 * DEVTOOLS: `devTools: true` (default in non-production builds): Redux Toolkit's full DevTools.
 * `'whenEnvIsD'` (default in production builds): connected as soon as GET /api says env D — the env
 * code arrives after the store exists (devTools.ts). `false`: never. Either way the sanitizers
 * replace tokens and passwords with '<hidden>'.
 *
 * AREAS: the shell's slices are in `rootReducer` from the start; each area's slice and saga are
 * injected / started when its chunk first loads (app/areas.ts). A `preloadedState` for an area's
 * slice needs the area registered (or its reducers injected) first.
 *
 * AUTH at start-up comes from the stored session (SPEC S4.07, S4.10) unless `preloadedState.auth`
 * is given.
 */
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { createHttp } from '../api/http';
import { activeLanguage } from '../i18n';
import {
  apiAuth,
  authReducer,
  authStateFromStorage,
  browserLocks,
  TokenRenewals,
  clearStoredSession,
  getAppKey,
  isStoredSessionIdle,
  readRawStoredSession,
  readServerClockOffset,
  readStoredSession,
  schoolSignInReducer,
} from '../features/auth';
import type { budgetsReducer } from '../features/budgetWizard';
import type { catalogReducer } from '../features/catalog';
import type { classroomReducer } from '../features/classroom';
import type { schoolAdminReducer } from '../features/schoolAdmin';
import { envReducer } from '../features/env';
import type { knowledgeBaseReducer } from '../features/knowledgeBase';
import { createNotificationBridge, notificationsReducer } from '../features/notifications';
import type { passwordReducer } from '../features/password';
import type { profileReducer } from '../features/profile';
import type { registrationReducer } from '../features/registration';
import { probeSessionWithServer, saveDraftsBeforeSessionEnd, sessionReducer } from '../features/session';
import { devToolsWhenEnvIsD } from './devTools';
import type { supportReducer } from '../features/support';
import type { worksheetsReducer } from '../features/worksheets';
import { areaLoaded, onAreaRegistered, registeredAreas, type Area } from './areas';
import { isolated, rootSaga } from './rootSaga';
import { createMemoryStorage, type NavigateOptions, type SagaContext } from './sagaContext';

/** What the shell needs from the start: these reducers are in the entry. */
const startupReducers = {
  auth: authReducer,
  notifications: notificationsReducer,
  env: envReducer,
  session: sessionReducer,
  schoolSignIn: schoolSignInReducer,
};

/**
 * The areas' slices, injected when the area's chunk first loads (app/areas.ts, features/<area>/area.ts).
 * Their code is NOT in the entry (type-only imports above).
 */
export interface LazyLoadedSlices {
  registration: ReturnType<typeof registrationReducer>;
  password: ReturnType<typeof passwordReducer>;
  profile: ReturnType<typeof profileReducer>;
  catalog: ReturnType<typeof catalogReducer>;
  knowledgeBase: ReturnType<typeof knowledgeBaseReducer>;
  budgets: ReturnType<typeof budgetsReducer>;
  worksheets: ReturnType<typeof worksheetsReducer>;
  /** Get Help: with the signed-in shell (its Get Help button), the support pages and the panel. */
  support: ReturnType<typeof supportReducer>;
  /** Classes (teachers) and "Assigned to you" (students): with the classroom pages and Home's list. */
  classroom: ReturnType<typeof classroomReducer>;
  /** School administration (/app/admin): with its pages. */
  schoolAdmin: ReturnType<typeof schoolAdminReducer>;
}

export const rootReducer = combineSlices(startupReducers).withLazyLoadedSlices<LazyLoadedSlices>();

/**
 * The whole state. A lazily loaded slice is typed as present: only its own area's code reads it,
 * and that code registers the area (which injects the slice and puts its initial state in the
 * store) at import time, before it renders or runs.
 */
export type RootState = { [K in keyof typeof startupReducers]: ReturnType<(typeof startupReducers)[K]> } & LazyLoadedSlices;

/** Adds an area's reducers to `rootReducer` (shared by every store; injecting twice is harmless). */
export function injectAreaReducers(area: Pick<Area, 'reducers'>): void {
  for (const [reducerPath, reducer] of Object.entries(area.reducers)) {
    rootReducer.inject({ reducerPath: reducerPath as keyof LazyLoadedSlices, reducer });
  }
}

export const HIDDEN = '<hidden>';
const SECRET_KEYS = new Set(['token', 'password']);

/** A copy of `value` with every `token` / `password` field replaced by '<hidden>'. */
export function hideSecrets<T>(value: T, depth = 0): T {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => hideSecrets(item, depth + 1)) as T;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    copy[key] = SECRET_KEYS.has(key) && item != null ? HIDDEN : hideSecrets(item, depth + 1);
  }
  return copy as T;
}

export interface CreateAppStoreOptions {
  context?: Partial<SagaContext>;
  preloadedState?: Partial<RootState>;
  /** true: always; 'whenEnvIsD': once GET /api says env D (production builds); false: never. */
  devTools?: boolean | 'whenEnvIsD';
  /**
   * Default true: run rootSaga (and each area's saga) now. 'onStart': when `startSagas()` is called.
   * Tests pass false and run the sagas they test.
   */
  runSagas?: boolean | 'onStart';
}

function defaultStorage(): Storage {
  try {
    if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  } catch {
    // storage disabled (privacy mode): fall through
  }
  return createMemoryStorage();
}

function defaultCurrentPath(): string | null {
  if (typeof window === 'undefined') return null;
  return `${window.location.pathname}${window.location.search}`;
}

export function createAppStore(options: CreateAppStoreOptions = {}) {
  const { preloadedState, runSagas = true } = options;
  const devTools = options.devTools ?? (process.env.NODE_ENV !== 'production' ? true : 'whenEnvIsD');
  const given = options.context ?? {};

  const clock = given.clock ?? (() => Date.now());
  const storage = given.storage ?? defaultStorage();
  const logger = given.logger ?? console;

  const attachedAreas: Area[] = [];

  // Navigation, bound late (see the header).
  let navigateImpl: SagaContext['navigate'] | undefined = given.navigate;
  let pendingNavigation: [string, NavigateOptions | undefined] | null = null;
  const navigate: SagaContext['navigate'] = (to, navOptions) => {
    if (navigateImpl) navigateImpl(to, navOptions);
    else pendingNavigation = [to, navOptions];
  };
  const setNavigate = (fn: SagaContext['navigate']) => {
    navigateImpl = fn;
    if (pendingNavigation) {
      const [to, navOptions] = pendingNavigation;
      pendingNavigation = null;
      fn(to, navOptions);
    }
  };

  // The token getter reads the store, which exists only below.
  const storeRef: { getState?: () => RootState } = {};
  const http =
    given.http ??
    createHttp({
      getToken: () => storeRef.getState?.().auth.session?.token ?? null,
      getAppKey: () => getAppKey(storage),
      getLanguage: activeLanguage,
      logger,
    });

  const context: SagaContext = {
    clock,
    storage,
    logger,
    navigate,
    http,
    currentPath: given.currentPath ?? defaultCurrentPath,
    // the features that keep drafts: the areas attached to this store that declare one
    drafts: given.drafts ?? (() => attachedAreas.flatMap((area) => (area.draft ? [area.draft] : []))),
    renewals: given.renewals ?? new TokenRenewals(),
    apiAuth: given.apiAuth ?? apiAuth,
    locks: given.locks !== undefined ? given.locks : browserLocks(),
    sessionProbe: given.sessionProbe ?? probeSessionWithServer,
    ...(given.tabVisible ? { tabVisible: given.tabVisible } : {}),
    ...(given.tabEvents ? { tabEvents: given.tabEvents } : {}),
    ...(given.delay ? { delay: given.delay } : {}),
  };
  const sagaMiddleware = createSagaMiddleware({ context: { ...context } });

  // SPEC S4.10: an expired or unusable stored session is treated as absent — and removed. One idle
  // for over 30 minutes starts signed out too (authStateFromStorage), but stays
  // stored until the validation saga ends it with reason idle (token revoked, /login?reason=idle).
  const startedAt = clock();
  if (
    !preloadedState?.auth &&
    readRawStoredSession(storage) &&
    !readStoredSession(storage, startedAt + readServerClockOffset(storage)) &&
    !isStoredSessionIdle(storage, startedAt)
  ) {
    clearStoredSession(storage);
  }
  const initialState: Partial<RootState> = {
    ...preloadedState,
    auth: preloadedState?.auth ?? authStateFromStorage(storage, startedAt),
  };

  // Areas registered before this store: their slices start in the initial state.
  registeredAreas().forEach(injectAreaReducers);

  const configured = configureStore({
    reducer: rootReducer,
    preloadedState: initialState,
    // the notification bridge sits in every store, tests' too: a failure marked to be shown is a toast
    // whichever sagas run (docs/architecture.md, "Failures and toasts")
    middleware: (getDefaultMiddleware) =>
      devTools === 'whenEnvIsD'
        ? getDefaultMiddleware().concat(createNotificationBridge(), sagaMiddleware, devToolsWhenEnvIsD({ name: 'Cashwise', sanitize: hideSecrets }))
        : getDefaultMiddleware().concat(createNotificationBridge(), sagaMiddleware),
    devTools:
      devTools === true
        ? {
            name: 'Cashwise',
            actionSanitizer: (action) => hideSecrets(action),
            stateSanitizer: (state) => hideSecrets(state),
          }
        : false,
  });
  // typed with every slice present (see RootState)
  const store = configured as Omit<typeof configured, 'getState'> & { getState: () => RootState };
  storeRef.getState = store.getState;

  // rootSaga first, then the areas (app/areas.ts): the ones loaded already and every one loaded
  // later, once per store; their sagas only once the store's sagas run
  let sagasRunning = false;
  const runRootSaga = () => {
    sagasRunning = true;
    sagaMiddleware.run(rootSaga);
  };
  if (runSagas === true) runRootSaga();

  const startedAreaSagas = new Set<string>();
  const startAreaSaga = (area: Area) => {
    if (!sagasRunning || !area.saga || startedAreaSagas.has(area.name)) return;
    startedAreaSagas.add(area.name);
    sagaMiddleware.run(isolated(area.name, area.saga));
  };
  const attachArea = (area: Area) => {
    if (!attachedAreas.includes(area)) attachedAreas.push(area);
    injectAreaReducers(area);
    const state: object = store.getState();
    if (Object.keys(area.reducers).some((key) => !(key in state))) store.dispatch(areaLoaded({ name: area.name }));
    startAreaSaga(area);
  };
  registeredAreas().forEach(attachArea);
  // a short-lived store (a page the server renders) lets go of the registry with `detachAreas`
  const detachAreas = onAreaRegistered(attachArea);

  /** runSagas 'onStart': runs rootSaga, then the areas' sagas loaded so far; once. */
  const startSagas = () => {
    if (sagasRunning || !runSagas) return;
    runRootSaga();
    registeredAreas().forEach(startAreaSaga);
  };

  /** Saves the drafts now, as before a session end (at most its 2 s): before a reload for a newer build. */
  const saveDrafts = (reason: string): Promise<unknown> => sagaMiddleware.run(saveDraftsBeforeSessionEnd, reason).toPromise();

  return { store, sagaMiddleware, setNavigate, startSagas, context, detachAreas, saveDrafts };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type AppDispatch = AppStore['dispatch'];
export type { SagaContext } from './sagaContext';
