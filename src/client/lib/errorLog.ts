/**
 * The app's errors in one stream: uncaught errors and unhandled rejections (window events), and what
 * the app's own error path reports (a failed action's problem, the router's error boundary, a crashed
 * saga) through `reportClientError`. Nothing is sent anywhere from here; a watcher decides what to do
 * (the support recorder marks them in a recording the student chose to attach).
 */
type ErrorListener = (message: string) => void;

const listeners = new Set<ErrorListener>();

/** The message only: a stack, or an object's fields (which may hold a student's data), never. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const { message, status, statusText } = error as { message?: unknown; status?: unknown; statusText?: unknown };
    if (typeof message === 'string' && message) return message;
    // a router error response (a loader's thrown Response)
    if (typeof status === 'number') return `${status} ${typeof statusText === 'string' ? statusText : ''}`.trim();
  }
  return 'Unknown error';
}

/** Thrown errors already reported: the same one twice (an effect run again in StrictMode) is heard once. */
const reported = new WeakSet<Error>();

/** The app's own error path: every watcher hears it (a failure's problem each time it is reported). */
export function reportClientError(error: unknown): void {
  if (error instanceof Error) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  const message = errorMessageOf(error);
  for (const listener of listeners) listener(message);
}

/** Hears reported errors and the window's uncaught ones until the returned function is called. */
export function watchClientErrors(listener: ErrorListener, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const onError = (event: Event) => {
    const { error, message } = event as ErrorEvent;
    listener(error !== undefined && error !== null ? errorMessageOf(error) : message || 'Script error');
  };
  const onRejection = (event: Event) => listener(errorMessageOf((event as PromiseRejectionEvent).reason));
  listeners.add(listener);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    listeners.delete(listener);
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
