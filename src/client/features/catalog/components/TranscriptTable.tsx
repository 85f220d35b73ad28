/**
 * The transcript: each module of the current school's catalog with status, dates, best
 * review score and time, filterable per column with the shared ColumnFilter (SPEC §9 match modes),
 * printable (a print stylesheet hides the app's chrome and the filters), with a certificate per
 * completed module. On a phone (below sm) it has two columns: the status, dates, score and time go
 * under the module's name; from sm and in print every column is its own.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { catalogPaths } from '../../../../common/catalog';
import { selectClients, selectUser, selectTimeZone } from '../../auth';
import { ColumnFilter, type ColumnFilterState } from '../../../ui/ColumnFilter';
import { countFiltersInUse, FilterPanel } from '../../../ui/FilterPanel';
import { defaultMatchMode, matchesFilter, type FilterKind } from '../../../ui/filters';
import { formatDate } from '../../../ui/format';
import { learnerLabel } from '../../../ui/learnerLabel';
import { FoldedLines, TableFrame, cellFromMd } from '../../../ui/TableFrame';
import { selectTranscriptRows, type TranscriptTableRow } from '../selectors';
import { CertificateButton } from './CertificateButton';
import { Loadable } from './Loadable';
import { useContent } from '../useContent';

type ColumnKey = 'module' | 'status' | 'percent' | 'started' | 'completed' | 'bestScore' | 'minutes';

const COLUMNS: { key: ColumnKey; label: string; kind: FilterKind }[] = [
  { key: 'module', label: 'Module', kind: 'text' },
  { key: 'status', label: 'Status', kind: 'text' },
  { key: 'percent', label: 'Progress (%)', kind: 'numeric' },
  { key: 'started', label: 'Started', kind: 'date' },
  { key: 'completed', label: 'Completed', kind: 'date' },
  { key: 'bestScore', label: 'Best review score (%)', kind: 'numeric' },
  { key: 'minutes', label: 'Time (min)', kind: 'numeric' },
];

const initialFilters = (): Record<ColumnKey, ColumnFilterState> =>
  Object.fromEntries(COLUMNS.map((c) => [c.key, { mode: defaultMatchMode(c.kind), value: '' }])) as Record<ColumnKey, ColumnFilterState>;

/**
 * Rows that pass every column filter (pure; exported for tests). A date column's moment is the day it
 * is in `timeZone`, the learner's, as the table shows it; a typed day is that calendar day.
 */
export function filterTranscript(rows: TranscriptTableRow[], filters: Record<ColumnKey, ColumnFilterState>, timeZone?: string): TranscriptTableRow[] {
  return rows.filter((row) => COLUMNS.every((c) => matchesFilter(row[c.key], filters[c.key].mode, filters[c.key].value, { timeZone })));
}

const PRINT_STYLES = {
  '@media print': {
    // the page's tabs whole (their indicator sits outside the tablist)
    'header, nav, footer, .no-print, .MuiTabs-root': { display: 'none !important' },
    body: { background: '#fff' },
    // more specific than the frame's tighter-cells rule (TableFrame), which would otherwise win on paper
    '.transcript-table td.MuiTableCell-root, .transcript-table th.MuiTableCell-root': { fontSize: '10pt', padding: '4px 6px' },
  },
} as const;

export function TranscriptTable() {
  const read = { kind: 'transcript', args: [] } as const;
  const view = useContent(read);
  const rows = useAppSelector(selectTranscriptRows);
  // the learner's day (User.timezone, default America/Chicago), as on the certificate
  const timeZone = useAppSelector(selectTimeZone);
  const user = useAppSelector(selectUser);
  const school = useAppSelector(selectClients)[0];
  const [openedAt] = useState(() => Date.now());
  const [filters, setFilters] = useState(initialFilters);
  const shown = filterTranscript(rows, filters, timeZone);
  const learner = user ? learnerLabel(user) : '';
  return (
    <Loadable view={view} read={read}>
      {() => (
        <>
          <GlobalStyles styles={PRINT_STYLES} />
          {/* on paper only: whose record this is, from which school, and when (a teacher collects many) */}
          <Box className="print-only" sx={{ display: 'none', '@media print': { display: 'block' }, mb: 2 }} data-testid="transcript-print-header">
            <Typography variant="h6" component="p">
              Learning record{learner ? ` of ${learner}` : ''}
            </Typography>
            <Typography variant="body2" component="p">
              {[school?.clientName, `printed ${formatDate(openedAt, timeZone)}`, shown.length === rows.length ? `${rows.length} modules` : `${shown.length} of ${rows.length} modules (filtered)`]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Box>
          <Box className="no-print" sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
            <Typography>Every module of your catalog, with your progress. Print it for your records.</Typography>
            <Button variant="outlined" onClick={() => window.print()}>
              Print transcript
            </Button>
          </Box>
          <FilterPanel inUse={countFiltersInUse(filters)}>
            {COLUMNS.map((c) => (
              <ColumnFilter key={c.key} label={c.label} kind={c.kind} filter={filters[c.key]} onChange={(next) => setFilters((f) => ({ ...f, [c.key]: next }))} />
            ))}
          </FilterPanel>
          {/* below md (a phone, a tablet held upright, half a Chromebook's screen), two columns: the status, dates, score and time go under the module's name */}
          <TableFrame label="Transcript">
            <Table size="small" className="transcript-table" aria-label="Transcript">
              <TableHead>
                <TableRow>
                  {COLUMNS.map((c) => (
                    <TableCell key={c.key} component="th" scope="col" sx={c.key === 'module' ? undefined : cellFromMd}>
                      {c.label}
                    </TableCell>
                  ))}
                  <TableCell component="th" scope="col" className="no-print">
                    Certificate
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((row) => {
                  const started = formatDate(row.started, timeZone);
                  const completed = formatDate(row.completed, timeZone);
                  const score = row.bestScore === null ? null : `${row.bestScore}%`;
                  // one line each, only those there are: a phone's column is narrow
                  const details = [
                    `${row.status} · ${row.percent}%`,
                    started && `Started ${started}`,
                    completed && `Completed ${completed}`,
                    score && `Best review score ${score}`,
                    `Time ${row.minutes} min`,
                  ].filter(Boolean);
                  return (
                    <TableRow key={row.moduleSlug}>
                      <TableCell component="th" scope="row">
                        <RouterLink to={catalogPaths.module(row.moduleSlug)}>{row.module}</RouterLink>
                        <FoldedLines lines={details} below="md" />
                      </TableCell>
                      <TableCell sx={cellFromMd}>{row.status}</TableCell>
                      <TableCell sx={cellFromMd}>{row.percent}%</TableCell>
                      <TableCell sx={cellFromMd}>{started || '—'}</TableCell>
                      <TableCell sx={cellFromMd}>{completed || '—'}</TableCell>
                      <TableCell sx={cellFromMd}>{score ?? '—'}</TableCell>
                      <TableCell sx={cellFromMd}>{row.minutes}</TableCell>
                      <TableCell className="no-print">
                        {row.statusKey === 'completed' ? <CertificateButton moduleSlug={row.moduleSlug} moduleTitle={row.module} /> : '—'}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableFrame>
          {shown.length === 0 && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {rows.length === 0 ? 'Your school has no modules in its catalog yet.' : 'No module matches these filters.'}
            </Alert>
          )}
        </>
      )}
    </Loadable>
  );
}
