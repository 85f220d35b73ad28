import { combineReducers, configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { Provider } from 'react-redux';
import { sessionEnd } from '../../../../../src/client/features/auth/events';
import {
  formatCountdown,
  SessionExpiryDialog,
} from '../../../../../src/client/features/session/components/SessionExpiryDialog';
import {
  expiryWarningShown,
  sessionReducer,
  signOutNowChosen,
  staySignedInChosen,
} from '../../../../../src/client/features/session/slice';

const T0 = Date.UTC(2026, 8, 14, 13, 25, 30);

/** Ripples animate after the test's act() has ended; they are decoration, so tests turn them off. */
const noRipples = createTheme({ components: { MuiButtonBase: { defaultProps: { disableRipple: true } } } });

function renderDialog(logoutAt: number | null = T0 + 4 * 60_000 + 30_000) {
  const seen: UnknownAction[] = [];
  const recorder: Middleware = () => (next) => (action) => {
    seen.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({
    reducer: combineReducers({ session: sessionReducer }),
    middleware: (gdm) => gdm().concat(recorder),
  });
  if (logoutAt !== null) store.dispatch(expiryWarningShown({ logoutAt }));
  seen.length = 0;
  render(
    <Provider store={store}>
      <ThemeProvider theme={noRipples}>
        <SessionExpiryDialog />
      </ThemeProvider>
    </Provider>,
  );
  return { store, seen };
}

describe('[S4.14] SessionExpiryDialog', () => {
  afterEach(() => jest.useRealTimers());

  it('renders nothing while closed', () => {
    renderDialog(null);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows the SPEC texts word for word, as an alert dialog labelled and described by them', () => {
    renderDialog();
    const dialog = screen.getByRole('alertdialog', { name: 'Your session is about to expire' });
    expect(dialog).toHaveAccessibleDescription(/^Do you want to stay signed in\? You will be signed out in \d+:\d\d$/);
    expect(screen.getByText('Do you want to stay signed in?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stay Signed In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out Now' })).toBeInTheDocument();
  });

  it('takes focus on Stay Signed In; Enter keeps the learner signed in (keyboard alone)', async () => {
    const { seen, store } = renderDialog();
    const stay = screen.getByRole('button', { name: 'Stay Signed In' });
    expect(stay).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(seen).toEqual([staySignedInChosen()]);
    expect(store.getState().session.dialog.open).toBe(false);
  });

  it('Tab reaches Sign Out Now; pressing it dispatches signOutNowChosen', async () => {
    const { seen } = renderDialog();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Sign Out Now' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(seen).toEqual([signOutNowChosen()]);
  });

  it('clicking Sign Out Now dispatches signOutNowChosen (pointer users)', async () => {
    const first = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out Now' }));
    expect(first.seen).toEqual([signOutNowChosen()]);
  });

  it('Escape is no choice: nothing is dispatched and the dialog stays open', () => {
    const { seen } = renderDialog();
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(seen).toEqual([]);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('counts down every second from logoutAt; announces politely once a minute', () => {
    jest.useFakeTimers({ now: T0 });
    renderDialog(T0 + 4 * 60_000 + 30_000);
    expect(screen.getByRole('timer')).toHaveTextContent('You will be signed out in 4:30');
    const live = screen.getByTestId('session-expiry-announcement');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toHaveTextContent('You will be signed out in 5 minutes');

    act(() => void jest.advanceTimersByTime(1_000));
    expect(screen.getByRole('timer')).toHaveTextContent('You will be signed out in 4:29');
    act(() => void jest.advanceTimersByTime(29_000));
    expect(screen.getByRole('timer')).toHaveTextContent('You will be signed out in 4:00');
    expect(live).toHaveTextContent('You will be signed out in 4 minutes');
    act(() => void jest.advanceTimersByTime(3 * 60_000 + 30_000));
    expect(screen.getByRole('timer')).toHaveTextContent('You will be signed out in 0:30');
    expect(live).toHaveTextContent('You will be signed out in less than a minute');
    act(() => void jest.advanceTimersByTime(60_000));
    expect(screen.getByRole('timer')).toHaveTextContent('You will be signed out in 0:00');
  });

  it('closes when the session ends', () => {
    const { store } = renderDialog();
    act(() => void store.dispatch(sessionEnd({ reason: 'idle' })));
    expect(store.getState().session.dialog.open).toBe(false);
  });

  it('formatCountdown: m:ss, rounded up, never negative', () => {
    expect([0, 1, 999, 1_000, 59_001, 60_000, 30 * 60_000, -5].map(formatCountdown)).toEqual([
      '0:00',
      '0:01',
      '0:01',
      '0:01',
      '1:00',
      '1:00',
      '30:00',
      '0:00',
    ]);
  });
});
