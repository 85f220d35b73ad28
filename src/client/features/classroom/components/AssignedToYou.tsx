/**
 * A student's class work on Home, in three parts: the one next step (nextStep.ts's rule) with one
 * prominent button; "Assigned to you", the rest of the open work by due day, each with its class,
 * due day and how far along it is (overdue is one calm mark, not the item's colour); and "Done",
 * collapsed, with each finished item's best score; then "Returned to you", the work their teachers
 * returned with its score and comment. Nothing at all for a student with no assignments and nothing
 * returned (Home stays as it was for students without classes), nor when a list could not be read.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { MyAssignment, TurnInSummary } from '../../../../common/classroom';
import { budgetPath } from '../../budgetWizard';
import { worksheetPath } from '../../worksheets';
import { dayOf, type CalendarDay } from '../../../../common/calendarDay';
import { registerArea } from '../../../app/areas';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectTimeZone } from '../../auth';
import { classroomArea } from '../area';
import { chooseNextStep, dueLine, dueSoon, nextStepAction, nextStepHeading } from '../nextStep';
import { returnedWork } from '../inbox';
import { selectMyAssignments, selectMyAssignmentsStatus, selectMyDoneAssignments, selectMyTurnIns } from '../selectors';
import type { AppStore } from '../../../app/store';
import { myAssignmentsRequested, myTurnInsRequested } from '../slice';
import { StatusChip } from './StatusChip';
import { ReviewNote } from './TurnInView';

registerArea(classroomArea);

/** The list was just asked for ahead of Home (assignmentsAnswered): Home's first mount does not ask again. */
let answeredAhead = false;

/**
 * Asks for the student's assignments and resolves once they are answered (or could not be), or
 * after `boundMs`: Home's loader waits on it, so the list is there at Home's first render.
 */
export function assignmentsAnswered(store: AppStore, boundMs: number): Promise<void> {
  const settled = () => ['succeeded', 'failed'].includes(selectMyAssignmentsStatus(store.getState()));
  store.dispatch(myAssignmentsRequested());
  answeredAhead = true;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, boundMs);
    const unsubscribe = store.subscribe(() => {
      if (settled()) done();
    });
    if (settled()) done();
  });
}

/** Overdue or due soon, as a word and a mark (never colour alone); nothing for the rest. */
function DueMark({ assignment, today }: { assignment: MyAssignment; today: CalendarDay }) {
  if (assignment.overdue) {
    return (
      <Typography component="span" variant="body2" sx={{ color: 'error.main', fontWeight: 700, whiteSpace: 'nowrap' }}>
        <span aria-hidden="true">! </span>Overdue
      </Typography>
    );
  }
  if (!dueSoon(assignment, today)) return null;
  return (
    <Typography component="span" variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
      <span aria-hidden="true">◷ </span>Due soon
    </Typography>
  );
}

/**
 * One assignment in a list: its title (a link to its page), a line with its class and due day, and
 * any further lines a caller gives (`children`), beside its marks.
 */
export function AssignmentItem({ assignment, today, marks, children }: { assignment: MyAssignment; today: CalendarDay; marks: ReactNode; children?: ReactNode }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 1, columnGap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Link component={RouterLink} to={assignment.href} sx={{ fontWeight: 600 }}>
          {assignment.title}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {assignment.className} · {dueLine(assignment, today)}
        </Typography>
        {assignment.note && <Typography variant="body2">{assignment.note}</Typography>}
        {children}
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>{marks}</Box>
    </Paper>
  );
}

const listSx = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 } as const;

/** The one next step: what it is and when it is due, in the heading, and one button that opens it. */
function NextStep({ assignment, today }: { assignment: MyAssignment; today: CalendarDay }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby="next-step-heading" data-testid="next-step" sx={{ p: 2, mb: 3, borderWidth: 2, borderColor: 'primary.main' }}>
      <Typography id="next-step-heading" variant="h5" component="h2" sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
        {nextStepHeading(assignment, today)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          {assignment.className}
        </Typography>
        <StatusChip status={assignment.progress} />
        <DueMark assignment={assignment} today={today} />
      </Box>
      {assignment.note && <Typography sx={{ mb: 1.5 }}>{assignment.note}</Typography>}
      <Button component={RouterLink} to={assignment.href} variant="contained" size="large">
        {nextStepAction(assignment)}
      </Button>
    </Paper>
  );
}

