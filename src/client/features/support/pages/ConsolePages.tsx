/**
 * The support console: /app/support/tickets (a table with sorting, paging and the
 * shared SPEC §9 column filters, client-side over the list the server returns) and
 * /app/support/tickets/:key (one ticket, mark resolved, the way to its replay).
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { SUPPORT_PERMISSION, type TicketSummary } from '../../../../common/support';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ColumnFilter, type ColumnFilterState } from '../../../ui/ColumnFilter';
import { countFiltersInUse, FilterPanel } from '../../../ui/FilterPanel';
import { defaultMatchMode, matchesFilter, type FilterKind } from '../../../ui/filters';
import { formatDate } from '../../../ui/format';
import { PageFrame } from '../../../ui/PageFrame';
import { TableFrame, blockBelowMd, cellFromMd } from '../../../ui/TableFrame';
import { selectHasPermission, selectTimeZone } from '../../auth';
import { replayPath } from '../sagas';
import { selectTicket, selectTickets } from '../selectors';
import { ticketRequested, ticketResolveRequested, ticketsRequested } from '../slice';
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
  id: 'key' | 'subject' | 'name' | 'school' | 'status' | 'createdAt';
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
  { id: 'status', label: 'Status', kind: 'text', value: (t) => t.status, filterValue: (t) => t.status },
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

function Refused({ title }: { title: string }) {
  return (
    <PageFrame title={title} crumbs={[...consoleCrumbs, { label: title }]}>
      <Alert severity="error">{NOT_ALLOWED}</Alert>
    </PageFrame>
  );
}

/** The empty table: nothing sent yet, or nothing that the filters in use let through. */
export const NO_TICKETS_YET = 'No tickets yet. A ticket appears here when someone sends one from Get Help or the help page.';
export const NO_TICKETS_MATCH = 'No tickets match the filters.';

export function TicketsPage() {
  const isStaff = useIsStaff();
  const dispatch = useAppDispatch();
  const tickets = useAppSelector(selectTickets);
  const timeZone = useAppSelector(selectTimeZone);
  const [filters, setFilters] = useState<Filters>(emptyFilters);
  const [orderBy, setOrderBy] = useState<Column['id']>('createdAt');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(10);

  useEffect(() => {
    if (isStaff) dispatch(ticketsRequested());
  }, [dispatch, isStaff]);

  const rows = useMemo(() => visibleTickets(tickets.data ?? [], filters, orderBy, order, timeZone), [tickets.data, filters, orderBy, order, timeZone]);
  if (!isStaff) return <Refused title="Support Tickets" />;
  const shown = rows.slice(page * rowsPerPage, page * rowsPerPage + rowsPerPage);

  const sortBy = (id: Column['id']) => {
    if (orderBy === id) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setOrderBy(id);
      setOrder('asc');
    }
  };

  return (
    <PageFrame title="Support Tickets" crumbs={[...consoleCrumbs, { label: 'Support Tickets' }]} maxWidth="100%">
      <FilterPanel inUse={countFiltersInUse(filters)}>
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
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((t) => {
              const created = formatDate(t.createdAt, timeZone);
              return (
                <TableRow key={t.key} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/app/support/tickets/${t.key}`} sx={{ whiteSpace: 'nowrap' }}>
                      {t.key}
                    </Link>
                    <Typography variant="body2" sx={{ ...blockBelowMd, overflowWrap: 'anywhere' }}>
                      {t.subject}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ ...blockBelowMd, overflowWrap: 'anywhere' }}>
                      {t.name}
                      <br />
                      {t.email}
                      <br />
                      {t.school ?? '—'} · {created}
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
                  <TableCell>
                    <Chip size="small" label={t.status === 'open' ? 'Open' : 'Resolved'} color={t.status === 'open' ? 'warning' : 'success'} variant="outlined" />
                  </TableCell>
                  <TableCell sx={cellFromMd}>{created}</TableCell>
                </TableRow>
              );
            })}
            {tickets.status === 'succeeded' && shown.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length}>{(tickets.data ?? []).length === 0 ? NO_TICKETS_YET : NO_TICKETS_MATCH}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableFrame>
      <TablePagination
        component="div"
        // on a phone the page's arrows go under the rows-per-page choice rather than out of sight
        sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: { xs: 1, sm: 2 } } }}
        count={rows.length}
        page={page}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={[10, 25, 50]}
        onPageChange={(_e, next) => setPage(next)}
        onRowsPerPageChange={(e) => {
          setRowsPerPage(Number(e.target.value));
          setPage(0);
        }}
      />
    </PageFrame>
  );
}

export function TicketPage() {
  const { key = '' } = useParams();
  const isStaff = useIsStaff();
  const dispatch = useAppDispatch();
  const ticket = useAppSelector(selectTicket);
  const timeZone = useAppSelector(selectTimeZone);

  useEffect(() => {
    if (isStaff) dispatch(ticketRequested({ key }));
  }, [dispatch, isStaff, key]);

  const title = `Ticket ${key}`;
  if (!isStaff) return <Refused title={title} />;
  // a ticket that does not exist (or is not this staff member's to see) is Not Found, tab title too
  if (ticket.status === 'failed' && ticket.error?.status === 404) return <NotFoundPage />;
  const t = ticket.data;
  return (
    <PageFrame title={title} crumbs={[...consoleCrumbs, { label: 'Support Tickets', to: '/app/support/tickets' }, { label: key }]}>
      {ticket.status === 'loading' && <CircularProgress aria-label="Loading the ticket" />}
      {ticket.status === 'failed' && <Alert severity="error">{ticket.error?.message}</Alert>}
      {t && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h5" component="h2" gutterBottom>
            {t.subject}
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
            <dt>Status</dt>
            <dd style={{ margin: 0 }}>{t.status === 'open' ? 'Open' : `Resolved ${formatDate(t.resolvedAt, timeZone)}`}</dd>
            <dt>From</dt>
            <dd style={{ margin: 0 }}>
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
            {t.status === 'open' && (
              <Button variant="contained" onClick={() => dispatch(ticketResolveRequested({ key: t.key }))}>
                Mark resolved
              </Button>
            )}
          </Box>
        </Paper>
      )}
    </PageFrame>
  );
}
