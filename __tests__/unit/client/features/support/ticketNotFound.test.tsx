/** [S2.17] A support ticket that does not exist is Not Found in the console, tab title included. */
import { act, screen } from '@testing-library/react';
import { signedInState } from '../../../../../src/client/features/auth/slice';
import { ticketFailed } from '../../../../../src/client/features/support/slice';
import { SUPPORT_PERMISSION } from '../../../../../src/common/support';
import { demoSession, NOW, renderApp } from '../../app/renderApp';

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

/** The console's ticket page as support staff see it, its answer still on the way. */
async function ticketPage(key: string) {
  const staff = { ...demoSession(), permissions: [SUPPORT_PERMISSION] };
  const { store } = renderApp(`/app/support/tickets/${key}`, { preloadedState: { auth: signedInState(staff, NOW + 30 * 60_000) } });
  await screen.findByRole('heading', { level: 1, name: `Ticket ${key}` });
  return store;
}

it('[S2.17] an unknown ticket (404) shows Page Not Found and titles the tab so', async () => {
  const store = await ticketPage('HELP-9999');
  act(() => {
    store.dispatch(ticketFailed({ kind: 'client', status: 404, message: 'There is no such ticket.' }));
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  expect(document.title).toBe('Page Not Found - Cashwise');
});

it('another failure (the server down) keeps the ticket page with its message', async () => {
  const store = await ticketPage('HELP-1001');
  act(() => {
    store.dispatch(ticketFailed({ kind: 'server', status: 503, message: 'The database is not reachable.' }));
  });
  expect(await screen.findByText('The database is not reachable.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Ticket HELP-1001' })).toBeInTheDocument();
});
