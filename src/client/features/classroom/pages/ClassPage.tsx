/**
 * /app/classes/:id: one class's dashboard. Its assignments (assign, change, withdraw), the gradebook
 * CSV, and the dashboard's triage (components/TriageGrid.tsx): a strip of groups that filters, the
 * students × assignments grid with a summary row, each cell opening the student's work; on a phone
 * a list of students with their state. The grid is polled while the page is open and its tab
 * visible (sagas.ts); "Updated …" says when its answer was made.
 */
import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import type { Assignment } from '../../../../common/classroom';
import { registerArea } from '../../../app/areas';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageFrame } from '../../../ui/PageFrame';
import { cellFromSm, FoldedLines, TableFrame } from '../../../ui/TableFrame';
import { selectTimeZone } from '../../auth';
import { classroomArea } from '../area';
import { AssignDialog, KIND_LABELS } from '../components/AssignDialog';
import { ConfirmDialog } from '../components/Dialogs';
import { GradebookDownload } from '../components/GradebookDownload';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import { classesCrumbs, NO_CLASSROOM_ACCESS, Refusal } from '../components/Refusals';
import { TriageGrid } from '../components/TriageGrid';
import { dueDayText, updatedLabel } from '../model';
import { selectCanTeach, selectClassDetail, selectDashboard } from '../selectors';
import { classRequested, dashboardUnwatched, dashboardWatched } from '../slice';
import { ClassroomShareLink } from '../components/ClassroomShareLink';

registerArea(classroomArea);

/** A class id from the address: the route lets only digits through (routes.tsx `numeric`). */
export function useClassId(): number {
  const { id = '' } = useParams();
  return Number(id);
}

/** Polls the dashboard while the page is open and its tab visible; stops when either ends. */
export function useDashboardWatch(classId: number, enabled: boolean) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!enabled) return undefined;
    const follow = () => dispatch(document.visibilityState === 'hidden' ? dashboardUnwatched() : dashboardWatched({ classId }));
    follow();
    document.addEventListener('visibilitychange', follow);
    return () => {
      document.removeEventListener('visibilitychange', follow);
      dispatch(dashboardUnwatched());
    };
  }, [dispatch, classId, enabled]);
}

