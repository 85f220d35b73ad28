/** A section's reading time counts while the student can see it, and its report outlives the page. */
import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { catalogSaga } from '../../../../../src/client/features/catalog/sagas';
import { useReadingTime } from '../../../../../src/client/features/catalog/useReadingTime';
import { harness, makeSession, NOW, settle, type RecordedRequest } from '../harness';

const SECTION = '/catalog/modules/budgeting/materials/first-budget/sections/needs-and-wants';

let visibility: DocumentVisibilityState = 'visible';
beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterAll(() => {
  delete (document as { visibilityState?: unknown }).visibilityState;
});
beforeEach(() => {
  visibility = 'visible';
});

function Reading() {
  useReadingTime('budgeting', 'first-budget', 'needs-and-wants');
  return null;
}

function setup() {
  const h = harness({ stored: makeSession(), sagas: [catalogSaga], routes: { 'POST /api/service': { status: 200, data: { seconds: 1 } } } });
  const view = render(
    <Provider store={h.store}>
      <Reading />
    </Provider>,
  );
  const reports = () => h.requests.map((r: RecordedRequest) => ({ ...(r.data as { path: string; payload: unknown }), keepalive: r.keepalive }));
  return { h, view, reports };
}

async function becomes(state: DocumentVisibilityState) {
  visibility = state;
  await act(async () => {
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
  });
}

describe('useReadingTime', () => {
  it('reports the time read when the tab is hidden (reload, close, switch away), as a keepalive request', async () => {
    const { h, reports } = setup();
    h.setNow(NOW + 95_000);
    await becomes('hidden');
    expect(reports()).toEqual([expect.objectContaining({ method: 'POST', path: `${SECTION}/time`, payload: { seconds: 95 }, keepalive: true })]);
  });

  it('does not count the time the tab is hidden; counts again once it is back, and reports the rest when the page is left', async () => {
    const { h, view, reports } = setup();
    h.setNow(NOW + 30_000);
    await becomes('hidden');
    h.setNow(NOW + 30_000 + 300_000); // five minutes in another tab
    await becomes('visible');
    h.setNow(NOW + 30_000 + 300_000 + 45_000);
    await act(async () => {
      view.unmount();
      await settle();
    });
    expect(reports().map((r) => r.payload)).toEqual([{ seconds: 30 }, { seconds: 45 }]);
  });

  it('a page opened in a hidden tab starts counting when it is first shown', async () => {
    visibility = 'hidden';
    const { h, reports } = setup();
    h.setNow(NOW + 600_000);
    await becomes('visible');
    h.setNow(NOW + 600_000 + 20_000);
    await becomes('hidden');
    expect(reports().map((r) => r.payload)).toEqual([{ seconds: 20 }]);
  });
});
