/**
 * A promise that resolves once the store reaches a state `done` accepts: how a form whose save runs
 * in a saga (budget, worksheets) tells the drafts registry that its save has finished. The drafts
 * saga bounds the wait (DRAFT_SAVE_TIMEOUT_MS), and the session end that follows changes the state
 * again, so the subscription never outlives it.
 */
export interface Subscribable<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
}

export function whenState<S>(store: Subscribable<S>, done: (state: S) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (done(store.getState())) {
      resolve();
      return;
    }
    const unsubscribe = store.subscribe(() => {
      if (!done(store.getState())) return;
      unsubscribe();
      resolve();
    });
  });
}
