/**
 * One line of a list the learner fills in (a budget's income, a worksheet's debt): a fieldset whose
 * legend names it ("Income 2"), its fields in a grid, and a button that removes it ("Remove income
 * 2"), left out of the printout.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/**
 * How the fields sit: `fit`, as many columns of at least 150 px as there is room for (the budget's
 * lines, up to four fields); `pairs`, two columns from a small screen up, a little tighter (the
 * worksheets' lists, beside their results).
 */
export type LineLayout = 'fit' | 'pairs';

const LAYOUTS = {
  fit: {
    paper: { mb: 2 },
    grid: { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fit, minmax(150px, 1fr))' }, alignItems: 'start' },
  },
  pairs: {
    paper: { mb: 1.5 },
    grid: { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } },
  },
} as const;

export interface LineFieldsetProps {
  /** the legend, e.g. "Income 2"; the button says "Remove income 2" */
  title: string;
  onRemove: () => void;
  layout: LineLayout;
  children: ReactNode;
}

export function LineFieldset({ title, onRemove, layout, children }: LineFieldsetProps) {
  const { paper, grid } = LAYOUTS[layout];
  return (
    <Paper variant="outlined" component="fieldset" sx={{ p: 2, ...paper, border: 1, borderColor: 'divider' }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {title}
      </Typography>
      <Box sx={grid}>{children}</Box>
      <Button size="small" color="error" onClick={onRemove} sx={{ mt: 1 }} data-no-print>
        Remove {title.toLowerCase()}
      </Button>
    </Paper>
  );
}
