/**
 * The support console: /app/support/tickets (a table with sorting, paging, the shared SPEC §9
 * column filters and the desk's state and assignee filters, all folded behind one "Filters" button,
 * client-side over the list the server returns; the median time to first reply of what is shown)
 * and /app/support/tickets/:key (one ticket: its state, assignee, thread, reply to the student,
 * internal note, resolve / reopen, the way to its replay). Times to first reply count business hours
 * (SPEC §9: Monday–Friday, 8 a.m.–6 p.m. ET). The queue shows each ticket's day and time of day in
 * the zone of the school it came from, its school and the student's classes there, a mark when it has
 * a recording, filters by state, school, assignee (me) and recording, and one row per student's
 * tickets within an hour (desk/groups.ts), which expands; saved replies per support team are edited
 * under the queue and picked into a reply (components/SavedReplies.tsx).
 * Only SUPPORT / GADMINSUPERUSER; anyone else sees a refusal (and the server answers 403 anyway).
 */
import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import MenuItem from '@mui/material/MenuItem';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { businessMsBetween, formatBusinessDuration, median } from '../../../../common/businessHours';
import {
  SUPPORT_HOURS_NOTE,
  SUPPORT_PERMISSION,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  type SavedReply,
  type TicketMessage,
  type TicketStatus,
  type TicketSummary,
} from '../../../../common/support';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ColumnFilter, type ColumnFilterState } from '../../../ui/ColumnFilter';
import { countFiltersInUse, FilterPanel } from '../../../ui/FilterPanel';
import { defaultMatchMode, matchesFilter, type FilterKind } from '../../../ui/filters';
import { formatDate, formatTime } from '../../../ui/format';
import { PageFrame } from '../../../ui/PageFrame';
import { TableFrame, blockBelowMd, cellFromMd } from '../../../ui/TableFrame';
import { selectHasPermission, selectTimeZone, selectUser } from '../../auth';
import { MessageForm } from '../components/MessageForm';
import { SavedRepliesManager, SavedReplyPicker } from '../components/SavedReplies';
import { groupTickets } from '../desk/groups';
import { replayPath } from '../sagas';
import { selectDeskSend, selectStaff, selectTicket, selectTickets } from '../selectors';
import { deskActionRequested, staffRequested, ticketRequested, ticketResolveRequested, ticketsRequested } from '../slice';
import { registerArea } from '../../../app/areas';
import { supportArea } from '../area';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(supportArea);

export const NOT_ALLOWED = 'You do not have permission to see support tickets.';
const consoleCrumbs = [
  { label: 'Home', to: '/app' },
  { label: 'Support', to: '/app/support' },
];

function useIsStaff() {
  return useAppSelector((state) => selectHasPermission(state, SUPPORT_PERMISSION));
}

interface Column {
  id: 'key' | 'subject' | 'name' | 'school' | 'class' | 'status' | 'createdAt';
  label: string;
  kind: FilterKind;
  value: (t: TicketSummary) => string | number | null;
  filterValue?: (t: TicketSummary) => string | number | Date | null;
}

const COLUMNS: Column[] = [
  { id: 'key', label: 'Ticket', kind: 'text', value: (t) => t.number, filterValue: (t) => t.key },
  { id: 'subject', label: 'Subject', kind: 'text', value: (t) => t.subject.toLocaleLowerCase(), filterValue: (t) => t.subject },
  { id: 'name', label: 'From', kind: 'text', value: (t) => t.name.toLocaleLowerCase(), filterValue: (t) => `${t.name} ${t.email}` },
  { id: 'school', label: 'School', kind: 'text', value: (t) => (t.school ?? '').toLocaleLowerCase(), filterValue: (t) => t.school ?? '' },
  { id: 'class', label: 'Class', kind: 'text', value: (t) => t.classes.join(', ').toLocaleLowerCase(), filterValue: (t) => t.classes.join(', ') },
  { id: 'status', label: 'Status', kind: 'text', value: (t) => t.status, filterValue: (t) => TICKET_STATUS_LABELS[t.status] },
  { id: 'createdAt', label: 'Created', kind: 'date', value: (t) => t.createdAt, filterValue: (t) => new Date(t.createdAt) },
];

/** The columns kept below md (a phone, a tablet held upright); the others fold under the ticket's key. */
const KEPT_FOLDED: ReadonlySet<Column['id']> = new Set(['key', 'status']);

type Filters = Record<Column['id'], ColumnFilterState>;
const emptyFilters = (): Filters =>
  Object.fromEntries(COLUMNS.map((c) => [c.id, { mode: defaultMatchMode(c.kind), value: '' }])) as Filters;

/**
 * Pure: filter (SPEC §9 match modes), then sort. The Created filter's moment is the day it is in
 * `timeZone`, the signed-in staff member's, as the table shows it; a typed day is that calendar day.
 */
