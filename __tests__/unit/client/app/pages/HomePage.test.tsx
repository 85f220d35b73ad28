/**
 * Home (/app) for each kind of user (app/access.ts homeKind): a learner's Home; a staff-only user's
 * first workspace in place of the learner's parts (the ticket queue, the school overview, the class
 * list) with the other workspaces as cards; staff who are also learners keep the learner's Home
 * with their workspaces first. The route and its title stay /app, "Home" (SPEC S2.15, S2.17).
 * A lazily loaded part that fails costs only its own place.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { registerArea } from '../../../../../src/client/app/areas';
import type { AppStore, RootState } from '../../../../../src/client/app/store';
import { signedInState } from '../../../../../src/client/features/auth/slice';
import { catalogArea } from '../../../../../src/client/features/catalog/area';
import { contentFailed, contentLoaded } from '../../../../../src/client/features/catalog/slice';
import { catalogState } from '../../features/catalog/fixtures';
import { classesLoaded } from '../../../../../src/client/features/classroom/slice';
import type { SchoolAdminRootState } from '../../../../../src/client/features/schoolAdmin/selectors';
import { overviewLoaded } from '../../../../../src/client/features/schoolAdmin/slice';
import { ticketsLoaded } from '../../../../../src/client/features/support/slice';
import type { ProgressSummary } from '../../../../../src/common/catalog';
import type { AdminOverview } from '../../../../../src/common/schoolAdmin';
import { ticketSummary } from '../../features/support/fixtures';
import { demoSession, NOW, renderApp } from '../renderApp';

registerArea(catalogArea);

/** Home's parts that throw while rendering, by name: each test breaks its own and mends it itself. */
type Part = 'continue' | 'assigned' | 'queue';
const mockBroken = new Set<Part>();
function mockBreakable(path: string, name: string, key: Part) {
  const actual = jest.requireActual(path);
  const { createElement } = jest.requireActual('react');
  return {
    ...actual,
    [name]: () => {
      if (mockBroken.has(key)) throw new Error(`${name} broke`);
      return createElement(actual[name]);
    },
  };
}
jest.mock('../../../../../src/client/features/catalog/components/ContinueCard', () =>
  mockBreakable('../../../../../src/client/features/catalog/components/ContinueCard', 'ContinueCard', 'continue'),
);
jest.mock('../../../../../src/client/features/classroom/components/AssignedToYou', () =>
  mockBreakable('../../../../../src/client/features/classroom/components/AssignedToYou', 'AssignedToYou', 'assigned'),
);
jest.mock('../../../../../src/client/features/support/pages/SupportPages', () =>
  mockBreakable('../../../../../src/client/features/support/pages/SupportPages', 'TicketQueue', 'queue'),
);

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
  mockBroken.clear();
});

const summary = (started: boolean): ProgressSummary => ({
  overallPercent: started ? 20 : 0,
  modulesTotal: 3,
  modulesCompleted: 0,
  started,
  continueAt: { moduleSlug: 'budgeting', moduleTitle: 'Budgeting Basics', label: 'Budgeting Basics', path: '/app/catalog/budgeting', started },
});

const SUMMARY = { kind: 'summary', args: [] } as const;

/** Home for a user holding `permissions` whose progress summary says `started` (undefined: not loaded yet). */
function home(permissions: string[], started?: boolean) {

  const preloadedState: Partial<RootState> = {
    auth: signedInState({ ...demoSession(), permissions }, NOW + 30 * 60_000),
    catalog: started === undefined ? catalogState() : catalogState(contentLoaded(SUMMARY, summary(started))),
  };
  return renderApp('/app', { preloadedState });
}

function dispatch(store: AppStore, action: Parameters<AppStore['dispatch']>[0]) {
  act(() => {
    store.dispatch(action);
  });
}

/** The title and heading every kind of user sees; then the parts of the learner's Home are absent or present. */
async function expectHome(learnerParts: boolean) {
  expect(await screen.findByRole('heading', { level: 1, name: /^Welcome( back)?, Lena!$/ })).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('Home - Cashwise'));
  const heading = (name: string | RegExp) => screen.queryByRole('heading', { level: 2, name });
  if (learnerParts) {
    expect(await screen.findByRole('heading', { level: 2, name: 'Where would you like to go?' })).toBeInTheDocument();
  } else {
    expect(heading('Where would you like to go?')).not.toBeInTheDocument();
    expect(heading(/Continue|Start here|Up next/)).not.toBeInTheDocument();
    expect(heading('Assigned to you')).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('link', { name: /Catalog/ })).toBeNull();
  }
}

const cardTitles = (headingName: string) => {
  const heading = screen.queryByRole('heading', { level: 2, name: headingName });
  if (!heading) return [];
  // the cards follow their heading: the h3 titles of the grid right after it
  return within(heading.nextElementSibling as HTMLElement)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
};

const ticket = ticketSummary(NOW - 60 * 60_000);

const overview: AdminOverview = {
  school: { id: 'LINCOLN', name: 'Lincoln High School' },
  timezone: 'America/Chicago',
  users: 50,
  learners: 45,
  staff: 5,
  deactivated: 0,
  classes: 2,
  accessCodes: 3,
  classCodes: 2,
  pendingInvitations: 1,
  auditEntries: 12,
};

