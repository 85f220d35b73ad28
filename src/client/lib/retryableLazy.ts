/**
 * `React.lazy` keeps a failed `import()`'s rejection for good: rendered again, the component throws
 * the same error without asking the server again. A part that may be retried (Home's parts, a
 * lesson tool: app/PartBoundary.tsx) is made with `retryableLazy` instead: after a failed load,
 * `retry()` puts a fresh `lazy` in its place, so the next render calls `load` again (webpack forgets
 * a chunk that failed to load and requests it anew).
 *
 * `preload()` loads the code ahead of the first render; a part mounted after that renders the
 * component itself, without suspending (a lazy component suspends once even when its chunk is in,
 * and the part would appear a frame later, moving what follows it).
 */
import { createElement, lazy, useState, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react';

export type RetryableLazy<P extends object> = ComponentType<P> & {
  /** After a failed load: the next render loads again. Otherwise nothing. */
  retry: () => void;
  /** Loads the code now; rejects when it does not arrive (a render then shows the failure). */
  preload: () => Promise<void>;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's own signature
export function retryableLazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): RetryableLazy<ComponentProps<T>> {
  let failed = false;
  let loaded: T | null = null;
  const attempt = () =>
    load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        failed = true;
        throw error;
      },
    );
  let Current: LazyExoticComponent<T> = lazy(attempt);
  function Retryable(props: ComponentProps<T>) {
    // chosen once per mount: switching from the lazy wrapper to the component would remount the part
    const [Type] = useState<ComponentType<ComponentProps<T>>>(() => (loaded ?? Current) as ComponentType<ComponentProps<T>>);
    return createElement(Type, props);
  }
  Retryable.retry = () => {
    if (!failed) return;
    failed = false;
    Current = lazy(attempt);
  };
  Retryable.preload = async () => {
    if (!loaded) await attempt();
  };
  return Retryable;
}