export function visibleTickets(
  tickets: readonly TicketSummary[],
  filters: Filters,
  orderBy: Column['id'],
  order: 'asc' | 'desc',
  timeZone?: string,
): TicketSummary[] {
  const column = COLUMNS.find((c) => c.id === orderBy) ?? COLUMNS[0]!;
  return tickets
    .filter((t) =>
      COLUMNS.every((c) => {
        const f = filters[c.id];
        return matchesFilter((c.filterValue ?? c.value)(t), f.mode, f.value, { timeZone });
      }),
    )
    .sort((a, b) => {
      const x = column.value(a) ?? '';
      const y = column.value(b) ?? '';
      const cmp = x < y ? -1 : x > y ? 1 : 0;
      return order === 'asc' ? cmp : -cmp;
    });
}

/** The desk's own filters, beside the column filters: a state, a school, who the ticket is assigned to, and a recording. */
export interface DeskFilters {
  state: TicketStatus | '';
  /** '' any school, else the school's name as the tickets carry it ('-': none, a /help ticket) */
  school: string;
  /** '' anyone, 'none' unassigned, 'me' the signed-in staff member, or a staff member's id */
  assignee: string;
  /** only tickets with a recording to replay */
  recording: boolean;
}
export const noDeskFilters: DeskFilters = { state: '', school: '', assignee: '', recording: false };
const NO_SCHOOL = '-';

/** Pure: the tickets the state, school, assignee and recording filters let through (`meId`: the signed-in staff member). */
export function deskFiltered(tickets: readonly TicketSummary[], filters: DeskFilters, meId: number | null): TicketSummary[] {
  return tickets.filter((t) => {
    if (filters.state && t.status !== filters.state) return false;
    if (filters.school && (t.school ?? NO_SCHOOL) !== filters.school) return false;
    if (filters.recording && !t.hasRecording) return false;
    if (filters.assignee === 'none') return t.assignee === null;
    if (filters.assignee === 'me') return t.assignee !== null && t.assignee.id === meId;
    if (filters.assignee) return t.assignee !== null && String(t.assignee.id) === filters.assignee;
    return true;
  });
}

/** A ticket's time to first reply in business hours, or null while it has none. */
export function firstReplyMs(t: Pick<TicketSummary, 'createdAt' | 'firstReplyAt'>): number | null {
  return t.firstReplyAt === null ? null : businessMsBetween(t.createdAt, t.firstReplyAt);
}

export function firstReplyText(t: Pick<TicketSummary, 'createdAt' | 'firstReplyAt'>): string {
  const ms = firstReplyMs(t);
  return ms === null ? 'No reply yet' : formatBusinessDuration(ms);
}

/** The median time to first reply over the tickets that have one, in words. */
export function medianFirstReplyText(tickets: readonly TicketSummary[]): string {
  const times = tickets.map(firstReplyMs).filter((ms): ms is number => ms !== null);
  const middle = median(times);
  if (middle === null) return 'Median time to first reply: no ticket shown has a reply yet.';
  return `Median time to first reply: ${formatBusinessDuration(middle)} (${times.length} of ${tickets.length} shown tickets answered; business hours are ${SUPPORT_HOURS_NOTE}).`;
}

function Refused({ title }: { title: string }) {
  return (
    <PageFrame title={title} crumbs={[...consoleCrumbs, { label: title }]}>
      <Alert severity="error">{NOT_ALLOWED}</Alert>
    </PageFrame>
  );
}

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

const MESSAGE_HEADINGS: Record<TicketMessage['kind'], string> = {
  reply: 'Reply to the student',
  note: 'Internal note (staff only)',
  student: 'The student answered',
};

