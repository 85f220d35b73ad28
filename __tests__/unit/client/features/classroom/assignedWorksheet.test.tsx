/**
 * A worksheet a class assigned says so on its page, new or saved, as an assigned catalog page does:
 * the real app (route table, shell, store; sagas off), the student's assignments put in the store as
 * the saga would once the notice asks for them.
 */
import { act, screen } from '@testing-library/react';
import type { MyAssignment } from '../../../../../src/common/classroom';
import { emptyWorksheet } from '../../../../../src/common/worksheets';
import { myAssignmentsLoaded } from '../../../../../src/client/features/classroom/slice';
import { worksheets } from '../../../../../src/client/features/worksheets/slice';
import { NOW, renderApp, signedIn } from '../../app/renderApp';

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

// as the server answers GET /classroom/assignments/mine: a worksheet assignment names its kind's page
const netWorth: MyAssignment = {
  id: 31,
  classId: 4,
  kind: 'worksheet',
  moduleSlug: null,
  materialSlug: null,
  worksheetKind: 'net-worth',
  title: 'Net Worth',
  href: '/app/resources/worksheets/net-worth',
  dueDate: '2026-12-01',
  dueAt: Date.UTC(2026, 11, 2, 6),
  maxAttempts: null,
  createdAt: NOW,
  className: 'Personal Finance — Period 2',
  status: 'not-started',
  overdue: false,
  progress: 'not-started',
  bestScore: null,
};

/** Renders `path` for a signed-in student and waits for its page. */
async function open(path: string) {
  const view = renderApp(path, { preloadedState: signedIn() });
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return view;
}

async function answer(view: ReturnType<typeof renderApp>, mine: MyAssignment[]) {
  // the notice's chunk brings the classroom's slice with it: answer once it has asked
  await waitForRequest(view);
  act(() => {
    view.store.dispatch(myAssignmentsLoaded(mine));
  });
}

async function waitForRequest(view: ReturnType<typeof renderApp>) {
  const asked = () => view.dispatch.mock.calls.some(([a]) => (a as { type: string }).type === 'classroom/myAssignmentsRequested');
  for (let i = 0; i < 100 && !asked(); i++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
  expect(asked()).toBe(true);
}

it('a new worksheet of an assigned kind says which class assigned it and by when', async () => {
  const view = await open('/app/resources/worksheets/net-worth');
  await answer(view, [netWorth]);
  const notice = await screen.findByTestId('assigned-notice');
  expect(notice).toHaveTextContent('Assigned by Personal Finance — Period 2: Due 12/01/26.');
});

it('a saved worksheet of that kind says it too', async () => {
  const view = await open('/app/resources/worksheets/net-worth/9');
  act(() => {
    view.store.dispatch(worksheets.actions.loaded({ id: 9, kind: 'net-worth', title: 'My net worth', version: 1, createdAt: NOW, updatedAt: NOW, data: emptyWorksheet('net-worth') }));
  });
  await screen.findByRole('heading', { level: 1, name: 'Net Worth' });
  await answer(view, [netWorth]);
  expect(await screen.findByTestId('assigned-notice')).toHaveTextContent('Assigned by Personal Finance — Period 2: Due 12/01/26.');
});

it('a worksheet of a kind no class assigned says nothing', async () => {
  const view = await open('/app/resources/worksheets/paycheck');
  await answer(view, [netWorth]);
  expect(screen.getByRole('heading', { level: 1, name: 'Paycheck Breakdown' })).toBeInTheDocument();
  expect(screen.queryByTestId('assigned-notice')).not.toBeInTheDocument();
});

it('an overdue worksheet is shown as a warning, with the day it was due', async () => {
  const view = await open('/app/resources/worksheets/net-worth');
  await answer(view, [{ ...netWorth, overdue: true }]);
  const notice = await screen.findByTestId('assigned-notice');
  expect(notice).toHaveTextContent('Assigned by Personal Finance — Period 2: Was due 12/01/26.');
  expect(notice).toHaveClass('MuiAlert-colorWarning');
});
