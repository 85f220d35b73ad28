/**
 * Redux DevTools when the environment code is D (SPEC §3: D means development).
 *
 * The env code arrives with GET /api, after the store exists, so a production build cannot decide at
 * store creation. This middleware is in every store created with `devTools: 'whenEnvIsD'`; it does
 * nothing until the state says env D (`selectIsDevelopment`) AND the browser has the Redux DevTools
 * extension; then it connects once and sends every later action with the state, both through the
 * same sanitizers as the development store (`hideSecrets`: tokens and passwords read '<hidden>').
 * A session then reads in DevTools as its events, exactly as in development.
 *
 * Monitor only: actions dispatched from the extension and time travel are not wired in this mode
 * (a development build, `devTools: true`, has the full extension through Redux Toolkit).
 */
import type { Middleware } from '@reduxjs/toolkit';
import { selectIsDevelopment, type EnvRootState } from '../features/env';

/** The part of the extension's `connect()` API this bridge uses. */
export interface DevToolsConnection {
  init(state: unknown): void;
  send(action: unknown, state: unknown): void;
}

export interface DevToolsExtension {
  connect(options: { name: string }): DevToolsConnection;
}

export interface DevToolsBridgeOptions {
  name: string;
  /** Where the extension is found; default `window.__REDUX_DEVTOOLS_EXTENSION__`. */
  extension?: () => DevToolsExtension | undefined;
  sanitize: <T>(value: T) => T;
}

function browserExtension(): DevToolsExtension | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as { __REDUX_DEVTOOLS_EXTENSION__?: DevToolsExtension }).__REDUX_DEVTOOLS_EXTENSION__;
}

export function devToolsWhenEnvIsD(options: DevToolsBridgeOptions): Middleware<object, EnvRootState> {
  const findExtension = options.extension ?? browserExtension;
  return (api) => {
    let connection: DevToolsConnection | null = null;
    let tried = false;
    return (next) => (action) => {
      const result = next(action);
      const state = api.getState();
      if (connection) {
        connection.send(options.sanitize(action), options.sanitize(state));
      } else if (!tried && selectIsDevelopment(state)) {
        tried = true; // env D is decided once; without the extension, never look again
        const extension = findExtension();
        if (extension) {
          connection = extension.connect({ name: options.name });
          connection.init(options.sanitize(state));
        }
      }
      return result;
    };
  };
}
