/**
 * The transcript on a phone or a tablet held upright (TableFrame's cellFromMd / blockBelowMd): the
 * status, dates, best review score and time are folded under the module's name, and the full columns
 * stay in the table (shown from md and in print). jsdom applies no media query, so both are in the document here: the test
 * checks that the folded text carries the same data as the columns, and that the column filters above
 * the table still narrow it, folded text and all.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerArea } from '../../../../../src/client/app/areas';
import { catalogArea } from '../../../../../src/client/features/catalog/area';
import { contentLoaded } from '../../../../../src/client/features/catalog/slice';
import { renderApp, signedIn } from '../../app/renderApp';
import { transcriptRow, catalogState } from './fixtures';

registerArea(catalogArea);

/** 10:30 PM on 03/09/26 in Chicago (the signed-in learner's zone). */
const AT = Date.parse('2026-03-10T03:30:00Z');
/** 11:15 PM on 03/11/26 in Chicago. */
const LATER = Date.parse('2026-03-12T04:15:00Z');

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

function renderTranscript() {
  const data = [
    transcriptRow({ status: 'completed', percent: 100, startedAt: AT, completedAt: LATER, averageBestScore: 85, timeSpentSeconds: 42 * 60 }),
    transcriptRow({ moduleSlug: 'credit', moduleTitle: 'Credit', order: 2, status: 'in-progress', percent: 40, startedAt: LATER, timeSpentSeconds: 7 * 60 }),
    transcriptRow({ moduleSlug: 'saving', moduleTitle: 'Saving', order: 3 }),
  ];
  renderApp('/app/activity/transcripts', {
    preloadedState: { ...signedIn(), catalog: catalogState(contentLoaded({ kind: 'transcript', args: [] }, data)) },
  });
  return screen.findByRole('table', { name: 'Transcript' });
}

/** The lines folded under a row's module name (the block shown below md), one per line break. */
const folded = (row: HTMLElement) => within(row).getByRole('rowheader').querySelector('p')?.innerHTML.split('<br>').join('\n');
const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('the transcript on a phone', () => {
  it('folds the status, progress, dates, best review score and time under the module name; the columns keep them too', async () => {
    const table = await renderTranscript();
    const done = within(table).getByRole('row', { name: /Budgeting Basics/ });
    expect(within(done).getByRole('rowheader')).toHaveTextContent(/^Budgeting Basics/);
    expect(within(done).getByRole('link', { name: 'Budgeting Basics' })).toBeInTheDocument();
    expect(folded(done)).toBe('Completed · 100%\nStarted 03/09/26\nCompleted 03/11/26\nBest review score 85%\nTime 42 min');
    expect(cellTexts(done)).toEqual(['Completed', '100%', '03/09/26', '03/11/26', '85%', '42', 'Download certificate']);
    expect(within(done).getByRole('button', { name: 'Download certificate for Budgeting Basics' })).toBeInTheDocument();

    // only what there is: no completion day, no score
    const started = within(table).getByRole('row', { name: /Credit/ });
    expect(folded(started)).toBe('In progress · 40%\nStarted 03/11/26\nTime 7 min');
    const untouched = within(table).getByRole('row', { name: /Saving/ });
    expect(folded(untouched)).toBe('Not started · 0%\nTime 0 min');
    expect(cellTexts(untouched)).toEqual(['Not started', '0%', '—', '—', '—', '0', '—']);
  });

  it('every column header is still there (full columns from sm and in print), the module first', async () => {
    const table = await renderTranscript();
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Module', 'Status', 'Progress (%)', 'Started', 'Completed', 'Best review score (%)', 'Time (min)', 'Certificate']);
  });

  it('the column filters above the table narrow the rows, their folded dates and score with them', async () => {
    const table = await renderTranscript();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.type(screen.getByLabelText('Started value'), '03/09/26');
    expect(within(table).getAllByRole('row')).toHaveLength(2); // the header and one module
    const row = within(table).getByRole('row', { name: /Budgeting Basics/ });
    expect(folded(row)).toContain('Started 03/09/26');
    expect(within(table).queryByRole('row', { name: /Credit/ })).toBeNull();

    await userEvent.clear(screen.getByLabelText('Started value'));
    await userEvent.type(screen.getByLabelText('Best review score (%) value'), '85');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(folded(within(table).getByRole('row', { name: /Budgeting Basics/ }))).toContain('Best review score 85%');

    await userEvent.clear(screen.getByLabelText('Best review score (%) value'));
    await userEvent.type(screen.getByLabelText('Best review score (%) value'), '99');
    expect(within(table).getAllByRole('row')).toHaveLength(1);
    expect(screen.getByText('No module matches these filters.')).toBeInTheDocument();
  });
});
