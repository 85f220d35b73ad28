/**
 * Areas loaded on demand: an area's slice(s) and saga travel in its lazily loaded route
 * chunk instead of the entry. The module that needs them (the area's page module, or a component
 * another chunk loads) calls `registerArea(xArea)` at import time — before anything of it renders —
 * with the descriptor from `features/<area>/area.ts`.
 *
 * Every store made by `createAppStore` (store.ts) listens here: for each registered area — the ones
 * registered before the store existed and the ones registered later — it injects the reducers into
 * `rootReducer` (RTK `combineSlices(...).inject`), dispatches `app/areaLoaded` so the slice's
 * initial state is in the store (and in Redux DevTools) at once, and runs the saga, isolated, ONCE
 * per store (only when the store runs its sagas). Registering an area twice does nothing.
 *
 * A page the server rendered ahead of the app (renderAhead/pageData.ts) comes with the service answers it
 * was rendered with: the area's `preloaded` turns one into its slices' actions. The area's saga puts
 * them as it starts (`putPreloadedAnswers`), which is before its page first renders; the server's
 * render dispatches them itself (prerender.tsx).
 *
 * An injected slice still resets on `auth:session:end` (resetOnSessionEnd); a slice injected later
 * starts from its initial state, so nothing of a previous learner can be in it.
 */
import { createAction, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import type { PreloadedAnswer } from '../renderAhead/pageData';
import type { DraftSaver } from './sagaContext';

export interface Area {
  /** Unique; also the saga's name in logs. */
  name: string;
  /** The area's slices: state key → reducer. */
  reducers: Record<string, Reducer>;
  /** The area's saga: started once per store when the area first loads. */
  saga?: () => SagaIterator;
  /**
   * The actions that put a service answer the page was rendered with (renderAhead/pageData.ts) into the
   * area's slices, as if the area had loaded it; none for an answer that is not the area's.
   */
  preloaded?: (answer: PreloadedAnswer) => UnknownAction[];
  /** What the learner typed and the server has not got yet: saved before a session ends. */
  draft?: DraftSaver;
}

/** Dispatched by a store right after it injected an area's reducers (their initial state appears). */
export const areaLoaded = createAction<{ name: string }>('app/areaLoaded');

const registered = new Map<string, Area>();
const listeners = new Set<(area: Area) => void>();

/** Makes the area's slices and saga part of every store (now and later); once per area name. */
export function registerArea(area: Area): void {
  if (registered.has(area.name)) return;
  registered.set(area.name, area);
  for (const listener of Array.from(listeners)) listener(area);
}

/** The areas registered so far, in registration order. */
export function registeredAreas(): Area[] {
  return Array.from(registered.values());
}

/** Calls `listener` with every area registered from now on; returns the unsubscribe function. */
export function onAreaRegistered(listener: (area: Area) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
