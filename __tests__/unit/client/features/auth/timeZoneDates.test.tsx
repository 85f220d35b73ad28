/**
 * [S9.07] Every date a signed-in person sees is mm/dd/yy, the day in THEIR time zone (User.timezone,
 * selectTimeZone), never the browser's: a shared school computer set to another zone shows the same
 * day for the same moment on every page, the transcript's and the certificate's day.
 *
 * Each page runs for a person in America/Chicago and one in Asia/Tokyo, for whom the same moment is
 * different days, so at most one of the two could pass by the test process's own zone (jest runs in
 * the machine's, often UTC, where 2026-03-10T03:30Z is 03/10/26, the Chicago case's wrong day).
 */
import { act, screen, within } from '@testing-library/react';
import { registerArea } from '../../../../../src/client/app/areas';
import type { AppStore, RootState } from '../../../../../src/client/app/store';
import { signedInState } from '../../../../../src/client/features/auth/slice';
import { budgets } from '../../../../../src/client/features/budgetWizard/slice';
import { catalogArea } from '../../../../../src/client/features/catalog/area';
import { knowledgeBaseArea } from '../../../../../src/client/features/knowledgeBase/area';
import { initialState as kbInitialState } from '../../../../../src/client/features/knowledgeBase/slice';
import { contentLoaded } from '../../../../../src/client/features/catalog/slice';
import { accessCodesLoaded } from '../../../../../src/client/features/profile/slice';
import { recordingLoaded, ticketLoaded, ticketsLoaded } from '../../../../../src/client/features/support/slice';
import { worksheets } from '../../../../../src/client/features/worksheets/slice';
import type { BudgetSummary } from '../../../../../src/common/budget';
import type { Bookmark, TranscriptRow } from '../../../../../src/common/catalog';
import type { KbArticleDetail } from '../../../../../src/common/knowledgeBase';
import { SUPPORT_PERMISSION } from '../../../../../src/common/support';
import { ticketDetail } from '../support/fixtures';
import type { WorksheetSummary } from '../../../../../src/common/worksheets';
import { demoSession, NOW, renderApp } from '../../app/renderApp';
import { catalogState, transcriptRow } from '../catalog/fixtures';

/** 10:30 PM on 03/09/26 in Chicago, 12:30 PM on 03/10/26 in Tokyo. */
const AT = Date.parse('2026-03-10T03:30:00Z');
/** 11:15 PM on 03/11/26 in Chicago, 1:15 PM on 03/12/26 in Tokyo. */
const LATER = Date.parse('2026-03-12T04:15:00Z');

const ZONES = [
  // zone, the day AT is there, the day LATER is there
  ['America/Chicago', '03/09/26', '03/11/26'],
  ['Asia/Tokyo', '03/10/26', '03/12/26'],
] as const;

// these slices exist from the start, so the preloaded bookmarks, transcript and article are kept
registerArea(catalogArea);
registerArea(knowledgeBaseArea);

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

function signedInIn(timezone: string, permissions: string[] = []): Partial<RootState> {
  const session = demoSession();
  return { auth: signedInState({ ...session, user: { ...session.user, timezone }, permissions }, NOW + 30 * 60_000) };
}

const bookmark: Bookmark = { id: 1, kind: 'section', target: 'needs-vs-wants', title: 'Needs vs wants', path: '/app/catalog/budgeting', createdAt: AT };
const budget: BudgetSummary = {
  id: 3,
  name: 'March plan',
  month: '2026-03',
  status: 'complete',
  version: 1,
  updatedAt: AT,
  totals: { incomeCents: 100_000, spendingCents: 80_000, balanceCents: 20_000 },
};
const sheet: WorksheetSummary = { id: 4, kind: 'net-worth', title: 'My net worth', version: 1, createdAt: AT, updatedAt: AT };
const ticket = ticketDetail(AT, { status: 'resolved', resolvedAt: LATER });

function loaded(store: AppStore, ...actions: Parameters<AppStore['dispatch']>[0][]) {
  act(() => {
    for (const action of actions) store.dispatch(action);
  });
}