/** A ticket's thread, oldest first; internal notes stand out so nobody takes one for a reply. */
export function Thread({ messages, timeZone, who }: { messages: readonly TicketMessage[]; timeZone: string; who: (m: TicketMessage) => string }) {
  if (messages.length === 0) return <Typography>No messages yet.</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {messages.map((m) => (
        <Box
          component="li"
          key={m.id}
          sx={{ border: 1, borderColor: m.kind === 'note' ? 'warning.main' : 'divider', borderStyle: m.kind === 'note' ? 'dashed' : 'solid', borderRadius: 1, p: 1.5 }}
        >
          <Typography variant="subtitle2" component="p">
            {who(m)} · {formatTime(m.createdAt, timeZone, { day: true })}
          </Typography>
          <Typography component="p" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.body}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function TicketPage() {
  const { key = '' } = useParams();
  const isStaff = useIsStaff();
  const dispatch = useAppDispatch();
  const ticket = useAppSelector(selectTicket);
  const staff = useAppSelector(selectStaff);
  const send = useAppSelector(selectDeskSend);
  const me = useAppSelector(selectUser);
  const timeZone = useAppSelector(selectTimeZone);
  // a saved reply picked: the reply form starts again from its text (picked again: again)
  const [startFrom, setStartFrom] = useState<SavedReply | null>(null);
  const [picks, setPicks] = useState(0);
  const pick = (reply: SavedReply) => {
    setStartFrom(reply);
    setPicks((n) => n + 1);
  };

  useEffect(() => {
    if (isStaff) dispatch(ticketRequested({ key }));
  }, [dispatch, isStaff, key]);
  useEffect(() => {
    if (isStaff) dispatch(staffRequested());
  }, [dispatch, isStaff]);

  const title = `Ticket ${key}`;
  if (!isStaff) return <Refused title={title} />;
  // a ticket that does not exist (or is not this staff member's to see) is Not Found, tab title too
  if (ticket.status === 'failed' && ticket.error?.status === 404) return <NotFoundPage />;
  const t = ticket.data;
  const pending = send.status === 'pending';
  const staffOptions = staff.data ?? [];
  const assigneeShown = t?.assignee && !staffOptions.some((s) => s.id === t.assignee!.id) ? [...staffOptions, t.assignee] : staffOptions;
  return (
    <PageFrame title={title} crumbs={[...consoleCrumbs, { label: 'Support Tickets', to: '/app/support/tickets' }, { label: key }]}>
      {ticket.status === 'loading' && <CircularProgress aria-label="Loading the ticket" />}
      {ticket.status === 'failed' && <Alert severity="error">{ticket.error?.message}</Alert>}
      {t && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h5" component="h2" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
            {t.subject}
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
            <dt>State</dt>
            <dd style={{ margin: 0 }} data-testid="ticket-state">
              {TICKET_STATUS_LABELS[t.status]}
              {t.status === 'resolved' && t.resolvedAt !== null ? ` ${formatDate(t.resolvedAt, timeZone)}` : ''}
            </dd>
            <dt>Assigned to</dt>
            <dd style={{ margin: 0 }}>{t.assignee?.name ?? 'Nobody yet'}</dd>
            <dt>First reply</dt>
            <dd style={{ margin: 0 }}>{firstReplyText(t)}</dd>
            <dt>From</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>
              {t.name} &lt;{t.email}&gt;
            </dd>
            <dt>User name</dt>
            <dd style={{ margin: 0 }}>{t.userName ?? '(not signed in)'}</dd>
            <dt>School</dt>
            <dd style={{ margin: 0 }}>{t.school ?? '—'}</dd>
            <dt>Page</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{t.url}</dd>
            <dt>Created</dt>
            <dd style={{ margin: 0 }}>{formatDate(t.createdAt, timeZone)}</dd>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              select
              id="ticket-assignee"
              label="Assign to"
              size="small"
              sx={{ minWidth: 220 }}
              value={t.assignee ? String(t.assignee.id) : ''}
              disabled={pending}
              onChange={(e) => dispatch(deskActionRequested({ kind: 'assign', key: t.key, assigneeId: e.target.value ? Number(e.target.value) : null }))}
            >
              <MenuItem value="">Nobody</MenuItem>
              {assigneeShown.map((s) => (
                <MenuItem key={s.id} value={String(s.id)}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
            {me && t.assignee?.id !== me.id && (
              <Button variant="outlined" disabled={pending} onClick={() => dispatch(deskActionRequested({ kind: 'assign', key: t.key, assigneeId: me.id }))}>
                Assign to me
              </Button>
            )}
          </Box>
          <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
            Description
          </Typography>
          <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', m: 0 }}>
            {t.description}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
            {t.recording ? (
              <Button variant="outlined" component={RouterLink} to={replayPath(t.recording.id)}>
                Replay the session recording
              </Button>
            ) : (
              <Typography variant="body2">No session recording{t.recordingId ? ' (not uploaded, or deleted after the retention period)' : ''}.</Typography>
            )}
            {t.status !== 'resolved' ? (
              <Button variant="contained" onClick={() => dispatch(ticketResolveRequested({ key: t.key }))}>
                Mark resolved
              </Button>
            ) : (
              <Button variant="outlined" disabled={pending} onClick={() => dispatch(deskActionRequested({ kind: 'reopen', key: t.key }))}>
                Reopen
              </Button>
            )}
          </Box>
          <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
            Conversation
          </Typography>
          <Thread messages={t.messages} timeZone={timeZone} who={(m) => `${MESSAGE_HEADINGS[m.kind]} — ${m.kind === 'student' ? t.name : m.authorName}`} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3, mt: 2 }}>
            <Box component="section" aria-labelledby="reply-heading">
              <Typography id="reply-heading" variant="h6" component="h3">
                Reply to the student
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Shown under My requests and e-mailed to {t.email}. The ticket then waits on the student.
              </Typography>
              <SavedReplyPicker onPick={pick} />
              <MessageForm
                key={`reply-${send.sent.reply}-${startFrom?.id ?? ''}-${picks}`}
                id="ticket-reply"
                label="Your reply"
                submitLabel="Send reply"
                pending={pending}
                initialBody={startFrom?.body ?? ''}
                onSend={(body) => dispatch(deskActionRequested({ kind: 'reply', key: t.key, body }))}
              />
            </Box>
            <Box component="section" aria-labelledby="note-heading">
              <Typography id="note-heading" variant="h6" component="h3">
                Internal note
              </Typography>
              <Typography variant="body2" color="text.secondary">
                For staff only: never shown or e-mailed to the student.
              </Typography>
              <MessageForm key={`note-${send.sent.note}`} id="ticket-note" label="Note for staff" submitLabel="Add note" pending={pending} onSend={(body) => dispatch(deskActionRequested({ kind: 'note', key: t.key, body }))} />
            </Box>
          </Box>
        </Paper>
      )}
    </PageFrame>
  );
}
