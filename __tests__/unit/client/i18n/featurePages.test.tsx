/**
 * Pages that speak from a feature's catalog (docs/i18n.md): in Spanish from their first render
 * (the route table loads the catalog with the page), their title too, `<html lang="es">`; and a
 * page on screen when the language changes is switched with everything else.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { activateLanguage } from '../../../../src/client/i18n';
import { renderApp, signedIn } from '../app/renderApp';

const SLOW = { timeout: 10_000 };

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});
afterEach(async () => {
  await act(() => activateLanguage('en'));
});

it('a page on screen speaks Spanish once Spanish is chosen (its catalog is loaded before the switch)', async () => {
  renderApp('/password');
  expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' }, SLOW)).toBeInTheDocument();
  await act(() => activateLanguage('es'));
  expect(screen.getByRole('heading', { level: 1, name: 'Olvidé mi contraseña' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Envíame un enlace' })).toBeInTheDocument();
  expect(screen.queryByText(/Enter your user name/)).not.toBeInTheDocument();
  await waitFor(() => expect(document.title).toMatch(/^Olvidé mi contraseña - /));
});

describe('in Spanish from the first render', () => {
  beforeEach(async () => {
    await act(() => activateLanguage('es'));
  });

  it('/register: the class-code page, its title and lang="es"', async () => {
    renderApp('/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registrarse' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/^Escribe el código de clase que te dio tu maestro/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Código de clase/ })).toHaveAccessibleDescription('Aquí también sirve el código de acceso de una escuela.');
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeInTheDocument();
    expect(screen.queryByText(/Enter the class code/)).not.toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'es');
    await waitFor(() => expect(document.title).toMatch(/^Registrarse - /));
  });

  it('/app/profile/edit: the profile form, its tabs and title, lang="es"', async () => {
    renderApp('/app/profile/edit', { preloadedState: signedIn() });
    expect(await screen.findByRole('form', { name: 'Editar el perfil' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Editar el perfil' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Lena');
    expect(screen.getByRole('textbox', { name: /^Apellido/ })).toHaveValue('Learner');
    expect(screen.getByRole('tab', { name: 'Cuenta' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
    expect(screen.queryByText('Save')).not.toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'es');
    await waitFor(() => expect(document.title).toMatch(/^Editar el perfil - /));
  });
});
