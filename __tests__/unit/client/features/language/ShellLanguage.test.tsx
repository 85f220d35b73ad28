/** The app shell's navigation and account menu in Español; the account menu switches the language. */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { languageChosen } from '../../../../../src/client/features/language';
import { activateLanguage } from '../../../../../src/client/i18n';
import { renderApp, signedIn } from '../../app/renderApp';

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});
afterEach(async () => {
  await act(() => activateLanguage('en'));
});

it('the navigation and the account menu speak Spanish with es chosen; the menu offers English', async () => {
  await act(() => activateLanguage('es'));
  const { dispatch } = renderApp('/app', { preloadedState: signedIn() });
  const nav = (await screen.findAllByRole('navigation', { name: 'Principal' }))[0]!;
  expect(within(nav).getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav).getByRole('link', { name: 'Catálogo' })).toHaveAttribute('href', '/app/catalog');
  expect(within(nav).getByRole('link', { name: 'Recursos' })).toBeInTheDocument();
  expect(within(nav).getByRole('link', { name: 'Actividad' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Obtener ayuda' })).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: /^Menú de la cuenta de / }));
  const menu = await screen.findByRole('menu');
  expect(within(menu).getByText('Sesión iniciada como')).toBeInTheDocument();
  expect(within(menu).getByRole('menuitem', { name: 'Perfil' })).toBeInTheDocument();
  expect(within(menu).getByRole('menuitem', { name: 'Cerrar sesión' })).toBeInTheDocument();
  const english = within(menu).getByRole('menuitem', { name: 'English' });
  expect(english).toHaveAttribute('lang', 'en');
  await userEvent.click(english);
  expect(dispatch).toHaveBeenCalledWith(languageChosen('en'));
});
