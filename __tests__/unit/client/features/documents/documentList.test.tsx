/**
 * The list page's shared pieces (features/documents/components/DocumentList.tsx): the undo offer after a delete, the
 * list that could not be loaded, the table of a learner's documents — names, columns, the phone
 * summary, the actions and their labels, and the session-recording classes — and the short list.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { DocumentLinks, DocumentTable, ListLoadFailed, UndoDeleteAlert, type DocumentColumn } from '../../../../../src/client/features/documents/components/DocumentList';
import { formatDate } from '../../../../../src/client/ui/format';
import { RECORDING_BLOCK_CLASS, RECORDING_MASK_CLASS } from '../../../../../src/client/ui/recordingPrivacy';

describe('UndoDeleteAlert', () => {
  it('shows nothing when nothing was deleted', () => {
    const { container } = render(<UndoDeleteAlert deleted={null} onUndo={jest.fn()} onDismiss={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('names the deleted document (masked in recordings) and offers Undo and Dismiss', async () => {
    const onUndo = jest.fn();
    const onDismiss = jest.fn();
    render(<UndoDeleteAlert deleted={{ id: 42, label: 'Rent plan' }} onUndo={onUndo} onDismiss={onDismiss} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Deleted “Rent plan”.');
    expect(within(alert).getByText('Rent plan')).toHaveClass(RECORDING_MASK_CLASS);
    await userEvent.click(within(alert).getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledWith(42);
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});

describe('ListLoadFailed', () => {
  it.each([
    ['budgets', 'Server down', 'Your budgets could not be loaded: Server down'],
    ['worksheets', 'Timed out', 'Your worksheets could not be loaded: Timed out'],
  ])('%s: %s', (what, message, text) => {
    render(<ListLoadFailed what={what} error={{ message }} />);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });
});

describe('DocumentTable', () => {
  interface Doc {
    id: number;
    updatedAt: number;
    name: string;
    amount: string;
    kind: string;
  }
  const docs: Doc[] = [
    { id: 1, updatedAt: Date.UTC(2026, 2, 14, 15), name: 'Spring', amount: '$10.00', kind: 'Plan' },
    { id: 2, updatedAt: Date.UTC(2026, 2, 15, 15), name: '', amount: '$0.00', kind: 'Other' },
  ];
  const columns: Array<DocumentColumn<Doc>> = [
    { header: 'Kind', value: (doc) => doc.kind },
    { header: 'Amount', numeric: true, phoneLabel: 'Amount', value: (doc) => doc.amount },
  ];
  const nameOf = (doc: Doc) => doc.name || 'Untitled';

  function renderTable(extra: { withOpen?: boolean; afterName?: (doc: Doc) => React.ReactNode } = {}) {
    const onDuplicate = jest.fn();
    const onDelete = jest.fn();
    render(
      <MemoryRouter>
        <DocumentTable
          label="My things"
          items={docs}
          timeZone="America/Chicago"
          nameOf={nameOf}
          hrefOf={(doc) => `/things/${doc.id}`}
          columns={columns}
          onDuplicate={onDuplicate}
          onDelete={onDelete}
          {...extra}
        />
      </MemoryRouter>,
    );
    return { onDuplicate, onDelete, table: screen.getByRole('table', { name: 'My things' }) };
  }

  it('heads the name, the feature’s columns, the last edit and the actions; the frame is blocked in recordings', () => {
    const { table } = renderTable();
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Kind', 'Amount', 'Last edited', 'Actions']);
    expect(table.closest(`.${RECORDING_BLOCK_CLASS}`)).not.toBeNull();
  });

  it('lists each document: its name links to its page as the row’s header; the other cells follow', () => {
    const { table } = renderTable();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    const header = within(first).getByRole('rowheader');
    expect(within(header).getByRole('link', { name: 'Spring' })).toHaveAttribute('href', '/things/1');
    // on a phone the other values go under the name, one a line, the last edit last
    const edited = formatDate(docs[0]!.updatedAt, 'America/Chicago');
    expect(header).toHaveTextContent(`SpringPlanAmount $10.00Edited ${edited}`);
    expect(header.querySelectorAll('br')).toHaveLength(2);
    const cells = within(first).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 3)).toEqual(['Plan', '$10.00', edited]);
    expect(within(second).getByRole('link', { name: 'Untitled' })).toHaveAttribute('href', '/things/2');
  });

  it('offers Duplicate and Delete by the listed name, and Open only when asked', async () => {
    const { onDuplicate, onDelete, table } = renderTable();
    expect(within(table).queryByRole('link', { name: 'Open Spring' })).toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: 'Duplicate Spring' }));
    expect(onDuplicate).toHaveBeenCalledWith(docs[0]);
    await userEvent.click(within(table).getByRole('button', { name: 'Delete Untitled' }));
    expect(onDelete).toHaveBeenCalledWith(docs[1], 'Untitled');
  });

  it('puts an Open link first, and what follows the name, when the feature asks', () => {
    const { table } = renderTable({ withOpen: true, afterName: (doc) => (doc.id === 1 ? <span> (draft)</span> : null) });
    const open = within(table).getByRole('link', { name: 'Open Spring' });
    expect(open).toHaveAttribute('href', '/things/1');
    expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent(/^Spring \(draft\)/);
  });
});

describe('DocumentLinks', () => {
  it('lists each document as "Name — details, edited …", the name a link, blocked in recordings', () => {
    const updatedAt = Date.UTC(2026, 2, 14, 15);
    render(
      <MemoryRouter>
        <DocumentLinks
          label="My sheets"
          items={[{ id: 5, updatedAt, title: 'Pay', kind: 'Paycheck' }]}
          timeZone="America/Chicago"
          nameOf={(sheet) => sheet.title}
          hrefOf={(sheet) => `/sheets/${sheet.id}`}
          details={(sheet) => sheet.kind}
        />
      </MemoryRouter>,
    );
    const list = screen.getByRole('list', { name: 'My sheets' });
    expect(list).toHaveClass(RECORDING_BLOCK_CLASS);
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent(`Pay — Paycheck, edited ${formatDate(updatedAt, 'America/Chicago')}`);
    expect(within(item!).getByRole('link', { name: 'Pay' })).toHaveAttribute('href', '/sheets/5');
  });
});
