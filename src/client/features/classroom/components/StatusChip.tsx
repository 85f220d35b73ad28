/** An assignment's status as a chip: a mark and words as well as a colour, so no one needs the colour. */
import Chip from '@mui/material/Chip';
import type { AssignmentStatus } from '../../../../common/classroom';
import { statusLook } from '../model';

export function StatusChip({ status, bestScore = null }: { status: AssignmentStatus; bestScore?: number | null }) {
  const look = statusLook(status, bestScore);
  return (
    <Chip
      size="small"
      variant={status === 'not-started' ? 'outlined' : 'filled'}
      color={look.colour}
      label={
        <>
          <span aria-hidden="true">{look.mark} </span>
          {look.label}
        </>
      }
      sx={{ fontWeight: status === 'overdue' ? 700 : 400 }}
    />
  );
}
