/**
 * A dashboard cell opened: one student's work on one assignment, read-only. Its state and due mark,
 * the sections of the assigned content (read or not, time on each), every review attempt with each
 * answer as given and whether it was right, and the worksheet turned in (opened in its own view).
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { AssignmentWork } from '../../../../common/classroom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectTimeZone } from '../../auth';
import { formatMoment, formatTimeSpent, studentName } from '../model';
import { selectAssignmentWork } from '../selectors';
import { workRequested } from '../slice';
import { CellChip } from './CellChip';
import { TurnInDialog } from './TurnInView';

export interface WorkDialogProps {
  classId: number;
  userId: number;
  assignmentId: number;
  onClose: () => void;
}

function Sections({ work }: { work: AssignmentWork }) {
  if (work.sections.length === 0) return null;
  return (
    <>
      <Typography variant="h6" component="h3">
        Sections
      </Typography>
      <List dense>
        {work.sections.map((s, i) => (
          <ListItem key={i} disableGutters>
            <span aria-hidden="true">{s.read ? '✓ ' : '○ '}</span>
            {s.title} — {s.read ? 'read' : 'not read'}, {formatTimeSpent(s.seconds)}
          </ListItem>
        ))}
      </List>
    </>
  );
}

function Attempts({ work, timeZone }: { work: AssignmentWork; timeZone: string }) {
  if (work.assignment.kind !== 'review' && work.assignment.kind !== 'module') return null;
  return (
    <>
      <Typography variant="h6" component="h3">
        Review attempts
      </Typography>
      {work.attempts.length === 0 && <Typography>No attempts yet.</Typography>}
      {work.attempts.map((a, i) => (
        <section key={i} aria-label={`Attempt ${work.attempts.length - i}`}>
          <Typography sx={{ fontWeight: 700, mt: 1 }}>
            Attempt {work.attempts.length - i}: {a.materialTitle} — {a.score}% {a.passed ? '(passed)' : '(not passed)'}, {formatMoment(a.createdAt, timeZone)}
          </Typography>
          {/* attempts from before answers were kept (and the demo's made-up ones) have none to show */}
          {a.answers.length === 0 && <Typography color="text.secondary">The answers of this attempt were not kept.</Typography>}
          <List dense>
            {a.answers.map((answer, n) => (
              <ListItem key={n} disableGutters sx={{ display: 'block' }}>
                <span aria-hidden="true">{answer.correct ? '✓ ' : '✗ '}</span>
                {answer.prompt} — <strong>{answer.answer}</strong> ({answer.correct ? 'right' : 'wrong'})
              </ListItem>
            ))}
          </List>
        </section>
      ))}
    </>
  );
}

export function WorkDialog({ classId, userId, assignmentId, onClose }: WorkDialogProps) {
  const dispatch = useAppDispatch();
  const work = useAppSelector(selectAssignmentWork);
  const timeZone = useAppSelector(selectTimeZone);
  const [turnInOpen, setTurnInOpen] = useState(false);
  useEffect(() => {
    dispatch(workRequested({ classId, userId, assignmentId }));
  }, [dispatch, classId, userId, assignmentId]);
  const data = work.data?.assignment.id === assignmentId && work.data.student.userId === userId ? work.data : null;
  if (turnInOpen && data?.turnIn) return <TurnInDialog turnInId={data.turnIn.id} onClose={onClose} teacher={{ classId, userId }} />;
  return (
    <Dialog open onClose={onClose} aria-labelledby="work-title" fullWidth maxWidth="md">
      <DialogTitle id="work-title">{data ? `${studentName(data.student)}: ${data.assignment.title}` : 'Student work'}</DialogTitle>
      {/* a long record scrolls: the content is a tab stop with a name, so a keyboard reaches all of it */}
      <DialogContent tabIndex={0} role="region" aria-label="The student’s work">
        {work.status === 'loading' && !data && <CircularProgress aria-label="Loading the work" />}
        {work.status === 'failed' && <Alert severity="error">{work.error?.message}</Alert>}
        {data && (
          <>
            <Typography component="div" sx={{ mb: 2 }}>
              <CellChip cell={data.cell} /> · {formatTimeSpent(data.cell.timeSpentSeconds)} spent
            </Typography>
            <Sections work={data} />
            <Attempts work={data} timeZone={timeZone} />
            {data.assignment.kind === 'worksheet' &&
              (data.turnIn ? (
                <Button variant="outlined" onClick={() => setTurnInOpen(true)}>
                  Open the turned-in worksheet “{data.turnIn.title}”
                </Button>
              ) : (
                <Typography>Nothing turned in yet.</Typography>
              ))}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
