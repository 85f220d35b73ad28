/**
 * Home's "Assigned to you": a student's open assignments across their classes, overdue first, each
 * with its class, due day and status, linking to its page; then the work their teachers returned,
 * with its score and comment. Nothing at all for a student with none (Home stays as it was for
 * students without classes), nor when a list could not be read.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { MyAssignment, TurnInSummary } from '../../../../common/classroom';
import { budgetPath } from '../../budgetWizard';
import { worksheetPath } from '../../worksheets';
import { registerArea } from '../../../app/areas';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { classroomArea } from '../area';
import { typedDueDay } from '../model';
import { returnedWork } from '../inbox';
import { selectMyAssignments, selectMyAssignmentsStatus, selectMyTurnIns } from '../selectors';
import type { AppStore } from '../../../app/store';
import { myAssignmentsRequested, myTurnInsRequested } from '../slice';
import { StatusChip } from './StatusChip';
import { ReviewNote } from './TurnInView';

registerArea(classroomArea);

/** "Due 11/30/26", "Was due 11/20/26" (overdue), "Due 12/04/26 (extended)" (the student's own day), "No due day". */
export function dueLine(a: Pick<MyAssignment, 'dueDate' | 'overdue'> & { extended?: boolean }): string {
  if (!a.dueDate) return 'No due day';
  return `${a.overdue ? 'Was due' : 'Due'} ${typedDueDay(a.dueDate)}${a.extended ? ' (extended)' : ''}`;
}

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

/** One of Home's class lists: its heading and its items (li), one card each. */
function HomeList({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Typography id={id} variant="h5" component="h2" sx={{ mb: 2 }}>
        {heading}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {children}
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
    <HomeList id="returned-heading" heading="Returned to you">
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
    </HomeList>
  );
}

export function AssignedToYou() {
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectMyAssignments);
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
  if (items.length === 0) return <ReturnedToYou />;
  return (
    <>
      <HomeList id="assigned-heading" heading="Assigned to you">
        {items.map((a) => (
          <Paper component="li" key={a.id} variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
              <Link component={RouterLink} to={a.href} sx={{ fontWeight: 600 }}>
                {a.title}
              </Link>
              <Typography variant="body2" color={a.overdue ? 'error' : 'text.secondary'}>
                {a.className} · {dueLine(a)}
              </Typography>
              {a.note && <Typography variant="body2">{a.note}</Typography>}
            </Box>
            <StatusChip status={a.overdue ? 'overdue' : a.status} />
          </Paper>
        ))}
      </HomeList>
      <ReturnedToYou />
    </>
  );
}
