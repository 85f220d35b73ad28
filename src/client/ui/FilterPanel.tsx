/**
 * The column filters above a data table (SPEC §9 match modes: the transcript, the support console's
 * tickets). Each filter is a match mode and a value, so a table's filters are two fields a column: on
 * a phone, a column of up to 16 fields before the first row. Below md they fold behind a button that
 * says how many are in use (filters in use keep narrowing the table while folded); from md up they
 * are always shown, two columns of them. Never printed.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type ReactNode } from 'react';
import type { ColumnFilterState } from './ColumnFilter';

/** How many filters have a value (a mode alone filters nothing). */
export function countFiltersInUse(filters: Readonly<Record<string, ColumnFilterState>>): number {
  return Object.values(filters).filter((filter) => filter.value.trim() !== '').length;
}

/** "Show filters", "Hide filters (2 in use)". */
export function filterToggleLabel(open: boolean, inUse: number): string {
  return `${open ? 'Hide' : 'Show'} filters${inUse > 0 ? ` (${inUse} in use)` : ''}`;
}

export interface FilterPanelProps {
  /** how many of the filters have a value: said on the phone's button */
  inUse: number;
  /** a visible "Filters" heading at this level (the section is named by it); without, the section is named "Filters" */
  headingLevel?: 'h2' | 'h3';
  children: ReactNode;
}

export function FilterPanel({ inUse, headingLevel, children }: FilterPanelProps) {
  const theme = useTheme();
  const folded = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const id = useId();
  const shown = !folded || open;
  const headingId = `${id}-heading`;
  return (
    <Box
      component="section"
      className="no-print"
      {...(headingLevel ? { 'aria-labelledby': headingId } : { 'aria-label': 'Filters' })}
      sx={{ mb: 2, displayPrint: 'none' }}
    >
      {headingLevel && (
        <Typography id={headingId} variant="h6" component={headingLevel} sx={{ mb: 1.5 }}>
          Filters
        </Typography>
      )}
      {folded && (
        <Button variant="outlined" size="small" aria-expanded={open} aria-controls={`${id}-fields`} onClick={() => setOpen((value) => !value)}>
          {filterToggleLabel(open, inUse)}
        </Button>
      )}
      <Box
        id={`${id}-fields`}
        hidden={!shown}
        sx={{ display: shown ? 'grid' : 'none', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1.5, mt: folded ? 1.5 : 0 }}
      >
        {children}
      </Box>
    </Box>
  );
}
