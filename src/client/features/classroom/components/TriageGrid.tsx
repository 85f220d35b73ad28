/**
 * The class dashboard's triage: a strip counting the students in each group ("3 need help · 5 have
 * not started overdue work · 12 done") whose entries filter the grid in one click, a name filter,
 * and the students × assignments grid with a summary row (done and average score per assignment),
 * its header row and name column kept in place while it scrolls; a cell opens the student's work
 * on that assignment; a student who reads in Spanish is marked beside their name. On a phone the
 * grid is a list of students with their triage state.
 * Quick filters take the place of the generic match-mode controls on this page.
 */
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import type { ClassDashboard, DashboardStudent } from '../../../../common/classroom';
import { useAppSelector } from '../../../app/hooks';
import { TableFrame } from '../../../ui/TableFrame';
import { selectTimeZone } from '../../auth';
import {
  assignmentSummary,
  cellOf,
  formatMoment,
  formatTimeSpent,
  groupLabel,
  NO_DASHBOARD_FILTERS,
  studentName,
  TRIAGE_GROUPS,
  triageCounts,
  visibleStudents,
  type DashboardFilters,
  type DashboardSortKey,
  type TriageGroup,
} from '../model';
import { CellChip } from './CellChip';
import { LanguageChip } from './LanguageChip';
import { WorkDialog } from './WorkDialog';

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

/** The strip: one toggle per group with its count; the one pressed filters the grid. */
function Strip({ dashboard, filters, onChange }: { dashboard: ClassDashboard; filters: DashboardFilters; onChange: (f: DashboardFilters) => void }) {
  const counts = triageCounts(dashboard);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, alignItems: { sm: 'center' }, flexWrap: 'wrap', rowGap: 1 }} role="group" aria-label="Students by state">
      {TRIAGE_GROUPS.map((g) => {
        const pressed = filters.group === g.id;
        return (
          <Chip
            key={g.id}
            component="button"
            clickable
            aria-pressed={pressed}
            color={g.id === 'needs-help' && counts[g.id] > 0 ? 'error' : g.id === 'done' ? 'success' : 'default'}
            variant={pressed ? 'filled' : 'outlined'}
            label={groupLabel(g.id, counts[g.id])}
            onClick={() => onChange({ ...filters, group: pressed ? null : (g.id as TriageGroup) })}
            data-testid={`strip-${g.id}`}
          />
        );
      })}
      {filters.group !== null && (
        <Chip component="button" clickable variant="outlined" label="Show all students" onClick={() => onChange({ ...filters, group: null })} />
      )}
      <TextField
        size="small"
        label="Find a student"
        value={filters.name}
        onChange={(e) => onChange({ ...filters, name: e.target.value })}
        sx={{ minWidth: { sm: 220 } }}
      />
    </Stack>
  );
}

/** A student's row on a phone: their name and how their assigned work stands, counted by state. */
function PhoneList({ students, dashboard, classId }: { students: DashboardStudent[]; dashboard: ClassDashboard; classId: number }) {
  return (
    <List aria-label="Students" data-testid="dashboard-phone-list">
      {students.map((s) => {
        const cells = dashboard.assignments.map((a) => cellOf(s, a.id));
        const help = cells.filter((c) => c.state === 'needs-help').length;
        const overdue = cells.filter((c) => c.due === 'overdue').length;
        const done = cells.filter((c) => c.state === 'done').length;
        return (
          <ListItem key={s.userId} divider sx={{ display: 'block', px: 0 }}>
            <Link component={RouterLink} to={`/app/classes/${classId}/students/${s.userId}`} sx={{ fontWeight: 700 }}>
              {studentName(s)}
            </Link>
            <LanguageChip language={s.language} />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
              {help > 0 && <Chip size="small" color="error" label={<><span aria-hidden="true">! </span>{help} need{help === 1 ? 's' : ''} help</>} />}
              {overdue > 0 && (
                <Typography component="span" variant="body2" sx={{ fontWeight: 700 }}>
                  <span aria-hidden="true">⏰ </span>
                  {overdue} overdue
                </Typography>
              )}
              <Typography component="span" variant="body2">
                {done} of {cells.length} done
              </Typography>
              {s.signedIn && (
                <Typography component="span" variant="body2">
                  <span aria-hidden="true">● </span>Signed in
                </Typography>
              )}
            </Box>
          </ListItem>
        );
      })}
    </List>
  );
}

