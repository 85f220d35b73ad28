/** [S9.09] The shared column filter: a match-mode select with the spec's modes and a typed value input. */
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ColumnFilter, type ColumnFilterState } from '../../../../src/client/ui/ColumnFilter';
import { defaultMatchMode, matchesFilter, type FilterKind } from '../../../../src/client/ui/filters';

function Harness({ kind, rows }: { kind: FilterKind; rows: Array<string | number> }) {
  const [filter, setFilter] = useState<ColumnFilterState>({ mode: defaultMatchMode(kind), value: '' });
  return (
    <>
      <ColumnFilter label="Course" kind={kind} filter={filter} onChange={setFilter} />
      <ul aria-label="rows">
        {rows.filter((r) => matchesFilter(r, filter.mode, filter.value)).map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </>
  );
}

describe('[S9.09] ColumnFilter', () => {
  it('offers the text modes and filters rows as the learner types', async () => {
    render(<Harness kind="text" rows={['Budgeting Basics', 'Credit Cards', 'Saving Money']} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Course match' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Starts with', 'Contains', 'Not contains', 'Ends with', 'Equals', 'Not equals']);
    await userEvent.click(screen.getByRole('option', { name: 'Contains' }));
    await userEvent.type(screen.getByLabelText('Course value'), 'ing');
    const rows = within(screen.getByRole('list', { name: 'rows' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toEqual(['Budgeting Basics', 'Saving Money']);
  });

  it('uses a number input for numeric columns and a date input for date columns', () => {
    const { unmount } = render(<Harness kind="numeric" rows={[1, 2]} />);
    expect(screen.getByLabelText('Course value')).toHaveAttribute('type', 'number');
    unmount();
    render(<Harness kind="date" rows={[]} />);
    expect(screen.getByLabelText('Course value')).toHaveAttribute('type', 'date');
  });
});
