/**
 * The column filters above a data table (SPEC §9 match modes: the transcript, the support console's
 * tickets). Each filter is a match mode and a value, two fields a column: fourteen or more fields
 * above a table of a few rows, on a laptop as on a phone. So on every width they fold behind one
 * "Filters" button that says how many are in use; filters in use keep narrowing the table while
 * folded. Opened, they sit in one column on a phone and two from md up. Never printed.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useId, useState, type ReactNode } from 'react';
import type { ColumnFilterState } from './ColumnFilter';

/** How many filters have a value (a mode alone filters nothing). */
export function countFiltersInUse(filters: Readonly<Record<string, ColumnFilterState>>): number {
  return Object.values(filters).filter((filter) => filter.value.trim() !== '').length;
}

/** "Filters", "Filters (2 active)": the button's visible text is its whole accessible name. */
export function filterToggleLabel(inUse: number): string {
  return inUse > 0 ? `Filters (${inUse} active)` : 'Filters';
}

export interface FilterPanelProps {
  /** how many of the filters have a value: said on the button */
  inUse: number;
  children: ReactNode;
}

export function FilterPanel({ inUse, children }: FilterPanelProps) {
  const [open, setOpen] = useState(false);
  const fieldsId = `${useId()}-filters`;
  return (
    <Box className="no-print" sx={{ mb: 2, displayPrint: 'none' }}>
      <Button
        variant={inUse > 0 ? 'contained' : 'outlined'}
        size="small"
        aria-expanded={open}
        aria-controls={fieldsId}
        onClick={() => setOpen((value) => !value)}
        endIcon={<Box component="span" aria-hidden="true" sx={{ fontSize: '0.75em', lineHeight: 1 }}>{open ? '▲' : '▼'}</Box>}
      >
        {filterToggleLabel(inUse)}
      </Button>
      <Box
        id={fieldsId}
        role="group"
        aria-label="Filters"
        hidden={!open}
        sx={{ display: open ? 'grid' : 'none', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1.5, mt: 1.5 }}
      >
        {children}
      </Box>
    </Box>
  );
}
