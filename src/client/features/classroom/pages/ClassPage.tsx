/**
 * /app/classes/:id: one class's dashboard. Its assignments (assign, change, withdraw), the gradebook
 * CSV, and the students × assignments grid (status with a mark and words, best score, time spent,
 * last active, signed in now), sortable by every column and filtered with SPEC §9's match modes.
 * The grid is polled while the page is open and its tab visible (sagas.ts); "Updated …" says when
 * its answer was made. A real table with row and column headers; on a phone it scrolls sideways
 * with the student column kept in view.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
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
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import type { Assignment, ClassDashboard } from '../../../../common/classroom';
import { registerArea } from '../../../app/areas';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ColumnFilter } from '../../../ui/ColumnFilter';
import { countFiltersInUse, FilterPanel } from '../../../ui/FilterPanel';
import { defaultMatchMode } from '../../../ui/filters';
import { PageFrame } from '../../../ui/PageFrame';
import { TableFrame } from '../../../ui/TableFrame';
import { selectTimeZone } from '../../auth';
import { classroomArea } from '../area';
import { AssignDialog, KIND_LABELS } from '../components/AssignDialog';
import { ConfirmDialog } from '../components/Dialogs';
import { GradebookDownload } from '../components/GradebookDownload';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import { classesCrumbs, NO_CLASSROOM_ACCESS, Refusal } from '../components/Refusals';
import { StatusChip } from '../components/StatusChip';
import {
  cellOf,
  DASHBOARD_FILTERS,
  formatMoment,
  formatTimeSpent,
  studentName,
  typedDueDay,
  updatedLabel,
  visibleStudents,
  type DashboardFilters,
  type DashboardSortKey,
} from '../model';
import { selectCanTeach, selectClassDetail, selectDashboard } from '../selectors';
import { classRequested, dashboardUnwatched, dashboardWatched } from '../slice';
import { ClassroomShareLink } from '../components/ClassroomShareLink';

registerArea(classroomArea);

const emptyFilters = (): DashboardFilters =>
  Object.fromEntries(DASHBOARD_FILTERS.map((f) => [f.id, { mode: defaultMatchMode(f.kind), value: '' }])) as DashboardFilters;

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

const stickyStudent = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  minWidth: 160,
  boxShadow: 'inset -1px 0 0 rgba(0,0,0,0.12)',
} as const;

function SortHeader({ id, label, orderBy, order, onSort, sx }: { id: DashboardSortKey; label: string; orderBy: DashboardSortKey; order: 'asc' | 'desc'; onSort: (id: DashboardSortKey) => void; sx?: object }) {
  return (
    <TableCell sortDirection={orderBy === id ? order : false} sx={{ whiteSpace: 'nowrap', ...sx }} scope="col">
      <TableSortLabel active={orderBy === id} direction={orderBy === id ? order : 'asc'} onClick={() => onSort(id)}>
        {label}
      </TableSortLabel>
    </TableCell>
  );
}

function Grid({ dashboard, classId }: { dashboard: ClassDashboard; classId: number }) {
  const timeZone = useAppSelector(selectTimeZone);
  const [filters, setFilters] = useState<DashboardFilters>(emptyFilters);
  const [orderBy, setOrderBy] = useState<DashboardSortKey>('student');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const rows = useMemo(() => visibleStudents(dashboard, filters, orderBy, order, timeZone), [dashboard, filters, orderBy, order, timeZone]);
  const sortBy = (id: DashboardSortKey) => {
    if (orderBy === id) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setOrderBy(id);
      setOrder('asc');
    }
  };
  const headerProps = { orderBy, order, onSort: sortBy };
  const columns = 4 + dashboard.assignments.length;
  return (
    <>
      <FilterPanel inUse={countFiltersInUse(filters)}>
        {DASHBOARD_FILTERS.map((f) => (
          <ColumnFilter key={f.id} label={f.label} kind={f.kind} filter={filters[f.id]} onChange={(next) => setFilters({ ...filters, [f.id]: next })} />
        ))}
      </FilterPanel>
      <TableFrame label="Class progress">
        <Table size="small" aria-label="Class progress">
          <TableHead>
            <TableRow>
              <SortHeader id="student" label="Student" {...headerProps} sx={{ ...stickyStudent, zIndex: 2 }} />
              {dashboard.assignments.map((a) => (
                <SortHeader key={a.id} id={`a:${a.id}`} label={a.title} {...headerProps} />
              ))}
              <SortHeader id="timeSpent" label="Time spent" {...headerProps} />
              <SortHeader id="lastActive" label="Last active" {...headerProps} />
              <SortHeader id="signedIn" label="Signed in now" {...headerProps} />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((s) => (
              <TableRow key={s.userId} hover>
                <TableCell component="th" scope="row" sx={stickyStudent}>
                  <Link component={RouterLink} to={`/app/classes/${classId}/students/${s.userId}`}>
                    {studentName(s)}
                  </Link>
                  {s.externalId && (
                    <Typography variant="body2" color="text.secondary">
                      {s.externalId}
                    </Typography>
                  )}
                </TableCell>
                {dashboard.assignments.map((a) => {
                  const cell = cellOf(s, a.id);
                  return (
                    <TableCell key={a.id} data-testid={`cell-${s.userId}-${a.id}`}>
                      <StatusChip status={cell.status} bestScore={cell.bestScore} />
                      {(cell.attempts > 0 || cell.timeSpentSeconds > 0) && (
                        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                          {cell.attempts > 0 ? `${cell.attempts} ${cell.attempts === 1 ? 'attempt' : 'attempts'} · ` : ''}
                          {formatTimeSpent(cell.timeSpentSeconds)}
                        </Typography>
                      )}
                    </TableCell>
                  );
                })}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimeSpent(s.timeSpentSeconds)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMoment(s.lastActiveAt, timeZone)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {s.signedIn ? (
                    <>
                      <span aria-hidden="true">● </span>Signed in
                    </>
                  ) : (
                    'No'
                  )}
                </TableCell>
              </TableRow>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns}>
                  {dashboard.students.length === 0 ? 'No students yet. Students join with the class code: see “How to join”.' : 'No students match the filters.'}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableFrame>
    </>
  );
}

function Assignments({ classId, assignments }: { classId: number; assignments: Assignment[] }) {
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
              <TableCell scope="col">Kind</TableCell>
              <TableCell scope="col">Due</TableCell>
              <TableCell scope="col">Attempt limit</TableCell>
              <TableCell scope="col">Changes</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {assignments.map((a) => (
              <TableRow key={a.id}>
                <TableCell component="th" scope="row">
                  {a.title}
                </TableCell>
                <TableCell>{KIND_LABELS[a.kind].replace(/^An? /, '')}</TableCell>
                <TableCell>{typedDueDay(a.dueDate) || '—'}</TableCell>
                <TableCell>{a.kind === 'review' ? (a.maxAttempts ?? 'None') : '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => setEditing(a)} aria-label={`Change ${a.title}`}>
                    Change
                  </Button>
                  <Button size="small" color="error" onClick={() => setWithdrawing(a)} aria-label={`Withdraw ${a.title}`}>
                    Withdraw
                  </Button>
                  <ClassroomShareLink size="small" path={a.href} what={a.title} />
                </TableCell>
              </TableRow>
            ))}
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
        <GradebookDownload classId={classId} className={cls?.name ?? null} />
        <Button variant="outlined" component={RouterLink} to={`/app/classes/${classId}/join`}>
          How to join
        </Button>
        <ClassroomShareLink path={`/app/classes/${classId}`} />
      </Stack>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        Assignments
      </Typography>
      {cls ? <Assignments classId={classId} assignments={cls.assignments} /> : detail.status === 'loading' && <CircularProgress aria-label="Loading the class" />}
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
      {grid && <Grid dashboard={grid} classId={classId} />}
      {assigning && <AssignDialog open classId={classId} onClose={closeAssign} />}
    </PageFrame>
  );
}
