/**
 * The classroom's pages in the real app (route table, shell, store; sagas off, answers put in the
 * store as the sagas would): who sees them, the dashboard as a real table with row and column
 * headers, statuses in words, sorting by a column, the Classes entry in the navigation.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassDashboard, ClassDetail } from '../../../../../src/common/classroom';
import { signedInState } from '../../../../../src/client/features/auth/slice';
import { classFailed, classLoaded, dashboardLoaded } from '../../../../../src/client/features/classroom/slice';
import { NO_CLASSROOM_ACCESS } from '../../../../../src/client/features/classroom/components/Refusals';
import { ARCHIVED_NO_JOINING, NO_WORKING_CODE } from '../../../../../src/client/features/classroom/pages/HowToJoinPage';
import { demoSession, NOW, renderApp } from '../../app/renderApp';

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

const asTeacher = { auth: signedInState({ ...demoSession(), permissions: ['TEACHER'] }, NOW + 30 * 60_000) };
const asStudent = { auth: signedInState(demoSession(), NOW + 30 * 60_000) };

const detail: ClassDetail = {
  id: 4,
  name: 'Personal Finance — Period 2',
  archived: false,
  studentCount: 2,
  assignmentCount: 1,
  joinCode: 'PF2-ABCD',
  teachers: [{ userId: 1, name: 'Tess Teacher', role: 'owner' }],
  schoolName: 'Lincoln High School',
  timezone: 'America/Chicago',
  signInUrl: 'https://cashwise.example.org/login',
  registerUrl: 'https://cashwise.example.org/register/code',
  joinUrl: 'https://cashwise.example.org/app/profile/code',
  assignments: [
    {
      id: 10,
      classId: 4,
      kind: 'review',
      moduleSlug: 'budgeting',
      materialSlug: 'needs-wants',
      worksheetKind: null,
      title: 'Needs and Wants: review',
      href: '/app/catalog/budgeting/material/needs-wants/review',
      dueDate: '2026-12-01',
      dueAt: Date.UTC(2026, 11, 2, 6),
      maxAttempts: 3,
      createdAt: NOW,
    },
  ],
};

const dashboard: ClassDashboard = {
  classId: 4,
  name: detail.name,
  assignments: detail.assignments,
  generatedAt: NOW,
  students: [
    {
      userId: 21,
      firstName: 'Lena',
      lastName: 'Learner',
      userName: 'learner',
      externalId: 'S-21',
      language: 'en',
      signedIn: true,
      lastActiveAt: NOW,
      timeSpentSeconds: 900,
      cells: { 10: { status: 'passed', state: 'done', help: null, due: null, sections: null, bestScore: 90, attempts: 1, timeSpentSeconds: 400, turnInId: null } },
    },
    {
      userId: 22,
      firstName: 'Abe',
      lastName: 'Zane',
      userName: 'abe',
      externalId: null,
      language: 'es',
      signedIn: false,
      lastActiveAt: null,
      timeSpentSeconds: 0,
      cells: { 10: { status: 'overdue', state: 'not-started', help: null, due: 'overdue', sections: null, bestScore: null, attempts: 0, timeSpentSeconds: 0, turnInId: null } },
    },
  ],
};

it.each(['/app/classes', '/app/classes/4', '/app/classes/4/join', '/app/classes/4/students/21'])('a student opening %s is told plainly they have no access', async (path) => {
  const { dispatch } = renderApp(path, { preloadedState: asStudent });
  // the first test loads the page's chunk: more than findBy's usual second on a busy machine
  expect(await screen.findByText(NO_CLASSROOM_ACCESS, undefined, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Classes' })).not.toBeInTheDocument();
  // nothing of a class was asked for
  expect(dispatch.mock.calls.map(([a]) => (a as { type: string }).type).filter((t) => t.startsWith('classroom/') && t.endsWith('Requested'))).toEqual([]);
});

it('the Classes entry is in the navigation for a teacher only', async () => {
  renderApp('/app/classes', { preloadedState: asTeacher });
  await screen.findByRole('heading', { level: 1, name: 'Classes' });
  const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
  expect(within(nav).getByRole('link', { name: 'Classes' })).toHaveAttribute('aria-current', 'page');
});

it('a bad class id is Not Found', async () => {
  renderApp('/app/classes/abc', { preloadedState: asTeacher });
  expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
});

it('a class that is not the teacher’s (404) is Not Found, tab title too', async () => {
  const { store } = renderApp('/app/classes/99', { preloadedState: asTeacher });
  await screen.findByRole('heading', { level: 1 });
  act(() => {
    store.dispatch(classFailed({ kind: 'client', status: 404, message: 'There is no such class.' }));
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  expect(document.title).toBe('Page Not Found - Cashwise');
});

it('the dashboard is a table with headers, a strip that filters, a summary row, states in words, sortable, cells that open the work, watched while open', async () => {
  const { store, dispatch, unmount } = renderApp('/app/classes/4', { preloadedState: asTeacher });
  await screen.findByRole('heading', { level: 1 });
  act(() => {
    store.dispatch(classLoaded(detail));
    store.dispatch(dashboardLoaded(dashboard));
  });
  expect(await screen.findByRole('heading', { level: 1, name: detail.name })).toBeInTheDocument();
  expect(dispatch).toHaveBeenCalledWith({ type: 'classroom/dashboardWatched', payload: { classId: 4 } });
  const table = screen.getByRole('table', { name: 'Class progress' });
  expect(within(table).getByRole('columnheader', { name: /Needs and Wants: review/ })).toBeInTheDocument();
  const rows = () => within(table).getAllByRole('rowheader').map((h) => h.textContent);
  // the summary row first: done and the average score per assignment
  expect(rows()).toEqual(['Class summary', 'Learner, LenaS-21', 'Zane, AbeES']);
  // the student who reads in Spanish is marked on their row, named for a screen reader; English is unmarked
  const [, lena, abe] = within(table).getAllByRole('rowheader');
  expect(within(abe!).getByRole('img', { name: 'Reads in Spanish' })).toHaveTextContent('ES');
  expect(within(lena!).queryByRole('img')).not.toBeInTheDocument();
  expect(screen.getByTestId('summary-10')).toHaveTextContent('1 of 2 doneAverage 90%');
  // the state in words; overdue a mark beside it, not the state
  expect(within(table).getByText('Done, 90%')).toBeInTheDocument();
  expect(within(table).getByText('Not started')).toBeInTheDocument();
  expect(within(table).getByText('Overdue')).toBeInTheDocument();
  expect(screen.getByTestId('dashboard-updated')).toHaveTextContent(/^Updated \d{1,2}:\d{2}:\d{2}\s[AP]M( [A-Z]{3,4})?$/);
  // quick filters instead of the match-mode controls
  expect(screen.queryByRole('combobox', { name: /match/i })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: '1 has not started overdue work' }));
  expect(rows()).toEqual(['Class summary', 'Zane, AbeES']);
  await userEvent.click(screen.getByRole('button', { name: 'Show all students' }));
  // the assignment's column: the work furthest from done first
  await userEvent.click(within(table).getByRole('button', { name: 'Needs and Wants: review' }));
  expect(rows()).toEqual(['Class summary', 'Zane, AbeES', 'Learner, LenaS-21']);
  // a cell opens the student's work
  await userEvent.click(within(table).getByRole('button', { name: 'Open Learner, Lena’s work on Needs and Wants: review' }));
  expect(dispatch).toHaveBeenCalledWith({ type: 'classroom/workRequested', payload: { classId: 4, userId: 21, assignmentId: 10 } });
  expect(await screen.findByRole('dialog', { name: /Student work|Learner, Lena/ })).toBeInTheDocument();
  unmount();
  expect(dispatch).toHaveBeenLastCalledWith({ type: 'classroom/dashboardUnwatched', payload: undefined });
});

describe('How to join', () => {
  it('the class page links to it, naming the class code', async () => {
    const { store } = renderApp('/app/classes/4', { preloadedState: asTeacher });
    await screen.findByRole('heading', { level: 1 });
    act(() => {
      store.dispatch(classLoaded(detail));
    });
    expect(await screen.findByText(/Class code PF2-ABCD/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How to join' })).toHaveAttribute('href', '/app/classes/4/join');
  });

  it('shows the class, its teacher, the address, the class code and three steps; Print prints', async () => {
    const { store, dispatch } = renderApp('/app/classes/4/join', { preloadedState: asTeacher });
    await screen.findByRole('heading', { level: 1, name: 'How to Join' }, { timeout: 10_000 });
    expect(dispatch).toHaveBeenCalledWith({ type: 'classroom/classRequested', payload: { classId: 4 } });
    act(() => {
      store.dispatch(classLoaded(detail));
    });
    expect(await screen.findByRole('heading', { level: 2, name: `Join ${detail.name}` })).toBeInTheDocument();
    expect(screen.getByText(/Tess Teacher · Lincoln High School/)).toBeInTheDocument();
    expect(screen.getByTestId('class-code')).toHaveTextContent('PF2-ABCD');
    expect(screen.getByTestId('join-address')).toHaveTextContent('cashwise.example.org/login');
    const steps = within(screen.getByRole('list', { name: 'Steps to join' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      expect.stringContaining('Open cashwise.example.org/login'),
      expect.stringMatching(/“Register with a class code”.*“Join a class”.*Home/),
      expect.stringContaining('Type the class code PF2-ABCD'),
    ]);
    expect(screen.getByText(/cashwise\.example\.org\/register\/code/)).toBeInTheDocument();
    const print = jest.fn();
    Object.defineProperty(window, 'print', { value: print, writable: true, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['archived', { archived: true, joinCode: null }, ARCHIVED_NO_JOINING],
    ['without a working code', { joinCode: null }, NO_WORKING_CODE],
  ])('a class %s says so plainly, with no code and nothing to print', async (_, change, message) => {
    const { store } = renderApp('/app/classes/4/join', { preloadedState: asTeacher });
    await screen.findByRole('heading', { level: 1, name: 'How to Join' }, { timeout: 10_000 });
    act(() => {
      store.dispatch(classLoaded({ ...detail, ...change }));
    });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByTestId('class-code')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });

  it('a class that is not the teacher’s (404) is Not Found', async () => {
    const { store } = renderApp('/app/classes/99/join', { preloadedState: asTeacher });
    await screen.findByRole('heading', { level: 1 });
    act(() => {
      store.dispatch(classFailed({ kind: 'client', status: 404, message: 'There is no such class.' }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });
});
