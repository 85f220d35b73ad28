/**
 * A student's Home with class work: it leads with one next step (its heading says what and when,
 * one prominent button opens it), then the rest of the open work by due day with overdue as one
 * mark rather than the item's colour, then a collapsed Done list with best scores. The catalog's
 * Continue card steps back (its button outlined) while an assignment leads; with no open
 * assignment it leads again. The route and title stay /app, "Home" (SPEC S2.15).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { registerArea } from '../../../../../src/client/app/areas';
import type { RootState } from '../../../../../src/client/app/store';
import { signedInState } from '../../../../../src/client/features/auth/slice';
import { catalogArea } from '../../../../../src/client/features/catalog/area';
import { contentLoaded } from '../../../../../src/client/features/catalog/slice';
import { catalogState } from '../catalog/fixtures';
import { myAssignmentsLoaded } from '../../../../../src/client/features/classroom/slice';
import { dayOf } from '../../../../../src/common/calendarDay';
import type { MyAssignment } from '../../../../../src/common/classroom';
import type { ProgressSummary } from '../../../../../src/common/catalog';
import { demoSession, NOW, renderApp } from '../../app/renderApp';
import { myAssignment } from './fixtures';

registerArea(catalogArea);

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

const DAY = 86_400_000;

/** The yyyy-mm-dd `days` from the learner's today (America/Chicago, demoSession's zone). */
function dayFromToday(days: number): string {
  const d = dayOf(Date.now() + days * DAY, 'America/Chicago')!;
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

function item(id: number, title: string, over: Partial<MyAssignment>): MyAssignment {
  return myAssignment(id, { title, createdAt: NOW, ...over });
}

const dueIn = (days: number) => ({ dueDate: dayFromToday(days), dueAt: Date.now() + days * DAY });

const planningReview = item(1, 'Review: Planning for Expenses', {
  kind: 'review',
  href: '/app/catalog/budgeting/material/planning-for-expenses/review',
  ...dueIn(-2),
  overdue: true,
  status: 'overdue',
  progress: 'in-progress',
});
const firstBudget = item(2, 'Making Your First Budget', { ...dueIn(-5), overdue: true, status: 'overdue' });
const spending = item(3, 'Spending Wisely', { ...dueIn(1) });
const earning = item(4, 'Earning an Income', { kind: 'module', href: '/app/catalog/earning-income' });
const firstReview = item(5, 'Review: Making Your First Budget', { kind: 'review', ...dueIn(-8), status: 'passed', progress: 'passed', bestScore: 80 });
const savings = item(6, 'Savings Goal Timeline', { kind: 'worksheet', ...dueIn(-10), status: 'completed', progress: 'completed' });

const summary: ProgressSummary = {
  overallPercent: 20,
  modulesTotal: 3,
  modulesCompleted: 0,
  started: true,
  continueAt: { moduleSlug: 'budgeting', moduleTitle: 'Budgeting Basics', label: 'Planning for Expenses', path: '/app/catalog/budgeting/material/planning-for-expenses', started: true },
};

/** Home for a signed-in student whose assignments are `mine`. */
async function home(mine: MyAssignment[]) {
  const preloadedState: Partial<RootState> = {
    auth: signedInState(demoSession(), NOW + 30 * 60_000),
    catalog: catalogState(contentLoaded({ kind: 'summary', args: [] }, summary)),
  };
  const view = renderApp('/app', { preloadedState });
  await screen.findByRole('heading', { level: 1, name: 'Welcome back, Lena!' }, { timeout: 10_000 });
  // the list's chunk brings the classroom's slice: answer once it has asked
  await waitFor(() => expect(view.dispatch.mock.calls.some(([a]) => (a as { type: string }).type === 'classroom/myAssignmentsRequested')).toBe(true));
  act(() => {
    view.store.dispatch(myAssignmentsLoaded(mine));
  });
  return view;
}

const region = (name: string | RegExp) => screen.getByRole('region', { name });

describe('a student’s Home with class work', () => {
  it('leads with one next step: the longest overdue work, "Next: … — was due …", one prominent button that opens it', async () => {
    await home([spending, earning, planningReview, firstBudget, firstReview, savings]);
    const next = await screen.findByTestId('next-step');
    const heading = within(next).getByRole('heading', { level: 2 });
    expect(heading.textContent).toMatch(/^Next: Making Your First Budget — was due \S+$/);
    expect(within(next).getByText('Overdue')).toBeInTheDocument();
    expect(within(next).getByRole('link', { name: 'Start reading' })).toHaveAttribute('href', firstBudget.href);
    // the page's only contained (prominent) button is the next step's; Continue steps back
    const contained = Array.from(document.querySelectorAll('.MuiButton-contained'));
    expect(contained).toEqual([within(next).getByRole('link', { name: 'Start reading' })]);
    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveClass('MuiButton-outlined');
    // it comes before every other part of Home
    const order = [next, region('Assigned to you'), region('Done'), region('Continue where you left off')];
    for (let i = 1; i < order.length; i++) expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('then the rest of the open work by due day, overdue as one mark and not the item’s colour', async () => {
    await home([spending, earning, planningReview, firstBudget]);
    const list = await screen.findByRole('region', { name: 'Assigned to you' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual(['Review: Planning for Expenses', 'Spending Wisely', 'Earning an Income']);
    const [review, soon, module] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(review).toHaveTextContent(/Personal Finance — Period 2 · Was due \S+/);
    expect(within(review).getByText('Overdue')).toBeInTheDocument();
    expect(within(review).getByText('In progress')).toBeInTheDocument();
    // the due day is a line in the secondary colour, not red text; the item has no error colour
    expect(within(review).getByText(/Was due/)).not.toHaveClass('MuiTypography-colorError');
    expect(review.className).not.toMatch(/error/i);
    expect(soon).toHaveTextContent('Due tomorrow');
    expect(within(soon).getByText('Due soon')).toBeInTheDocument();
    expect(within(soon).queryByText('Overdue')).toBeNull();
    expect(module).toHaveTextContent('No due day');
    expect(within(module).getByText('Not started')).toBeInTheDocument();
    // only the overdue one carries the mark
    expect(within(list).getAllByText('Overdue')).toHaveLength(1);
  });

  it('then a collapsed Done list with each finished item and its best score', async () => {
    await home([spending, firstReview, savings]);
    const done = await screen.findByRole('region', { name: 'Done' });
    const details = within(done).getByTestId('done-list') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    fireEvent.click(within(done).getByText('Show 2 finished assignments'));
    expect(details.open).toBe(true);
    const items = within(done).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual(['Review: Making Your First Budget', 'Savings Goal Timeline']);
    expect(items[0]).toHaveTextContent('Passed, 80%');
    expect(items[1]).toHaveTextContent('Completed');
    // finished work is no next step and not in the open list
    expect(screen.getByTestId('next-step')).toHaveTextContent('Next: Spending Wisely — due tomorrow');
    expect(screen.queryByRole('region', { name: 'Assigned to you' })).toBeNull();
  });

  it('with only finished work there is no assigned next step: the Continue card leads, its button prominent', async () => {
    await home([firstReview]);
    await screen.findByRole('region', { name: 'Done' });
    expect(screen.queryByTestId('next-step')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveClass('MuiButton-contained');
  });

  it('a student with no assignments: Home as before, no next step, Continue leads', async () => {
    await home([]);
    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveClass('MuiButton-contained');
    expect(screen.queryByTestId('next-step')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Done' })).toBeNull();
    expect(document.title).toBe('Home - Cashwise');
  });
});
