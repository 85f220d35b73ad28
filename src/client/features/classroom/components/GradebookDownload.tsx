/**
 * The gradebook's download with the teacher's mark for missing work (nothing done, past due): 0 by
 * default, an empty cell, or M for a gradebook that takes a missing flag. Google Classroom takes 0
 * or an empty cell; M is for the gradebooks that read it.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { GRADEBOOK_MISSING_MARKS, type GradebookMissingMark } from '../../../../common/classroom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectGradebook } from '../selectors';
import { gradebookRequested } from '../slice';

const MARK_LABELS: Record<GradebookMissingMark, string> = { zero: '0', blank: 'Blank', M: 'M' };

export function GradebookDownload({ classId, className }: { classId: number; className: string | null }) {
  const dispatch = useAppDispatch();
  const gradebook = useAppSelector(selectGradebook);
  const [missing, setMissing] = useState<GradebookMissingMark>('zero');
  return (
    <>
      <Button variant="outlined" disabled={className === null || gradebook.status === 'pending'} onClick={() => className !== null && dispatch(gradebookRequested({ classId, className, missing }))}>
        Download gradebook (CSV)
      </Button>
      <TextField
        select
        size="small"
        id="gradebook-missing"
        label="Missing work"
        value={missing}
        onChange={(e) => setMissing(e.target.value as GradebookMissingMark)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 120 }}
      >
        {GRADEBOOK_MISSING_MARKS.map((mark) => (
          <option key={mark} value={mark}>
            {MARK_LABELS[mark]}
          </option>
        ))}
      </TextField>
    </>
  );
}
