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

  it('a notification of a group closes the group’s previous one; other toasts stay', async () => {
    const { store } = renderApp('/about-us');
    await screen.findByRole('heading', { level: 1 });
    act(() => {
      store.dispatch(notificationRaised({ severity: 'info', summary: 'Unrelated', life: 0 }));
      store.dispatch(notificationRaised({ severity: 'error', summary: 'Sorry, it failed', group: 'request', life: 0 }));
    });
    expect(await screen.findByText('Sorry, it failed')).toBeInTheDocument();
    act(() => {
      store.dispatch(notificationRaised({ severity: 'success', summary: 'It went through', group: 'request', life: 0 }));
    });
    expect(await screen.findByText('It went through')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Sorry, it failed')).not.toBeInTheDocument());
    expect(screen.getByText('Unrelated')).toBeInTheDocument();
  });
});
