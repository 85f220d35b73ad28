/**
 * A dashboard cell's triage state as a chip (a mark and words as well as a colour; red only for
 * "needs help"), with its due mark beside it in words, never red.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { DashboardCell } from '../../../../common/classroom';
import { cellLook, dueLook } from '../model';

export function CellChip({ cell }: { cell: DashboardCell }) {
  const look = cellLook(cell);
  const due = dueLook(cell.due);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <Chip
        size="small"
        variant={cell.state === 'not-started' ? 'outlined' : 'filled'}
        color={look.colour}
        label={
          <>
            <span aria-hidden="true">{look.mark} </span>
            {look.label}
          </>
        }
        sx={{ fontWeight: cell.state === 'needs-help' ? 700 : 400 }}
      />
      {due && (
        <Box component="span" sx={{ whiteSpace: 'nowrap', fontSize: '0.8125rem', fontWeight: 700 }}>
          <span aria-hidden="true">{due.mark} </span>
          {due.label}
        </Box>
      )}
    </Box>
  );
}
