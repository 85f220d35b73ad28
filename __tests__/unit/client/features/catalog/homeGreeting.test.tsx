/**
 * The home page for a brand-new student and for one coming back: the greeting and the card under it
 * ("Start here" with the first module, or "Continue where you left off" with the next step).
 */
import { screen, within } from '@testing-library/react';
import { registerArea } from '../../../../../src/client/app/areas';
import { catalogArea } from '../../../../../src/client/features/catalog/area';
import { contentLoaded } from '../../../../../src/client/features/catalog/slice';
import { catalogState } from './fixtures';
import type { ProgressSummary } from '../../../../../src/common/catalog';
import { renderApp, signedIn } from '../../app/renderApp';

registerArea(catalogArea);

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

function home(summary: ProgressSummary) {
  return renderApp('/app', {
    preloadedState: { ...signedIn(), catalog: catalogState(contentLoaded({ kind: 'summary', args: [] }, summary)) },
  });
}

it('a brand-new student is welcomed (not "back") and starts at the first module, named once', async () => {
  home({
    overallPercent: 0,
    modulesTotal: 3,
    modulesCompleted: 0,
    started: false,
    continueAt: { moduleSlug: 'budgeting', moduleTitle: 'Budgeting Basics', label: 'Budgeting Basics', path: '/app/catalog/budgeting', started: false },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Lena!' })).toBeInTheDocument();
  const card = screen.getByRole('region', { name: 'Start here' });
  expect(card).toHaveTextContent('Your first module: Budgeting Basics');
  expect(card).not.toHaveTextContent('Budgeting Basics: Budgeting Basics');
  expect(within(card).getByRole('link', { name: 'Start this module' })).toHaveAttribute('href', '/app/catalog/budgeting');
});

it('a student with progress is welcomed back and continues with the next step', async () => {
  home({
    overallPercent: 20,
    modulesTotal: 3,
    modulesCompleted: 0,
    started: true,
    continueAt: {
      moduleSlug: 'budgeting',
      moduleTitle: 'Budgeting Basics',
      label: 'Needs and Wants',
      path: '/app/catalog/budgeting/material/first-budget/section/needs-and-wants',
      started: true,
    },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Lena!' })).toBeInTheDocument();
  const card = screen.getByRole('region', { name: 'Continue where you left off' });
  expect(card).toHaveTextContent('Budgeting Basics: Needs and Wants');
  expect(within(card).getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/app/catalog/budgeting/material/first-budget/section/needs-and-wants');
});

it('after a completed module, the next one not begun is "Up next", not "your first module"', async () => {
  home({
    overallPercent: 33,
    modulesTotal: 3,
    modulesCompleted: 1,
    started: true,
    continueAt: { moduleSlug: 'banking', moduleTitle: 'Banking and Payments', label: 'Banking and Payments', path: '/app/catalog/banking', started: false },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Lena!' })).toBeInTheDocument();
  const card = screen.getByRole('region', { name: 'Up next' });
  expect(card).toHaveTextContent('Your next module: Banking and Payments');
  expect(card).not.toHaveTextContent('first module');
  expect(within(card).getByRole('link', { name: 'Start this module' })).toHaveAttribute('href', '/app/catalog/banking');
});
