/**
 * The store, for route loaders. main.tsx makes the router before the store (the route chunks are
 * asked for first), and the router runs the first address's loaders as it is made: a loader that
 * needs the store waits for it here. Where nothing promised a store (tests, the build's prerender),
 * loaders get null and do nothing.
 */
import type { AppStore } from './store';

let coming: Promise<AppStore> | null = null;

/** Called before the router is made; the returned function hands the store over once it exists. */
export function promiseStoreForLoaders(): (store: AppStore) => void {
  let hand: (store: AppStore) => void = () => undefined;
  coming = new Promise<AppStore>((resolve) => {
    hand = resolve;
  });
  return hand;
}

/** The app's store, once made; null where none was promised. */
export function storeForLoaders(): Promise<AppStore | null> {
  return coming ?? Promise.resolve(null);
}

/** Nothing promised: loaders get null (a test rendering the routes without the app's start). */
export function noStoreForLoaders(): void {
  coming = null;
}
