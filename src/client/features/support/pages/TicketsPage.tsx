/**
 * /app/support/tickets: a table with sorting, paging, the shared SPEC §9 column filters and the
 * desk's state, school, assignee and recording filters, all folded behind one "Filters" button,
 * client-side over the list the server returns; the median time to first reply of what is shown.
 * Each ticket's day and time show in the zone of the school it came from, with the student's classes
 * there; one student's tickets within an hour are one row that expands (desk/groups.ts); saved
 * replies per support team are edited under the queue (components/SavedReplies.tsx).
 * Only SUPPORT / GADMINSUPERUSER; anyone else sees a refusal (and the server answers 403 anyway).
 */
import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { TICKET_STATUSES, TICKET_STATUS_LABELS, type TicketStatus, type TicketSummary } from '../../../../common/support';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ColumnFilter } from '../../../ui/ColumnFilter';
import { countFiltersInUse, FilterPanel } from '../../../ui/FilterPanel';
import { formatTime } from '../../../ui/format';
import { PageFrame } from '../../../ui/PageFrame';
import { TableFrame, blockBelowMd, cellFromMd } from '../../../ui/TableFrame';
import { selectTimeZone, selectUser } from '../../auth';
import { SavedRepliesManager } from '../components/SavedReplies';
import { groupTickets } from '../desk/groups';
import { selectTickets } from '../selectors';
import { ticketsRequested } from '../slice';
import { COLUMNS, KEPT_FOLDED, NO_SCHOOL, deskFiltered, emptyFilters, firstReplyText, medianFirstReplyText, noDeskFilters, visibleTickets, type Column, type DeskFilters, type Filters } from '../desk/queue';
import { Refused, consoleCrumbs, useIsStaff } from './consoleAccess';
import { registerArea } from '../../../app/areas';
import { supportArea } from '../area';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(supportArea);

const STATUS_COLOR: Record<TicketStatus, 'info' | 'warning' | 'default' | 'success'> = {
  new: 'info',
  open: 'warning',
  'waiting-on-student': 'default',
  resolved: 'success',
};

/** The empty table: nothing sent yet, or nothing that the filters in use let through. */
export const NO_TICKETS_YET = 'No tickets yet. A ticket appears here when someone sends one from Get Help or the help page.';
export const NO_TICKETS_MATCH = 'No tickets match the filters.';

export function TicketsPage() {
  if (!useIsStaff()) return <Refused title="Support Tickets" />;
  return (
    <PageFrame title="Support Tickets" crumbs={[...consoleCrumbs, { label: 'Support Tickets' }]} maxWidth="100%">
      <TicketQueue />
      <SavedRepliesManager />
    </PageFrame>
  );
}

/**
 * The ticket queue: the tickets with their filters, sort and pages, each opening its page. On
 * /app/support/tickets and on a staff-only support user's Home; the caller checks SUPPORT.
 */
