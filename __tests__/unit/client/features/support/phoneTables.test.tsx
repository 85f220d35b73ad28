/**
 * The support console's tickets (below md: TableFrame's cellFromMd / blockBelowMd) and the profile's
 * access codes (below sm: cellFromSm / blockBelowSm) on a phone: the secondary columns fold under the
 * first, the full columns stay in the table (shown from that breakpoint up and in print). jsdom applies no media query, so both are in the document: the test
 * checks that the folded text carries the columns' data, and that a ticket list can still be sorted
 * by a folded column (its header is hidden on a phone) and filtered.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppStore, RootState } from '../../../../../src/client/app/store';
import { signedInState } from '../../../../../src/client/features/auth/slice';
import { accessCodesLoaded } from '../../../../../src/client/features/profile/slice';
import { NO_TICKETS_MATCH, NO_TICKETS_YET } from '../../../../../src/client/features/support/pages/TicketsPage';
import { ticketsLoaded } from '../../../../../src/client/features/support/slice';
import { SUPPORT_PERMISSION, type TicketSummary } from '../../../../../src/common/support';
import { demoSession, NOW, renderApp } from '../../app/renderApp';

/** 10:30 PM on 03/09/26 in Chicago (the signed-in person's zone). */
const AT = Date.parse('2026-03-10T03:30:00Z');
const DAY = 24 * 60 * 60_000;

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

function signedIn(permissions: string[] = []): Partial<RootState> {
  const session = demoSession();
  return { auth: signedInState({ ...session, user: { ...session.user, timezone: 'America/Chicago' }, permissions }, NOW + 30 * 60_000) };
}

function loaded(store: AppStore, action: Parameters<AppStore['dispatch']>[0]) {
  act(() => {
    store.dispatch(action);
  });
}

/** The lines folded under a cell's first text (the blocks shown below the breakpoint), one per line break; a time's narrow space read as a space. */
const foldedLines = (cell: HTMLElement) =>
  Array.from(cell.querySelectorAll('p'))
    .flatMap((p) => p.innerHTML.split('<br>'))
    .map((line) => line.replace(/&nbsp;|\s+/g, ' ').trim());

const ticket = (over: Partial<TicketSummary>): TicketSummary => ({
  key: 'HELP-1001',
  number: 1001,
  status: 'open',
  name: 'Sam Student',
  email: 'sam@example.edu',
  subject: 'The quiz will not load',
  school: 'Lincoln High School',
  userName: 'sam',
  createdAt: AT,
  resolvedAt: null,
  hasRecording: false,
  assignee: null,
  firstReplyAt: null,
  schoolTimezone: null,
  classes: [],
  ...over,
});

