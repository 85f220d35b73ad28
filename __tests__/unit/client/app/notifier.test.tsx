/** The notification bridge: a notification raised as data is shown once as a toast, then marked shown. */
import { act, screen, waitFor } from '@testing-library/react';
import { notificationRaised } from '../../../../src/client/features/notifications/slice';
import { renderApp } from './renderApp';

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

describe('Notifier', () => {
  it('shows a raised notification with its summary and detail, closable, and empties the queue', async () => {
    const { store } = renderApp('/about-us');
    await screen.findByRole('heading', { level: 1 });
    act(() => {
      store.dispatch(notificationRaised({ severity: 'error', summary: 'Authentication', detail: 'Could not renew session token' }));
    });
    expect(await screen.findByText('Authentication: Could not renew session token')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close notification' })).toBeInTheDocument();
    await waitFor(() => expect(store.getState().notifications.pending).toEqual([]));
  });
});
