/** The session-expiry warning (SPEC §4) and its fallback speak Spanish when Spanish is chosen. */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { activateLanguage } from '../../../../../src/client/i18n';
import { BasicExpiryDialog } from '../../../../../src/client/features/session/components/BasicExpiryDialog';
import { SessionExpiryDialog } from '../../../../../src/client/features/session/components/SessionExpiryDialog';
import { expiryWarningShown, sessionReducer } from '../../../../../src/client/features/session/slice';

afterEach(async () => {
  await act(() => activateLanguage('en'));
});

function renderWith(dialog: React.ReactNode) {
  const store = configureStore({ reducer: combineReducers({ session: sessionReducer }) });
  store.dispatch(expiryWarningShown({ logoutAt: Date.now() + 4 * 60_000 + 30_000 }));
  render(<Provider store={store}>{dialog}</Provider>);
}

it.each([
  ['SessionExpiryDialog', <SessionExpiryDialog key="full" />],
  ['BasicExpiryDialog', <BasicExpiryDialog key="basic" />],
])('%s speaks Spanish with es chosen', async (_name, dialog) => {
  await act(() => activateLanguage('es'));
  renderWith(dialog);
  const alert = await screen.findByRole('alertdialog', { name: 'Tu sesión está por vencer' });
  expect(alert).toHaveAccessibleDescription(/¿Quieres seguir con la sesión iniciada\?/);
  expect(screen.getByRole('button', { name: 'Seguir conectado' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Cerrar sesión ahora' })).toBeInTheDocument();
});

it('changes language while open', async () => {
  renderWith(<SessionExpiryDialog />);
  expect(await screen.findByRole('button', { name: 'Stay Signed In' })).toBeInTheDocument();
  expect(screen.getByText(/You will be signed out in \d:\d\d/)).toBeInTheDocument();
  await act(() => activateLanguage('es'));
  expect(screen.getByRole('button', { name: 'Seguir conectado' })).toBeInTheDocument();
  expect(screen.getByText(/Tu sesión se cerrará en \d:\d\d/)).toBeInTheDocument();
  expect(screen.getByTestId('session-expiry-announcement')).toHaveTextContent('Tu sesión se cerrará en 5 minutos');
});