function Assignments({ classId, assignments, schoolZone }: { classId: number; assignments: Assignment[]; schoolZone: string }) {
  const [editing, setEditing] = useState<Assignment | null>(null);
  const [withdrawing, setWithdrawing] = useState<Assignment | null>(null);
  const closeEdit = useCallback(() => setEditing(null), []);
  const closeWithdraw = useCallback(() => setWithdrawing(null), []);
  if (assignments.length === 0) return <Typography sx={{ mb: 2 }}>Nothing assigned yet.</Typography>;
  return (
    <>
      <TableFrame label="Assignments" sx={{ mb: 3 }}>
        <Table size="small" aria-label="Assignments">
          <TableHead>
            <TableRow>
              <TableCell scope="col">Assignment</TableCell>
              <TableCell scope="col" sx={cellFromSm}>
                Kind
              </TableCell>
              <TableCell scope="col" sx={cellFromSm}>
                Due
              </TableCell>
              <TableCell scope="col" sx={cellFromSm}>
                Attempt limit
              </TableCell>
              <TableCell scope="col">Changes</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {assignments.map((a) => {
              const due = dueDayText(a.dueDate, a.dueAt, schoolZone);
              return (
                <TableRow key={a.id}>
                  <TableCell component="th" scope="row">
                    {a.title}
                    {a.kind === 'review' && (
                      <Box sx={{ fontWeight: 'normal' }}>
                        <Link component={RouterLink} to={`/app/classes/${classId}/reviews/${a.id}/questions`} aria-label={`What the class got wrong: ${a.title}`}>
                          What the class got wrong
                        </Link>
                      </Box>
                    )}
                    {/* on a phone kind, due day and attempt limit fold in under the title: the table wraps instead of scrolling */}
                    <FoldedLines
                      lines={[
                        `${KIND_LABELS[a.kind].replace(/^An? /, '')} · ${due ? `Due ${due}` : 'No due day'}`,
                        ...(a.kind === 'review' ? [`Attempt limit: ${a.maxAttempts ?? 'none'}`] : []),
                      ]}
                    />
                  </TableCell>
                  <TableCell sx={cellFromSm}>{KIND_LABELS[a.kind].replace(/^An? /, '')}</TableCell>
                  <TableCell sx={cellFromSm}>{due || '—'}</TableCell>
                  <TableCell sx={cellFromSm}>{a.kind === 'review' ? (a.maxAttempts ?? 'None') : '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: { sm: 'nowrap' }, '& > *': { display: { xs: 'flex', sm: 'inline-flex' } } }}>
                    <Button size="small" onClick={() => setEditing(a)} aria-label={`Change ${a.title}`}>
                      Change
                    </Button>
                    <Button size="small" color="error" onClick={() => setWithdrawing(a)} aria-label={`Withdraw ${a.title}`}>
                      Withdraw
                    </Button>
                    <ClassroomShareLink size="small" path={a.href} what={a.title} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableFrame>
      {editing && <AssignDialog open classId={classId} editing={editing} onClose={closeEdit} />}
      {withdrawing && (
        <ConfirmDialog open title={`Withdraw “${withdrawing.title}”?`} confirmLabel="Withdraw" change={{ kind: 'withdraw', classId, assignmentId: withdrawing.id }} onClose={closeWithdraw} danger>
          Students no longer see it as assigned. Their work on it stays theirs.
        </ConfirmDialog>
      )}
    </>
  );
}

export function ClassPage() {
  const classId = useClassId();
  const canTeach = useAppSelector(selectCanTeach);
  const dispatch = useAppDispatch();
  const detail = useAppSelector(selectClassDetail);
  const dashboard = useAppSelector(selectDashboard);
  const timeZone = useAppSelector(selectTimeZone);
  const [assigning, setAssigning] = useState(false);
  const closeAssign = useCallback(() => setAssigning(false), []);

  useEffect(() => {
    if (canTeach) dispatch(classRequested({ classId }));
  }, [dispatch, canTeach, classId]);
  useDashboardWatch(classId, canTeach);

  if (!canTeach) return <Refusal title="Class" message={NO_CLASSROOM_ACCESS} />;
  const cls = detail.data?.id === classId ? detail.data : null;
  // no such class, or not this teacher's: Not Found, tab title too (as an unknown ticket, S2.17)
  if (detail.status === 'failed' && (detail.error?.status === 404 || detail.error?.status === 403)) return <NotFoundPage />;
  const grid = dashboard.data?.classId === classId ? dashboard.data : null;
  const name = cls?.name ?? grid?.name ?? 'Class';

  return (
    <PageFrame title={name} namesTab crumbs={[...classesCrumbs, { label: name }]} maxWidth="100%">
      {cls && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {cls.schoolName} · {cls.studentCount} {cls.studentCount === 1 ? 'student' : 'students'}
          {cls.joinCode && !cls.archived ? ` · Class code ${cls.joinCode}` : ''}
          {cls.archived ? ' · Archived' : ''}
        </Typography>
      )}
      {detail.status === 'failed' && <Alert severity="error">{detail.error?.message}</Alert>}
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" onClick={() => setAssigning(true)} disabled={!cls || cls.archived}>
          Assign
        </Button>
        <Button variant="outlined" component={RouterLink} to={`/app/classes/${classId}/inbox`}>
          Inbox of turned-in work
        </Button>
        <GradebookDownload classId={classId} className={cls?.name ?? null} />
        <Button variant="outlined" component={RouterLink} to={`/app/classes/${classId}/join`}>
          How to join
        </Button>
        <ClassroomShareLink path={`/app/classes/${classId}`} />
      </Stack>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        Assignments
      </Typography>
      {cls ? <Assignments classId={classId} assignments={cls.assignments} schoolZone={cls.timezone} /> : detail.status === 'loading' && <CircularProgress aria-label="Loading the class" />}
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h5" component="h2">
          Progress
        </Typography>
        {grid && (
          <Typography variant="body2" color="text.secondary" data-testid="dashboard-updated">
            {updatedLabel(grid.generatedAt, timeZone)}
          </Typography>
        )}
      </Box>
      {dashboard.refreshError && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          Could not update: {dashboard.refreshError.message} Trying again.
        </Alert>
      )}
      {dashboard.status === 'failed' && !grid && dashboard.error?.status !== 404 && <Alert severity="error">{dashboard.error?.message}</Alert>}
      {!grid && dashboard.status === 'loading' && <CircularProgress aria-label="Loading progress" />}
      {grid && <TriageGrid dashboard={grid} classId={classId} />}
      {assigning && <AssignDialog open classId={classId} onClose={closeAssign} />}
    </PageFrame>
  );
}
