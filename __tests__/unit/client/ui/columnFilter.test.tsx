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

  it('uses a number input for numeric columns', () => {
    render(<Harness kind="numeric" rows={[1, 2]} />);
    expect(screen.getByLabelText('Course value')).toHaveAttribute('type', 'number');
  });

  it('[S9.07] takes a date as mm/dd/yy in a text field (not the browser date input) and filters by it', async () => {
    render(<Harness kind="date" rows={['2026-11-23', '2026-11-24', '2026-11-25']} />);
    const input = screen.getByRole('textbox', { name: 'Course value' });
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('placeholder', 'mm/dd/yy');
    expect(input).toHaveAccessibleDescription('Date as mm/dd/yy');
    await userEvent.type(input, '11/24/26');
    const rows = within(screen.getByRole('list', { name: 'rows' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toEqual(['2026-11-24']);
  });

  it('[S9.07] says once the learner leaves the field that a text is not a date, until it is one', async () => {
    render(<Harness kind="date" rows={['2026-11-24']} />);
    const input = screen.getByRole('textbox', { name: 'Course value' });
    await userEvent.type(input, '11/31/26');
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a date as mm/dd/yy, like 11/24/26.');
    await userEvent.clear(input);
    await userEvent.type(input, '11/24/26');
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Date as mm/dd/yy');
  });
});
