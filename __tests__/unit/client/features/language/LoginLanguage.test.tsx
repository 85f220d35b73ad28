/** /login in English and Español: the switch, the page's words, its messages and <html lang>. */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLanguage } from '../../../../../src/client/i18n';
import { renderApp } from '../../app/renderApp';

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});
afterEach(async () => {
  await act(() => activateLanguage('en'));
});

it('switches /login to Español and back, with <html lang>', async () => {
  renderApp('/login', { runSagas: true });
  const group = await screen.findByRole('group', { name: 'Language' });
  expect(group).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: 'Español' })).toHaveAttribute('lang', 'es');

  await userEvent.click(screen.getByRole('button', { name: 'Español' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('es');
  expect(screen.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('group', { name: 'Idioma' })).toBeInTheDocument();
  expect(screen.getByLabelText(/Nombre de usuario/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute('href', '/password');
  await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
  expect(await screen.findByText('Escribe tu nombre de usuario')).toBeInTheDocument();
  expect(screen.getByText('Escribe tu contraseña')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'English' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  expect(screen.getByText('Please enter your user name')).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('en');
});

it("says why the last session ended in the language spoken", async () => {
  await act(() => activateLanguage('es'));
  renderApp('/login?reason=idle');
  expect(await screen.findByText('Se cerró tu sesión después de 30 minutos sin actividad.')).toBeInTheDocument();
});
