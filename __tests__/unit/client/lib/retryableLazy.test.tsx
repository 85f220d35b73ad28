/**
 * retryableLazy: React.lazy keeps a failed import for good; `retry()` after a failure makes the next
 * render call `load` again, and does nothing after a success. `preload()` loads ahead: a part
 * mounted afterwards is there in the first commit, with no fallback in between.
 */
import { render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { retryableLazy } from '../../../../src/client/lib/retryableLazy';

class Caught extends Component<{ children: ReactNode }, { error: boolean }> {
  override state = { error: false };
  static getDerivedStateFromError() {
    return { error: true };
  }
  override render() {
    return this.state.error ? <p>failed</p> : this.props.children;
  }
}

const view = (Lazy: ReturnType<typeof retryableLazy>, key: number) => (
  <Caught key={key}>
    <Suspense fallback={<p>loading</p>}>
      <Lazy />
    </Suspense>
  </Caught>
);

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it('a failed load is not asked for again until retry(); then once more', async () => {
  const load = jest.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue({ default: () => <p>loaded</p> });
  const Lazy = retryableLazy(load);
  const { rerender } = render(view(Lazy, 1));
  expect(await screen.findByText('failed')).toBeInTheDocument();
  // rendered again without retry(): React.lazy's kept rejection, no new request
  rerender(view(Lazy, 2));
  expect(await screen.findByText('failed')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
  Lazy.retry();
  rerender(view(Lazy, 3));
  expect(await screen.findByText('loaded')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

it('retry() after a successful load changes nothing', async () => {
  const load = jest.fn().mockResolvedValue({ default: () => <p>loaded</p> });
  const Lazy = retryableLazy(load);
  const { rerender } = render(view(Lazy, 1));
  expect(await screen.findByText('loaded')).toBeInTheDocument();
  Lazy.retry();
  rerender(view(Lazy, 2));
  expect(screen.getByText('loaded')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

it('preload(): a part mounted afterwards is in the first commit (no fallback), and the code is asked for once', async () => {
  const load = jest.fn().mockResolvedValue({ default: () => <p>loaded</p> });
  const Lazy = retryableLazy(load);
  await Lazy.preload();
  await Lazy.preload();
  render(view(Lazy, 1));
  expect(screen.getByText('loaded')).toBeInTheDocument();
  expect(screen.queryByText('loading')).not.toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

it('a preload that fails rejects; the part then asks again when it renders', async () => {
  const load = jest.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue({ default: () => <p>loaded</p> });
  const Lazy = retryableLazy(load);
  await expect(Lazy.preload()).rejects.toThrow('chunk failed');
  render(view(Lazy, 1));
  expect(await screen.findByText('loaded')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});