it('a learner: the learner’s Home, no workspaces', async () => {
  home([], false);
  await expectHome(true);
  expect(screen.getByRole('region', { name: 'Start here' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { level: 2, name: /workspaces/ })).not.toBeInTheDocument();
});

it('staff-only support: the ticket queue with its filters, each ticket opening its page; no other workspace', async () => {
  const { store } = home(['SUPPORT'], false);
  await expectHome(false);
  expect(screen.getByRole('heading', { level: 2, name: 'Support tickets' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Support tickets' });
  dispatch(store, ticketsLoaded([ticket]));
  expect(within(table).getByRole('link', { name: 'HELP-1001' })).toHaveAttribute('href', '/app/support/tickets/HELP-1001');
  expect(within(screen.getByRole('main')).getByRole('button', { name: 'Filters' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { level: 2, name: /workspaces/ })).not.toBeInTheDocument();
});

it('staff-only school administrator: the school overview, then Classes as a card (no card for School)', async () => {
  const { store } = home(['SCHOOLADMIN'], false);
  await expectHome(false);
  // the overview's chunk loaded and asked for it
  await waitFor(() => expect((store.getState() as unknown as SchoolAdminRootState).schoolAdmin?.overview.status).toBe('loading'));
  dispatch(store, overviewLoaded(overview));
  expect(await screen.findByRole('heading', { level: 2, name: 'Lincoln High School' })).toBeInTheDocument();
  expect(within(screen.getByRole('main')).getByRole('link', { name: 'Manage users' })).toHaveAttribute('href', '/app/admin/users');
  expect(cardTitles('Your other workspaces')).toEqual(['Classes']);
});

it('staff-only teacher: their class list, each class opening its page; no other workspace', async () => {
  const { store } = home(['TEACHER'], false);
  await expectHome(false);
  expect(screen.getByRole('heading', { level: 2, name: 'Your classes' })).toBeInTheDocument();
  await screen.findByRole('button', { name: 'Create a class' });
  dispatch(store, classesLoaded([{ id: 4, name: 'Personal Finance — Period 2', archived: false, studentCount: 24, assignmentCount: 5, joinCode: 'JOIN-42', teachers: [{ userId: 7, name: 'Lena Learner', role: 'owner' }] }]));
  const table = screen.getByRole('table', { name: 'Your classes' });
  expect(within(table).getByRole('link', { name: 'Personal Finance — Period 2' })).toHaveAttribute('href', '/app/classes/4');
  expect(screen.queryByRole('heading', { level: 2, name: /workspaces/ })).not.toBeInTheDocument();
});

it('a teacher who also takes the modules: their workspaces first, then the learner’s Home', async () => {
  home(['TEACHER'], true);
  await expectHome(true);
  expect(cardTitles('Your workspaces')).toEqual(['Classes']);
  expect(screen.getByRole('region', { name: 'Continue where you left off' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Create a class' })).not.toBeInTheDocument();
});

it('staff wait for their progress (neither Home shown); a summary that cannot be read leaves them staff-only', async () => {
  const { store } = home(['SUPPORT']);
  expect(await screen.findByRole('progressbar', { name: 'Loading your workspace' })).toBeInTheDocument();
  await expectHome(false);
  expect(screen.queryByRole('heading', { level: 2, name: 'Support tickets' })).not.toBeInTheDocument();
  dispatch(store, contentFailed({ read: SUMMARY, error: { kind: 'server', status: 500, message: 'The server could not answer.' } }));
  expect(await screen.findByRole('table', { name: 'Support tickets' })).toBeInTheDocument();
});

describe('a part that fails alone', () => {
  const partFailed = () => screen.queryAllByRole('alert').filter((a) => a.textContent?.includes('This part of Home could not load.'));

  beforeEach(() => {
    // React reports the error a boundary caught; the test's own expectations say what happened
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('"Assigned to you" throws: its place says so with "Try again", and the rest of Home is there', async () => {
    mockBroken.add('assigned');
    home([], false);
    await expectHome(true);
    await waitFor(() => expect(partFailed()).toHaveLength(1));
    expect(within(partFailed()[0]!).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Start here' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: /Catalog/ })).toHaveAttribute('href', '/app/catalog');
  });

  it('"Continue" fails once: "Try again" renders it, and only it', async () => {
    mockBroken.add('continue');
    home([], true);
    await expectHome(true);
    await waitFor(() => expect(partFailed()).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Continue where you left off' })).not.toBeInTheDocument();
    mockBroken.delete('continue');
    fireEvent.click(within(partFailed()[0]!).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Continue where you left off' })).toBeInTheDocument();
    expect(partFailed()).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 2, name: 'Where would you like to go?' })).toBeInTheDocument();
  });

  it('a staff-only user’s workspace view throws: the message under its heading, the other workspaces’ cards below; "Try again" brings it', async () => {
    mockBroken.add('queue');
    home(['SUPPORT', 'TEACHER'], false);
    await expectHome(false);
    await waitFor(() => expect(partFailed()).toHaveLength(1));
    const section = screen.getByRole('region', { name: 'Support tickets' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Support tickets' })).toBeInTheDocument();
    expect(section).toContainElement(partFailed()[0]!);
    expect(cardTitles('Your other workspaces')).toEqual(['Classes']);
    mockBroken.delete('queue');
    fireEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('table', { name: 'Support tickets' })).toBeInTheDocument();
    expect(partFailed()).toHaveLength(0);
  });
});