describe.each(ZONES)('[S9.07] dates for a person in %s', (zone, day, laterDay) => {
  it(`a bookmark's "saved" and a budget's and a worksheet's "edited" (My Activity) are ${day}`, async () => {
    const bookmarks = contentLoaded({ kind: 'bookmarks', args: [] }, [bookmark]);
    const { store } = renderApp('/app/activity/bookmarks-budgets', {
      preloadedState: { ...signedInIn(zone), catalog: catalogState(bookmarks) },
    });
    const list = await screen.findByRole('list', { name: 'Bookmarks' });
    expect(list).toHaveTextContent(`Section · saved ${day}`);
    loaded(store, budgets.actions.listLoaded([budget]), worksheets.actions.listLoaded([sheet]));
    expect(await screen.findByRole('list', { name: 'My budgets' })).toHaveTextContent(`edited ${day}`);
    expect(screen.getByRole('list', { name: 'My worksheets' })).toHaveTextContent(`edited ${day}`);
  });

  it(`the budget list's "Last edited" is ${day}`, async () => {
    const { store } = renderApp('/app/resources/budget-wizard', { preloadedState: signedInIn(zone) });
    await screen.findByRole('heading', { level: 1, name: 'Budget Wizard' });
    loaded(store, budgets.actions.listLoaded([budget]));
    const row = within(await screen.findByRole('table', { name: 'My budgets' })).getByRole('row', { name: /March plan/ });
    expect(row).toHaveTextContent(day);
  });

  it(`the worksheet list's "Last edited" is ${day}`, async () => {
    const { store } = renderApp('/app/resources/worksheets', { preloadedState: signedInIn(zone) });
    await screen.findByRole('heading', { level: 1, name: 'Worksheets' });
    loaded(store, worksheets.actions.listLoaded([sheet]));
    const row = within(await screen.findByRole('table', { name: 'My worksheets' })).getByRole('row', { name: /My net worth/ });
    expect(row).toHaveTextContent(day);
  });

  it(`an access code's "Added" is ${day}`, async () => {
    const { store } = renderApp('/app/profile/access-codes', { preloadedState: signedInIn(zone) });
    await screen.findByRole('heading', { level: 1, name: 'Access Codes' });
    loaded(store, accessCodesLoaded([{ code: 'ABCD2345', schoolName: 'Lincoln High School', productName: 'Cashwise', redeemedAt: AT }]));
    const row = within(await screen.findByRole('table', { name: 'Your access codes' })).getByRole('row', { name: /Lincoln High School/ });
    expect(row).toHaveTextContent(day);
  });

  it(`the transcript's Started and Completed are ${day} and ${laterDay}`, async () => {
    const row: TranscriptRow = transcriptRow({ status: 'completed', percent: 100, startedAt: AT, completedAt: LATER });
    const transcripts = contentLoaded({ kind: 'transcript', args: [] }, [row]);
    renderApp('/app/activity/transcripts', {
      preloadedState: { ...signedInIn(zone), catalog: catalogState(transcripts) },
    });
    const cells = within(await screen.findByRole('row', { name: /Budgeting Basics/ })).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(expect.arrayContaining([day, laterDay]));
  });

  it('an article\'s "Updated" is the calendar date its content file says, in any zone', async () => {
    const article: KbArticleDetail = {
      topicSlug: 'credit-and-debt',
      topicTitle: 'Credit and Debt',
      slug: 'apr',
      title: 'APR',
      summary: 'The yearly cost of borrowing.',
      updated: '2026-03-10',
      keyTerms: [],
      related: [],
      bodyHtml: '<p>APR is the yearly rate.</p>',
      bookmarked: false,
    };
    renderApp('/app/resources/knowledge-base/credit-and-debt/apr', {
      preloadedState: {
        ...signedInIn(zone),
        knowledgeBase: { ...kbInitialState, article: { key: 'credit-and-debt/apr', status: 'succeeded', data: article, error: null, bookmark: 'idle', preloaded: true } },
      },
    });
    expect(await screen.findByText('Credit and Debt · Updated 03/10/26')).toBeInTheDocument();
  });
});

describe.each(ZONES)("[S9.07] the support console's dates for a staff member in %s", (zone, day, laterDay) => {
  const staff = () => signedInIn(zone, [SUPPORT_PERMISSION]);

  it(`a ticket's Created in the table is ${day}`, async () => {
    const { store } = renderApp('/app/support/tickets', { preloadedState: staff() });
    await screen.findByRole('heading', { level: 1, name: 'Support Tickets' });
    loaded(store, ticketsLoaded([ticket]));
    const row = within(screen.getByRole('table', { name: 'Support tickets' })).getByRole('row', { name: /HELP-1001/ });
    expect(row).toHaveTextContent(day);
  });

  it(`the ticket page's Created is ${day} and Resolved ${laterDay}`, async () => {
    const { store } = renderApp('/app/support/tickets/HELP-1001', { preloadedState: staff() });
    await screen.findByRole('heading', { level: 1, name: 'Ticket HELP-1001' });
    loaded(store, ticketLoaded(ticket));
    expect(await screen.findByText(`Resolved ${laterDay}`)).toBeInTheDocument();
    expect(screen.getByText('Created').nextElementSibling).toHaveTextContent(day);
  });

  it(`a replay's "recorded" is ${day}`, async () => {
    const { store } = renderApp('/app/support/recordings/rec-1', { preloadedState: staff() });
    await screen.findByRole('heading', { level: 1, name: 'Session Recording' });
    loaded(store, recordingLoaded({ ticketKey: 'HELP-1001', createdAt: AT, truncated: false, events: '[]' }));
    expect(await screen.findByText(new RegExp(`recorded ${day}`))).toBeInTheDocument();
  });
});

describe('a new budget plans the month it is for the learner, not for the computer', () => {
  /** 11:30 PM on 03/31/26 in Chicago, 1:30 PM on 04/01/26 in Tokyo */
  const MONTH_END = Date.parse('2026-04-01T04:30:00Z');
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['America/Chicago', '2026-03'],
    ['Asia/Tokyo', '2026-04'],
  ])('in %s the Month starts at %s', async (zone, month) => {
    jest.spyOn(Date, 'now').mockReturnValue(MONTH_END);
    renderApp('/app/resources/budget-wizard/create', { preloadedState: signedInIn(zone) });
    await screen.findByRole('heading', { level: 1, name: 'Create Budget' });
    expect(await screen.findByLabelText(/^Month/)).toHaveValue(month);
  });
});
