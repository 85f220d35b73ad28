/**
 * "Turn in" on a saved worksheet or budget, for a student in a class: choose the class when there are
 * several, confirm, and see it turned in with the teacher's comments. Nothing for a student in no class.
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { WorksheetKind } from '../../../../common/worksheets';
import { registerArea } from '../../../app/areas';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { RequestAlerts } from '../../../ui/RequestAlerts';
import { selectTimeZone } from '../../auth';
import { classroomArea } from '../area';
import { formatMoment } from '../model';
import { selectMyAssignments, selectMyClasses, selectMyTurnIns, selectTurningIn } from '../selectors';
import { myAssignmentsRequested, myClassesRequested, myTurnInsRequested, turnInSubmitted } from '../slice';
import { Comments, ReviewNote } from './TurnInView';

registerArea(classroomArea);

export interface TurnInPanelProps {
  kind: 'worksheet' | 'budget';
  documentId: number;
  /** a worksheet's kind: turning it in answers that class's assignment of it */
  worksheetKind?: WorksheetKind;
}

export function TurnInPanel({ kind, documentId, worksheetKind }: TurnInPanelProps) {
  const dispatch = useAppDispatch();
  const classes = useAppSelector(selectMyClasses);
  const turnIns = useAppSelector(selectMyTurnIns);
  const assignments = useAppSelector(selectMyAssignments);
  const turningIn = useAppSelector(selectTurningIn);
  const timeZone = useAppSelector(selectTimeZone);
  // 'sent': the dialog stays until the turn-in went through (a refusal shows in it)
  const [phase, setPhase] = useState<'closed' | 'open' | 'sent'>('closed');
  const open = phase === 'open' || (phase === 'sent' && turningIn.status !== 'succeeded');
  const setOpen = (next: boolean) => setPhase(next ? 'open' : 'closed');
  const [classId, setClassId] = useState<number | null>(null);

  useEffect(() => {
    dispatch(myClassesRequested());
    dispatch(myTurnInsRequested());
    dispatch(myAssignmentsRequested());
  }, [dispatch]);

  const mine = classes.data ?? [];
  if (mine.length === 0) return null;
  const done = (turnIns.data ?? []).filter((t) => t.kind === kind && t.documentId === documentId);
  const chosen = classId ?? (mine.length === 1 ? mine[0]!.id : null);
  const assignmentFor = (id: number) => assignments.find((a) => a.classId === id && a.kind === 'worksheet' && worksheetKind && a.worksheetKind === worksheetKind)?.id ?? null;

  return (
    <Box component="section" aria-labelledby={`turn-in-${kind}-${documentId}`} sx={{ my: 3, maxWidth: 960, mx: 'auto' }}>
      <Typography id={`turn-in-${kind}-${documentId}`} variant="h6" component="h2" sx={{ mb: 1 }}>
        Turn in to your teacher
      </Typography>
      {done.map((t) => (
        <Alert key={t.id} severity={t.review ? 'info' : 'success'} sx={{ mb: 1 }}>
          <Typography>
            Turned in to {t.className} on {formatMoment(t.turnedInAt, timeZone)}.
            {t.review?.returnedAt != null && ` Returned ${formatMoment(t.review.returnedAt, timeZone)}: revise it and turn it in again if you like.`}
          </Typography>
          {t.review && <ReviewNote review={t.review} />}
          {t.comments.length > 0 && (
            <Box sx={{ mt: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>Teacher’s comments</Typography>
              <Comments comments={t.comments} />
            </Box>
          )}
        </Alert>
      ))}
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {done.length > 0 ? 'Turn in again' : 'Turn in'}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="turn-in-confirm-title">
        <DialogTitle id="turn-in-confirm-title">Turn in this {kind}?</DialogTitle>
        <DialogContent>
          <RequestAlerts error={turningIn.status === 'failed' ? turningIn.error : null} />
          {mine.length > 1 ? (
            <RadioGroup aria-label="Class" value={chosen === null ? '' : String(chosen)} onChange={(e) => setClassId(Number(e.target.value))}>
              {mine.map((c) => (
                <FormControlLabel key={c.id} value={String(c.id)} control={<Radio />} label={`${c.name} (${c.teachers.join(', ')})`} />
              ))}
            </RadioGroup>
          ) : (
            <DialogContentText>It goes to {mine[0]!.name}.</DialogContentText>
          )}
          <DialogContentText sx={{ mt: 1 }}>Your teacher sees it as it is now. You can keep changing your copy.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            variant="contained"
            disabled={chosen === null || turningIn.status === 'pending'}
            onClick={() => {
              if (chosen === null) return;
              setPhase('sent');
              dispatch(turnInSubmitted({ classId: chosen, kind, documentId, assignmentId: assignmentFor(chosen) }));
            }}
          >
            Turn in
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
