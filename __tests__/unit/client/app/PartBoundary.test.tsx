/**
 * A part of a page that fails alone: its code not arriving or its render throwing puts the message
 * and "Try again" in its place, the page around it stays; "Try again" asks for the code anew.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { PartBoundary } from '../../../../src/client/app/PartBoundary';
import { retryableLazy } from '../../../../src/client/lib/retryableLazy';

const MESSAGE = 'This part of Home could not load.';

function Part() {
  return <p>The part</p>;
}

/** A load that fails `failures` times (as a chunk that did not arrive), then gives the part. */
function flakyLoad(failures: number) {
  let calls = 0;
  const load = jest.fn(() => {
    calls += 1;
    return calls <= failures ? Promise.reject(Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' })) : Promise.resolve({ default: Part });
  });
  return load;
}

function page(Lazy: ReturnType<typeof retryableLazy>) {
  return render(
    <main>
      <h1>Home</h1>
      <PartBoundary message={MESSAGE} retry={Lazy.retry} fallback={<p>Loading the part</p>}>
        <Lazy />
      </PartBoundary>
      <p>The rest of the page</p>
    </main>,
  );
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it('code that did not arrive: the message and "Try again" in the part’s place, the rest of the page stays', async () => {
  page(retryableLazy(flakyLoad(1)));
  expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGE);
  expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
  expect(screen.getByText('The rest of the page')).toBeInTheDocument();
  expect(screen.queryByText('The part')).not.toBeInTheDocument();
});

it('"Try again" after a transient failure loads the code with a fresh call and renders the part', async () => {
  const load = flakyLoad(1);
  page(retryableLazy(load));
  fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('The part')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

it('"Try again" that fails again: the message comes back with the focus on "Try again"', async () => {
  const load = flakyLoad(2);
  page(retryableLazy(load));
  fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
  const again = await screen.findByRole('button', { name: 'Try again' });
  expect(again).toHaveFocus();
  expect(load).toHaveBeenCalledTimes(2);
  fireEvent.click(again);
  expect(await screen.findByText('The part')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(3);
});

it('a part that throws while rendering: the message, then the part once "Try again" renders it without the fault', async () => {
  let broken = true;
  const onFailed = jest.fn();
  function Fragile() {
    if (broken) throw new Error('render failed');
    return <p>The part</p>;
  }
  render(
    <PartBoundary message={MESSAGE} onFailed={onFailed}>
      <Fragile />
    </PartBoundary>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent(MESSAGE);
  expect(onFailed).toHaveBeenCalledWith(expect.objectContaining({ message: 'render failed' }));
  broken = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(screen.getByText('The part')).toBeInTheDocument();
});
