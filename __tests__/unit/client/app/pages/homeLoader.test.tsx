/**
 * Home's loader (app/pages/homeLoader.ts): a student's Home waits for "Assigned to you" — its code and
 * the student's answer — so the list is in Home's first render and nothing below it moves; a slow
 * answer holds Home back HOME_WAIT_MS at most; staff Home does not wait. The real app (route table,
 * shell, store; sagas off): the test answers for the saga once the loader has asked.
 */
import { act, screen } from '@testing-library/react';
import { signedInState } from '../../../../../src/client/features/auth/slice';
import { myAssignmentsLoaded } from '../../../../../src/client/features/classroom/slice';
import { HOME_WAIT_MS } from '../../../../../src/client/app/pages/homeLoader';
import type { MyAssignment } from '../../../../../src/common/classroom';
import { demoSession, NOW, renderApp } from '../renderApp';

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

const budgetReview: MyAssignment = {
  id: 12,
  classId: 4,
  kind: 'review',
  moduleSlug: 'budgeting',
  materialSlug: 'first-budget',
  worksheetKind: null,
  title: 'Your First Budget: review',
  href: '/app/catalog/budgeting/material/first-budget/review',
  dueDate: '2026-11-30',
  dueAt: Date.UTC(2026, 11, 1, 6),
  maxAttempts: 3,
  createdAt: NOW,
  className: 'Personal Finance — Period 2',
  status: 'not-started',
  overdue: false,
  progress: 'not-started',
  bestScore: null,
};

const welcome = () => screen.queryByRole('heading', { level: 1, name: 'Welcome, Lena!' });
// one assignment: Home leads with it as the next step
const assigned = () => screen.queryByRole('heading', { level: 2, name: /^Next: Your First Budget: review/ });

function openHome(permissions: string[] = []) {
  return renderApp('/app', { preloadedState: { auth: signedInState({ ...demoSession(), permissions }, NOW + 30 * 60_000) }, loaders: true });
}

const asked = (view: ReturnType<typeof renderApp>) =>
  view.dispatch.mock.calls.filter(([a]) => (a as { type: string }).type === 'classroom/myAssignmentsRequested').length;

async function until(condition: () => boolean, ms = 3000) {
  for (let waited = 0; waited < ms && !condition(); waited += 20) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
  expect(condition()).toBe(true);
}

/** Every state of the page the DOM went through: was Home's heading there, and the list with it? */
function watchHome() {
  const seen: { welcome: boolean; assigned: boolean }[] = [];
  const observer = new MutationObserver(() => seen.push({ welcome: welcome() !== null, assigned: assigned() !== null }));
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return { seen, stop: () => observer.disconnect() };
}

it('a student: Home waits for the answer, and its first render has the list (nothing moves down)', async () => {
  const watch = watchHome();
  const view = openHome();
  await until(() => asked(view) === 1);
  // asked, not answered: Home is not shown yet
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  expect(welcome()).toBeNull();
  act(() => {
    view.store.dispatch(myAssignmentsLoaded([budgetReview]));
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Lena!' })).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'Start the review' })).toHaveAttribute('href', budgetReview.href);
  watch.stop();
  const withHome = watch.seen.filter((s) => s.welcome);
  expect(withHome.length).toBeGreaterThan(0);
  expect(withHome.every((s) => s.assigned)).toBe(true);
  // Home's first visit does not ask a second time
  expect(asked(view)).toBe(1);
});

it(`an answer slower than ${HOME_WAIT_MS} ms: Home shows without the list, which comes when answered`, async () => {
  const view = openHome();
  await until(() => asked(view) === 1);
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Lena!' }, { timeout: HOME_WAIT_MS + 2000 })).toBeInTheDocument();
  expect(assigned()).toBeNull();
  act(() => {
    view.store.dispatch(myAssignmentsLoaded([budgetReview]));
  });
  expect(await screen.findByRole('heading', { level: 2, name: /^Next: Your First Budget: review/ })).toBeInTheDocument();
});

it('staff Home (their workspaces) does not wait for a student’s list', async () => {
  const view = openHome(['TEACHER']);
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Lena!' })).toBeInTheDocument();
  expect(asked(view)).toBe(0);
});