export function TriageGrid({ dashboard, classId }: { dashboard: ClassDashboard; classId: number }) {
  const timeZone = useAppSelector(selectTimeZone);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [filters, setFilters] = useState<DashboardFilters>(NO_DASHBOARD_FILTERS);
  const [orderBy, setOrderBy] = useState<DashboardSortKey>('student');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [opened, setOpened] = useState<{ userId: number; assignmentId: number } | null>(null);
  const rows = useMemo(() => visibleStudents(dashboard, filters, orderBy, order), [dashboard, filters, orderBy, order]);
  const sortBy = (id: DashboardSortKey) => {
    if (orderBy === id) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setOrderBy(id);
      setOrder('asc');
    }
  };
  const headerProps = { orderBy, order, onSort: sortBy };
  const columns = 4 + dashboard.assignments.length;
  const empty = dashboard.students.length === 0 ? 'No students yet. Students join with the class code: see “How to join”.' : 'No students match the filters.';
  return (
    <>
      <Strip dashboard={dashboard} filters={filters} onChange={setFilters} />
      {phone ? (
        rows.length === 0 ? (
          <Typography>{empty}</Typography>
        ) : (
          <PhoneList students={rows} dashboard={dashboard} classId={classId} />
        )
      ) : (
        <TableFrame label="Class progress" maxHeight="75vh">
          <Table size="small" stickyHeader aria-label="Class progress">
            <TableHead>
              <TableRow>
                <SortHeader id="student" label="Student" {...headerProps} sx={{ ...stickyStudent, zIndex: 3 }} />
                {dashboard.assignments.map((a) => (
                  <SortHeader key={a.id} id={`a:${a.id}`} label={a.title} {...headerProps} />
                ))}
                <SortHeader id="timeSpent" label="Time spent" {...headerProps} />
                <SortHeader id="lastActive" label="Last active" {...headerProps} />
                <SortHeader id="signedIn" label="Signed in now" {...headerProps} />
              </TableRow>
            </TableHead>
            <TableBody>
              {dashboard.students.length > 0 && (
                <TableRow data-testid="summary-row" sx={{ bgcolor: 'action.hover' }}>
                  <TableCell component="th" scope="row" sx={{ ...stickyStudent, bgcolor: 'grey.100', fontWeight: 700 }}>
                    Class summary
                  </TableCell>
                  {dashboard.assignments.map((a) => {
                    const sum = assignmentSummary(dashboard, a.id);
                    return (
                      <TableCell key={a.id} data-testid={`summary-${a.id}`} sx={{ whiteSpace: 'nowrap' }}>
                        {sum.done} of {sum.total} done
                        {sum.averageScore !== null && <Typography variant="body2">Average {sum.averageScore}%</Typography>}
                      </TableCell>
                    );
                  })}
                  <TableCell colSpan={3} />
                </TableRow>
              )}
              {rows.map((s) => (
                <TableRow key={s.userId} hover>
                  <TableCell component="th" scope="row" sx={stickyStudent}>
                    <Link component={RouterLink} to={`/app/classes/${classId}/students/${s.userId}`}>
                      {studentName(s)}
                    </Link>
                    <LanguageChip language={s.language} />
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
                        <ButtonBase
                          onClick={() => setOpened({ userId: s.userId, assignmentId: a.id })}
                          aria-label={`Open ${studentName(s)}’s work on ${a.title}`}
                          sx={{ display: 'block', textAlign: 'left', borderRadius: 1, p: 0.5, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
                        >
                          <CellChip cell={cell} />
                          {(cell.attempts > 0 || cell.timeSpentSeconds > 0) && (
                            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                              {cell.attempts > 0 ? `${cell.attempts} ${cell.attempts === 1 ? 'attempt' : 'attempts'} · ` : ''}
                              {formatTimeSpent(cell.timeSpentSeconds)}
                            </Typography>
                          )}
                        </ButtonBase>
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
                  <TableCell colSpan={columns}>{empty}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableFrame>
      )}
      {opened && <WorkDialog classId={classId} userId={opened.userId} assignmentId={opened.assignmentId} onClose={() => setOpened(null)} />}
    </>
  );
}
