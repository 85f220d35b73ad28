/**
 * `React.lazy` keeps a failed `import()`'s rejection for good: rendered again, the component throws
 * the same error without asking the server again. A part that may be retried (Home's parts, a
 * lesson tool: app/PartBoundary.tsx) is made with `retryableLazy` instead: after a failed load,
 * `retry()` puts a fresh `lazy` in its place, so the next render calls `load` again (webpack forgets
 * a chunk that failed to load and requests it anew).
 */
import { createElement, lazy, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react';

export type RetryableLazy<P extends object> = ComponentType<P> & {
  /** After a failed load: the next render loads again. Otherwise nothing. */
  retry: () => void;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's own signature
export function retryableLazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): RetryableLazy<ComponentProps<T>> {
  let failed = false;
  const attempt = () =>
    load().catch((error: unknown) => {
      failed = true;
      throw error;
    });
  let Current: LazyExoticComponent<T> = lazy(attempt);
  function Retryable(props: ComponentProps<T>) {
    return createElement(Current as ComponentType<ComponentProps<T>>, props);
  }
  Retryable.retry = () => {
    if (!failed) return;
    failed = false;
    Current = lazy(attempt);
  };
  return Retryable;
}
