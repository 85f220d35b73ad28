/**
 * [S9.09] The column filters above the transcript and the tickets fold behind one "Filters" button on
 * every width; the button says how many are in use, is announced as expanded or not and names the
 * fields it controls, and the filters in use keep narrowing the table while folded.
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
    [0, 'Filters'],
    [1, 'Filters (1 active)'],
    [7, 'Filters (7 active)'],
  ])('%i in use → %p', (inUse, label) => {
    expect(filterToggleLabel(inUse)).toBe(label);
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

function Filters() {
  const [module, setModule] = useState<ColumnFilterState>({ mode: 'startsWith', value: '' });
  const [score, setScore] = useState<ColumnFilterState>({ mode: 'gte', value: '' });
  return (
    <>
      <FilterPanel inUse={countFiltersInUse({ module, score })}>
        <ColumnFilter label="Module" kind="text" filter={module} onChange={setModule} />
        <ColumnFilter label="Score" kind="numeric" filter={score} onChange={setScore} />
      </FilterPanel>
      <p>Rows shown for “{module.value}”</p>
    </>
  );
}

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

it.each([1366, 390])('at %i px the filters start folded behind one "Filters" button that opens and closes them', async (width) => {
  viewport(width);
  const user = userEvent.setup();
  render(<Filters />);
  const toggle = screen.getByRole('button', { name: 'Filters' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const fields = document.getElementById(toggle.getAttribute('aria-controls')!)!;
  expect(fields).not.toBeVisible();
  expect(screen.getByLabelText('Module value')).not.toBeVisible();
  expect(screen.queryByRole('group', { name: 'Filters' })).not.toBeInTheDocument();

  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(fields).toBeVisible();
  expect(screen.getByRole('group', { name: 'Filters' })).toBe(fields);
  expect(screen.getByLabelText('Module value')).toBeVisible();
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(fields).not.toBeVisible();
});

it('counts the filters in use on the button, and those keep narrowing the table while folded', async () => {
  viewport(1366);
  const user = userEvent.setup();
  render(<Filters />);
  await user.click(screen.getByRole('button', { name: 'Filters' }));
  await user.type(screen.getByLabelText('Module value'), 'Bud');
  expect(screen.getByRole('button', { name: 'Filters (1 active)' })).toHaveAttribute('aria-expanded', 'true');
  await user.type(screen.getByLabelText('Score value'), '80');
  const toggle = screen.getByRole('button', { name: 'Filters (2 active)' });
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(screen.getByText('Rows shown for “Bud”')).toBeInTheDocument();
  // a mode alone filters nothing: emptied, the value no longer counts
  await user.click(toggle);
  await user.clear(screen.getByLabelText('Score value'));
  expect(screen.getByRole('button', { name: 'Filters (1 active)' })).toBeInTheDocument();
});

it('is keyboard operable: Enter or Space on the button opens the fields, and Tab goes into them', async () => {
  viewport(390);
  const user = userEvent.setup();
  render(<Filters />);
  await user.tab();
  const toggle = screen.getByRole('button', { name: 'Filters' });
  expect(toggle).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await user.tab();
  expect(screen.getByRole('group', { name: 'Filters' })).toContainElement(document.activeElement as HTMLElement);
  await user.tab({ shift: true });
  await user.keyboard(' ');
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
});