describe('the support tickets on a phone', () => {
  async function renderTickets() {
    const { store } = renderApp('/app/support/tickets', { preloadedState: signedIn([SUPPORT_PERMISSION]) });
    await screen.findByRole('heading', { level: 1, name: 'Support Tickets' });
    loaded(
      store,
      ticketsLoaded([
        ticket({}),
        ticket({ key: 'HELP-1002', number: 1002, name: 'Ana Able', email: 'ana@example.edu', subject: 'Certificate download', school: null, status: 'resolved', createdAt: AT + DAY }),
      ]),
    );
    return screen.getByRole('table', { name: 'Support tickets' });
  }
  const keys = (table: HTMLElement) => within(table).getAllByRole('link').map((link) => link.textContent);

  it("folds the subject, sender, school and day under the ticket's key; the columns keep them too", async () => {
    const table = await renderTickets();
    const row = within(table).getByRole('row', { name: /HELP-1001/ });
    const [first, ...cells] = within(row).getAllByRole('cell');
    expect(within(first!).getByRole('link', { name: 'HELP-1001' })).toBeInTheDocument();
    // the day and the time of day (in the staff member's zone here: the ticket names no school zone)
    expect(foldedLines(first!)).toEqual(['The quiz will not load', 'Sam Student', 'sam@example.edu', 'Lincoln High School · 03/09/26, 10:30 PM CDT', 'Unassigned · No reply yet']);
    expect(cells.map((cell) => cell.textContent?.replace(/\s+/g, ' '))).toEqual(['The quiz will not load', 'Sam Studentsam@example.edu', 'Lincoln High School', '—', 'Open', '03/09/26, 10:30 PM CDT', 'Unassigned', 'No reply yet']);
    const other = within(within(table).getByRole('row', { name: /HELP-1002/ })).getAllByRole('cell')[0]!;
    expect(foldedLines(other)).toEqual(['Certificate download', 'Ana Able', 'ana@example.edu', '— · 03/10/26, 10:30 PM CDT', 'Unassigned · No reply yet']);
  });

  it('sorts by a folded column from the phone\'s "Sort by" choice, as from its header', async () => {
    const table = await renderTickets();
    expect(keys(table)).toEqual(['HELP-1002', 'HELP-1001']); // newest first
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Subject, ascending');
    expect(keys(table)).toEqual(['HELP-1002', 'HELP-1001']); // Certificate… before The quiz…
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'From, descending');
    expect(keys(table)).toEqual(['HELP-1001', 'HELP-1002']); // Sam before Ana
    // the header says the same sort, and a click on it is seen by the choice
    expect(within(table).getByRole('columnheader', { name: /From/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(table).getByRole('button', { name: 'Created' }));
    expect(screen.getByLabelText('Sort by')).toHaveValue('createdAt asc');
    expect(keys(table)).toEqual(['HELP-1001', 'HELP-1002']);
  });

  it('the filters above the table narrow it, folded text and all', async () => {
    const table = await renderTickets();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.type(screen.getByLabelText('Created value'), '03/10/26');
    expect(keys(table)).toEqual(['HELP-1002']);
    expect(foldedLines(within(table).getAllByRole('cell')[0]!)).toContain('— · 03/10/26, 10:30 PM CDT');
  });

  it('a ticket from a school shows its day and time of day in the school’s zone, and the student’s classes there', async () => {
    const { store } = renderApp('/app/support/tickets', { preloadedState: signedIn([SUPPORT_PERMISSION]) });
    await screen.findByRole('heading', { level: 1, name: 'Support Tickets' });
    loaded(store, ticketsLoaded([ticket({ schoolTimezone: 'America/New_York', classes: ['Economics, Period 4'] })]));
    const table = screen.getByRole('table', { name: 'Support tickets' });
    expect(foldedLines(within(table).getAllByRole('cell')[0]!)).toContain('Lincoln High School · Economics, Period 4 · 03/09/26, 11:30 PM EDT');
  });

  it('an empty table says why: none the filters let through…', async () => {
    const table = await renderTickets();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.type(screen.getByLabelText('Created value'), '03/11/26');
    expect(within(table).getByRole('cell')).toHaveTextContent(NO_TICKETS_MATCH);
  });

  it('…or no ticket sent yet', async () => {
    const { store } = renderApp('/app/support/tickets', { preloadedState: signedIn([SUPPORT_PERMISSION]) });
    await screen.findByRole('heading', { level: 1, name: 'Support Tickets' });
    loaded(store, ticketsLoaded([]));
    expect(within(screen.getByRole('table', { name: 'Support tickets' })).getByRole('cell')).toHaveTextContent(NO_TICKETS_YET);
  });
});

describe('the access codes on a phone', () => {
  it('folds the course and the day it was added under the school; the columns keep them too', async () => {
    const { store } = renderApp('/app/profile/access-codes', { preloadedState: signedIn() });
    await screen.findByRole('heading', { level: 1, name: 'Access Codes' });
    loaded(store, accessCodesLoaded([{ code: 'ABCD2345', schoolName: 'Lincoln High School', productName: 'Cashwise', redeemedAt: AT }]));
    const table = await screen.findByRole('table', { name: 'Your access codes' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Code', 'School', 'Course', 'Added']);
    const row = within(table).getByRole('row', { name: /Lincoln High School/ });
    const code = within(row).getByRole('rowheader');
    const [school, ...cells] = within(row).getAllByRole('cell');
    expect(code.textContent).toMatch(/^ABCD/);
    expect(school!.firstChild?.textContent).toBe('Lincoln High School');
    expect(foldedLines(school!)).toEqual(['Cashwise', 'Added 03/09/26']);
    expect(cells.map((cell) => cell.textContent)).toEqual(['Cashwise', '03/09/26']);
  });
});
