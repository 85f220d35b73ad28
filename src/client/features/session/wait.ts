/**
 * Waiting in the session's sagas (the timer, the drafts saved before a session ends, loading the
 * timer's chunk): the one `wait` of every saga (app/sagaContext.ts), through the context's `delay`
 * when one is given — the scenario runner's and the tests' virtual clock — else redux-saga's own.
 */
export { wait, type DelayFn } from '../../app/sagaContext';
