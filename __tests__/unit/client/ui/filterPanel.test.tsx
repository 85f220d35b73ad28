/**
 * [S9.09] The column filters above the transcript and the tickets: always shown from md up; on a
 * phone folded behind a button that says how many are in use, and still narrowing the table while
 * folded.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ColumnFilter, type ColumnFilterState } from '../../../../src/client/ui/ColumnFilter';
import { countFiltersInUse, FilterPanel, filterToggleLabel } from '../../../../src/client/ui/FilterPanel';

describe('countFiltersInUse', () => {
  it.each([
    [{}, 0],
    [{ a: { mode: 'startsWith', value: '' } }, 0],
    [{ a: { mode: 'startsWith', value: '   ' } }, 0],
    [{ a: { mode: 'contains', value: 'bud' }, b: { mode: 'equals', value: '' } }, 1],
    [{ a: { mode: 'contains', value: 'bud' }, b: { mode: 'gte', value: '50' } }, 2],
  ] as [Record<string, ColumnFilterState>, number][])('%j → %i', (filters, count) => {
    expect(countFiltersInUse(filters)).toBe(count);
  });
});

describe('filterToggleLabel', () => {
  it.each([
    [false, 0, 'Show filters'],
    [true, 0, 'Hide filters'],
    [false, 2, 'Show filters (2 in use)'],
    [true, 1, 'Hide filters (1 in use)'],
  ])('open %p, %i in use → %p', (open, inUse, label) => {
    expect(filterToggleLabel(open, inUse)).toBe(label);
  });
});

/** The window is `width` px wide for MUI's media queries (jsdom has no layout). */
function viewport(width: number) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => {
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
      return { matches, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false };
    },
  });
}

function Filters({ headingLevel }: { headingLevel?: 'h2' }) {
  const [filter, setFilter] = useState<ColumnFilterState>({ mode: 'startsWith', value: '' });
  return (
    <>
      <FilterPanel inUse={countFiltersInUse({ module: filter })} headingLevel={headingLevel}>
        <ColumnFilter label="Module" kind="text" filter={filter} onChange={setFilter} />
      </FilterPanel>
      <p>Rows shown for “{filter.value}”</p>
    </>
  );
}

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

it('shows the filters with no button on a wide screen', () => {
  viewport(1366);
  render(<Filters />);
  expect(screen.getByRole('region', { name: 'Filters' })).toBeInTheDocument();
  expect(screen.getByLabelText('Module value')).toBeVisible();
  expect(screen.queryByRole('button', { name: /filters/ })).not.toBeInTheDocument();
});

it('folds them on a phone behind a button that opens them and says how many are in use', async () => {
  viewport(360);
  const user = userEvent.setup();
  render(<Filters headingLevel="h2" />);
  expect(screen.getByRole('region', { name: 'Filters' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Filters' })).toBeInTheDocument();
  const toggle = screen.getByRole('button', { name: 'Show filters' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(screen.getByLabelText('Module value')).not.toBeVisible();
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBeVisible();
  expect(screen.getByLabelText('Module value')).toBeVisible();
  await user.type(screen.getByLabelText('Module value'), 'Bud');
  expect(screen.getByRole('button', { name: 'Hide filters (1 in use)' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Hide filters (1 in use)' }));
  // folded again, the filter still applies
  expect(screen.getByRole('button', { name: 'Show filters (1 in use)' })).toBeInTheDocument();
  expect(screen.getByText('Rows shown for “Bud”')).toBeInTheDocument();
});