/** Finished work, folded away: a native disclosure, so it opens by keyboard and reads as one. */
function DoneList({ items, today }: { items: readonly MyAssignment[]; today: CalendarDay }) {
  if (items.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="done-heading" sx={{ mb: 4 }}>
      <Typography id="done-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
        Done
      </Typography>
      <Box component="details" data-testid="done-list" sx={{ '& > summary': { cursor: 'pointer', mb: 1, width: 'fit-content' } }}>
        <summary>{items.length === 1 ? 'Show 1 finished assignment' : `Show ${items.length} finished assignments`}</summary>
        <Box component="ul" sx={listSx}>
          {items.map((a) => (
            <AssignmentItem key={a.id} assignment={a} today={today} marks={<StatusChip status={a.progress} bestScore={a.bestScore} />}>
              {a.progress !== 'passed' && a.bestScore !== null && (
                <Typography variant="body2" color="text.secondary">
                  Best score {Math.round(a.bestScore)}%
                </Typography>
              )}
            </AssignmentItem>
          ))}
        </Box>
      </Box>
    </Box>
  );
}

/** The student's own copy of turned-in work: where they revise it and turn it in again. */
const workPath = (t: TurnInSummary) => (t.kind === 'budget' ? budgetPath({ id: t.documentId }) : t.worksheetKind ? worksheetPath({ kind: t.worksheetKind, id: t.documentId }) : null);

/** "Returned to you": the newest work the student's teachers returned, with score and comment. */
function ReturnedToYou() {
  const dispatch = useAppDispatch();
  const turnIns = useAppSelector(selectMyTurnIns);
  useEffect(() => {
    dispatch(myTurnInsRequested());
  }, [dispatch]);
  const returned = returnedWork(turnIns.data ?? []);
  if (returned.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="returned-heading" sx={{ mb: 4 }}>
      <Typography id="returned-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
        Returned to you
      </Typography>
      <Box component="ul" sx={listSx}>
        {returned.map((t) => {
          const path = workPath(t);
          return (
            <Paper component="li" key={t.id} variant="outlined" sx={{ p: 1.5 }}>
              {path ? (
                <Link component={RouterLink} to={path} sx={{ fontWeight: 600 }}>
                  {t.title}
                </Link>
              ) : (
                <Typography sx={{ fontWeight: 600 }}>{t.title}</Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                {t.className} · Revise it and turn it in again if you like.
              </Typography>
              {t.review && <ReviewNote review={t.review} />}
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}

export function AssignedToYou() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectMyAssignments);
  const done = useAppSelector(selectMyDoneAssignments);
  const timeZone = useAppSelector(selectTimeZone);
  // the day is read when Home opens: "due tomorrow" is the learner's tomorrow (User.timezone)
  const [openedAt] = useState(() => Date.now());
  // the mount that found the list just answered (kept across StrictMode's second run of the effect)
  const aheadOfThisMount = useRef(false);
  useEffect(() => {
    if (answeredAhead || aheadOfThisMount.current) {
      answeredAhead = false;
      aheadOfThisMount.current = true;
      return;
    }
    // every other visit to Home asks again, so the list is fresh
    dispatch(myAssignmentsRequested());
  }, [dispatch]);
  if (open.length === 0 && done.length === 0) return <ReturnedToYou />;
  const today = dayOf(openedAt, timeZone)!;
  const next = chooseNextStep(open);
  const rest = open.filter((a) => a !== next);
  return (
    <>
      {next && <NextStep assignment={next} today={today} />}
      {rest.length > 0 && (
        <Box component="section" aria-labelledby="assigned-heading" sx={{ mb: 4 }}>
          <Typography id="assigned-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
            Assigned to you
          </Typography>
          <Box component="ul" sx={listSx}>
            {rest.map((a) => (
              <AssignmentItem
                key={a.id}
                assignment={a}
                today={today}
                marks={
                  <>
                    <DueMark assignment={a} today={today} />
                    <StatusChip status={a.progress} />
                  </>
                }
              />
            ))}
          </Box>
        </Box>
      )}
      <DoneList items={done} today={today} />
      <ReturnedToYou />
    </>
  );
}
