/**
 * Everything a saga needs from the outside world, injected through redux-saga's context
 * (`createSagaMiddleware({ context })`). Sagas never read `Date.now()`, `window` or
 * `localStorage` inline: they ask the context, so tests inject a fake clock, an in-memory
 * Storage, a spy `navigate` and an axios instance with a fake adapter.
 */
import type { AxiosInstance } from 'axios';
import { call, delay as sagaDelay, getContext } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { ApiAuth } from '../api/apiAuth';
import type { SessionLocks, TokenRenewals } from '../features/auth';

/** A delay the caller controls (ms → a promise, or any thenable, resolved when the time has come). */
export type DelayFn = (ms: number) => PromiseLike<unknown>;

/** A feature that keeps a draft of what the learner typed (an area's `draft`, app/areas.ts). */
export interface DraftSaver {
  /** Names it in `drafts/savedBeforeSessionEnd`. */
  key: string;
  /** Whether the store holds changes the server has not got. */
  unsaved: (state: unknown) => boolean;
  /** Saves them now (the feature's `saveNow`); true when nothing is left unsaved. */
  save: () => SagaIterator<boolean>;
}

export interface NavigateOptions {
  replace?: boolean;
}

export interface SagaContext {
  /** Epoch milliseconds. */
  clock: () => number;
  /** Client-side navigation (the router's navigate, bound after the router exists). */
  navigate: (to: string, options?: NavigateOptions) => void;
  /** Where cc:auth and appKey live (localStorage in the browser). */
  storage: Storage;
  logger: Pick<Console, 'info' | 'warn' | 'error'>;
  /** The one axios instance (src/client/api/http.ts). Extra to the contract. */
  http: AxiosInstance;
  /** The current page's path + query, used as the `redirect` after an idle/expired logout. Extra. */
  currentPath: () => string | null;
  /**
   * The features that keep drafts, asked to save before an idle/expired session end
   * (features/session/drafts.ts). createAppStore lists the loaded areas that declare one. Extra.
   */
  drafts?: () => DraftSaver[];
  /** Where other tabs' `storage` events arrive (default `window`). Extra. */
  tabEvents?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /**
   * The renewals under way (features/auth/tokenRenewals.ts): a 401 for a token being renewed
   * waits for the renewal and is asked again with the new token. Extra; createAppStore makes one.
   */
  renewals?: TokenRenewals;
  /**
   * What the API saga needs of the session: token, app key, server time, the renewal wait
   * (api/apiAuth.ts). createAppStore gives the auth feature's (features/auth/apiAuth.ts). Extra.
   */
  apiAuth?: ApiAuth;
  /**
   * The browser's Web Locks (`navigator.locks`), under which one tab renews for all
   * (features/auth/renewalLock.ts). null or absent: the fallback without locks. Extra.
   */
  locks?: SessionLocks | null;
  /**
   * Waits of the sagas that time things (ms → a thenable): the session check, the renewal's retries,
   * the drafts' bound, auto-save's debounce, the knowledge-base search's pause, the user-name check's. Absent: redux-saga's `delay` (see `wait`). Tests pass a
   * virtual clock's. Extra.
   */
  delay?: DelayFn;
  /**
   * The session check's question to the server (features/session/probe.ts): an idle tab learns that
   * its session was ended elsewhere within one check. createAppStore gives the real one. Extra.
   */
  sessionProbe?: () => SagaIterator<unknown>;
  /** Whether the tab is on screen (default: document.visibilityState). Extra. */
  tabVisible?: () => boolean;
}

/**
 * Every saga that waits waits here: through the context's `delay` when one is given (the tests'
 * and the scenario runner's virtual clock), else redux-saga's own `delay` effect.
 */
export function* wait(ms: number): SagaIterator<void> {
  const customDelay: DelayFn | undefined = yield getContext('delay');
  if (customDelay) yield call(customDelay, ms);
  else yield sagaDelay(ms);
}

/** The current time from the injected clock. */
export function* now(): SagaIterator<number> {
  const clock: SagaContext['clock'] = yield getContext('clock');
  return clock();
}

export function* getStorage(): SagaIterator<Storage> {
  const storage: Storage = yield getContext('storage');
  return storage;
}

export function* getLogger(): SagaIterator<SagaContext['logger']> {
  const logger: SagaContext['logger'] = yield getContext('logger');
  return logger;
}

export function* getNavigate(): SagaIterator<SagaContext['navigate']> {
  const navigate: SagaContext['navigate'] = yield getContext('navigate');
  return navigate;
}

export function* getHttp(): SagaIterator<AxiosInstance> {
  const http: AxiosInstance = yield getContext('http');
  return http;
}

/** The store's renewals under way, when its context has them. */
export function* getRenewals(): SagaIterator<TokenRenewals | undefined> {
  const renewals: TokenRenewals | undefined = yield getContext('renewals');
  return renewals;
}

export function* getCurrentPath(): SagaIterator<string | null> {
  const currentPath: SagaContext['currentPath'] | undefined = yield getContext('currentPath');
  return currentPath ? currentPath() : null;
}

/** An in-memory Storage for tests and for browsers where localStorage is unavailable. */
export function createMemoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map<string, string>(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => (data.has(key) ? (data.get(key) as string) : null),
    key: (index) => Array.from(data.keys())[index] ?? null,
    removeItem: (key) => {
      data.delete(key);
    },
    setItem: (key, value) => {
      data.set(key, String(value));
    },
  };
}