export function TicketQueue() {
  const dispatch = useAppDispatch();
  const tickets = useAppSelector(selectTickets);
  const timeZone = useAppSelector(selectTimeZone);
  const [filters, setFilters] = useState<Filters>(emptyFilters);
  const [desk, setDesk] = useState<DeskFilters>(noDeskFilters);
  const me = useAppSelector(selectUser);
  const [orderBy, setOrderBy] = useState<Column['id']>('createdAt');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(10);

  useEffect(() => {
    dispatch(ticketsRequested());
  }, [dispatch]);

  const rows = useMemo(
    () => visibleTickets(deskFiltered(tickets.data ?? [], desk, me?.id ?? null), filters, orderBy, order, timeZone),
    [tickets.data, desk, me, filters, orderBy, order, timeZone],
  );
  // the assignee filter offers who holds a ticket now: no extra request, and nobody it cannot match
  const assignees = useMemo(() => {
    const byId = new Map<number, string>();
    for (const t of tickets.data ?? []) if (t.assignee) byId.set(t.assignee.id, t.assignee.name);
    return [...byId].filter(([id]) => id !== me?.id).sort((a, b) => a[1].localeCompare(b[1]));
  }, [tickets.data, me]);
  // the schools the tickets come from, for the school filter
  const schools = useMemo(() => [...new Set((tickets.data ?? []).map((t) => t.school ?? NO_SCHOOL))].sort((a, b) => a.localeCompare(b)), [tickets.data]);
  // one student's tickets within an hour are one row that expands; pages count rows
  const groups = useMemo(() => groupTickets(rows), [rows]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const shown = groups.slice(page * rowsPerPage, page * rowsPerPage + rowsPerPage);
  const toggle = (key: string) => {
    const next = new Set(expanded);
    if (!next.delete(key)) next.add(key);
    setExpanded(next);
  };

  const sortBy = (id: Column['id']) => {
    if (orderBy === id) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setOrderBy(id);
      setOrder('asc');
    }
  };

  return (
    <>
      <FilterPanel inUse={countFiltersInUse(filters) + (desk.state ? 1 : 0) + (desk.school ? 1 : 0) + (desk.assignee ? 1 : 0) + (desk.recording ? 1 : 0)}>
        <TextField
          select
          id="ticket-state-filter"
          label="State"
          size="small"
          value={desk.state}
          onChange={(e) => {
            setDesk({ ...desk, state: e.target.value as DeskFilters['state'] });
            setPage(0);
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Any state</option>
          {TICKET_STATUSES.map((state) => (
            <option key={state} value={state}>
              {TICKET_STATUS_LABELS[state]}
            </option>
          ))}
        </TextField>
        <TextField
          select
          id="ticket-assignee-filter"
          label="Assigned to"
          size="small"
          value={desk.assignee}
          onChange={(e) => {
            setDesk({ ...desk, assignee: e.target.value });
            setPage(0);
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Anyone</option>
          <option value="me">Me</option>
          <option value="none">Nobody (unassigned)</option>
          {assignees.map(([id, name]) => (
            <option key={id} value={String(id)}>
              {name}
            </option>
          ))}
        </TextField>
        <TextField
          select
          id="ticket-school-filter"
          label="From school"
          size="small"
          value={desk.school}
          onChange={(e) => {
            setDesk({ ...desk, school: e.target.value });
            setPage(0);
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Any school</option>
          {schools.map((school) => (
            <option key={school} value={school}>
              {school === NO_SCHOOL ? 'No school (help page)' : school}
            </option>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Checkbox
              checked={desk.recording}
              onChange={(e) => {
                setDesk({ ...desk, recording: e.target.checked });
                setPage(0);
              }}
            />
          }
          label="Has a recording"
        />
        {COLUMNS.map((c) => (
          <ColumnFilter
            key={c.id}
            label={c.label}
            kind={c.kind}
            filter={filters[c.id]}
            onChange={(next) => {
              setFilters({ ...filters, [c.id]: next });
              setPage(0);
            }}
          />
        ))}
      </FilterPanel>
      {tickets.status === 'loading' && <CircularProgress aria-label="Loading tickets" />}
      {tickets.status === 'failed' && <Alert severity="error">{tickets.error?.message}</Alert>}
      {tickets.status === 'succeeded' && (
        <Typography sx={{ mb: 2 }} data-testid="median-first-reply">
          {medianFirstReplyText(rows)}
        </Typography>
      )}
      {/* below md the folded columns' headers are hidden: the sort is chosen here instead */}
      <Box sx={{ ...blockBelowMd, mb: 2 }}>
        <TextField
          select
          id="ticket-sort"
          label="Sort by"
          size="small"
          fullWidth
          value={`${orderBy} ${order}`}
          onChange={(e) => {
            const [id, direction] = e.target.value.split(' ') as [Column['id'], 'asc' | 'desc'];
            setOrderBy(id);
            setOrder(direction);
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {COLUMNS.flatMap((c) =>
            (['asc', 'desc'] as const).map((direction) => (
              <option key={`${c.id} ${direction}`} value={`${c.id} ${direction}`}>
                {c.label}, {direction === 'asc' ? 'ascending' : 'descending'}
              </option>
            )),
          )}
        </TextField>
      </Box>
      {/* below md (a phone, a tablet held upright, half a laptop's screen), the subject, sender, school and day go under the ticket's key */}
      <TableFrame label="Support tickets">
        <Table size="small" aria-label="Support tickets">
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c.id} sortDirection={orderBy === c.id ? order : false} sx={KEPT_FOLDED.has(c.id) ? undefined : cellFromMd}>
                  <TableSortLabel active={orderBy === c.id} direction={orderBy === c.id ? order : 'asc'} onClick={() => sortBy(c.id)}>
                    {c.label}
                  </TableSortLabel>
                </TableCell>
              ))}
              <TableCell sx={cellFromMd}>Assigned to</TableCell>
              <TableCell sx={cellFromMd}>First reply</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.flatMap(({ lead, more }) => {
              const open = expanded.has(lead.key);
              return [
                <TicketRow key={lead.key} t={lead} timeZone={timeZone} more={more} open={open} onToggle={() => toggle(lead.key)} />,
                ...(open ? more.map((t) => <TicketRow key={t.key} t={t} timeZone={timeZone} grouped />) : []),
              ];
            })}
            {tickets.status === 'succeeded' && shown.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length + 2}>{(tickets.data ?? []).length === 0 ? NO_TICKETS_YET : NO_TICKETS_MATCH}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableFrame>
      <TablePagination
        component="div"
        // on a phone the page's arrows go under the rows-per-page choice rather than out of sight
        sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: { xs: 1, sm: 2 } } }}
        count={groups.length}
        page={page}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={[10, 25, 50]}
        onPageChange={(_e, next) => setPage(next)}
        onRowsPerPageChange={(e) => {
          setRowsPerPage(Number(e.target.value));
          setPage(0);
        }}
      />
    </>
  );
}

/**
 * One row of the queue: the time of day in the school's zone (the staff member's for a /help ticket),
 * a recording mark, and for a group's first row the student's other tickets of that hour (`more`):
 * their keys while folded, and the button that shows their rows; a grouped row is set in.
 */
function TicketRow({
  t,
  timeZone,
  more = [],
  open = false,
  onToggle,
  grouped = false,
}: {
  t: TicketSummary;
  timeZone: string;
  more?: readonly TicketSummary[];
  open?: boolean;
  onToggle?: () => void;
  grouped?: boolean;
}) {
  const created = formatTime(t.createdAt, t.schoolTimezone ?? timeZone, { day: true });
  const classes = t.classes.length > 0 ? t.classes.join(', ') : '—';
  return (
    <TableRow hover sx={grouped ? { bgcolor: 'action.hover' } : undefined}>
      <TableCell sx={grouped ? { pl: 4 } : undefined}>
        <Link component={RouterLink} to={`/app/support/tickets/${t.key}`} sx={{ whiteSpace: 'nowrap' }}>
          {t.key}
        </Link>
        {t.hasRecording && <Chip size="small" variant="outlined" label="Recording" sx={{ ml: 1 }} />}
        {more.length > 0 && !open && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            Also within the hour:{' '}
            {more.map((m, i) => (
              <span key={m.key}>
                {i > 0 && ', '}
                <Link component={RouterLink} to={`/app/support/tickets/${m.key}`}>
                  {m.key}
                </Link>
              </span>
            ))}
          </Typography>
        )}
        {more.length > 0 && (
          <Button size="small" aria-expanded={open} onClick={onToggle} sx={{ display: 'block', px: 0, textTransform: 'none' }}>
            {open ? 'Hide' : 'Show'} {more.length} more from this student within the hour
          </Button>
        )}
        <Typography variant="body2" sx={{ ...blockBelowMd, overflowWrap: 'anywhere' }}>
          {t.subject}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ ...blockBelowMd, overflowWrap: 'anywhere' }}>
          {t.name}
          <br />
          {t.email}
          <br />
          {t.school ?? '—'}
          {t.classes.length > 0 ? ` · ${classes}` : ''} · {created}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ ...blockBelowMd, overflowWrap: 'anywhere' }}>
          {t.assignee?.name ?? 'Unassigned'} · {firstReplyText(t)}
        </Typography>
      </TableCell>
      <TableCell sx={cellFromMd}>{t.subject}</TableCell>
      <TableCell sx={cellFromMd}>
        {t.name}
        <Typography variant="body2" color="text.secondary">
          {t.email}
        </Typography>
      </TableCell>
      <TableCell sx={cellFromMd}>{t.school ?? '—'}</TableCell>
      <TableCell sx={cellFromMd}>{classes}</TableCell>
      <TableCell>
        <Chip size="small" label={TICKET_STATUS_LABELS[t.status]} color={STATUS_COLOR[t.status]} variant="outlined" />
      </TableCell>
      <TableCell sx={cellFromMd}>{created}</TableCell>
      <TableCell sx={cellFromMd}>{t.assignee?.name ?? 'Unassigned'}</TableCell>
      <TableCell sx={cellFromMd}>{firstReplyText(t)}</TableCell>
    </TableRow>
  );
}
