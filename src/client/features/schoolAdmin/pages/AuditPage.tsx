/**
 * /app/admin/audit: the school's audit trail, filtered (action, who, whose data, date), paged, and
 * downloaded as CSV with the same filters.
 */
import { useMemo, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from '../../../../common/audit';
import { AUDIT_DATE_MODE_LABELS, AUDIT_DATE_MODES, type AuditDateMode } from '../../../../common/schoolAdmin';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { registerArea } from '../../../app/areas';
import { schoolAdminArea } from '../area';
import { selectTimeZone } from '../../auth';
import type { AuditQuery } from '../api';
import { useOpened } from '../hooks';
import { selectAuditTrail } from '../selectors';
import { auditCsvRequested, auditPageOpened } from '../slice';
import { AdminFrame, LoadFailed } from './AdminFrame';
import { AdminTable } from './AdminTable';
import { dateText } from './dates';
import { Pager } from './Pager';

registerArea(schoolAdminArea);

interface AuditForm {
  action: AuditAction | '';
  actor: string;
  target: string;
  date: string;
  dateMode: AuditDateMode;
}
const NO_FILTER: AuditForm = { action: '', actor: '', target: '', date: '', dateMode: 'is' };

function filterParams(form: AuditForm): Omit<AuditQuery, 'page'> {
  const params: Omit<AuditQuery, 'page'> = {};
  if (form.action) params.action = form.action;
  if (form.actor.trim()) params.actor = form.actor.trim();
  if (form.target.trim()) params.target = form.target.trim();
  if (form.date) {
    params.date = form.date;
    params.dateMode = form.dateMode;
  }
  return params;
}

const detailText = (detail: Record<string, string | number | boolean | null>) =>
  Object.entries(detail)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');

export function AdminAuditPage() {
  const dispatch = useAppDispatch();
  const timeZone = useAppSelector(selectTimeZone);
  const [form, setForm] = useState<AuditForm>(NO_FILTER);
  const [applied, setApplied] = useState<{ filter: AuditForm; page: number }>({ filter: NO_FILTER, page: 1 });
  useOpened(auditPageOpened, useMemo(() => ({ ...filterParams(applied.filter), page: applied.page }), [applied]));
  const trail = useAppSelector(selectAuditTrail);
  const page = trail.data;
  return (
    <AdminFrame title="Audit Trail">
      <Typography sx={{ mb: 2 }}>
        Every staff action on a student’s data at this school: who did it, when, to whom and from where. Entries cannot be changed or deleted here; they are kept for the period in the privacy notice.
      </Typography>
      <Box
        component="form"
        aria-label="Filter the audit trail"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          setApplied({ filter: form, page: 1 });
        }}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2, alignItems: 'center' }}
      >
        <TextField select size="small" label="Action" value={form.action} onChange={(e) => setForm({ ...form, action: e.target.value as AuditAction | '' })} sx={{ minWidth: 220 }} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">Any action</MenuItem>
          {AUDIT_ACTIONS.map((a) => (
            <MenuItem key={a} value={a}>
              {AUDIT_ACTION_LABELS[a]}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label="Who (staff)" value={form.actor} onChange={(e) => setForm({ ...form, actor: e.target.value })} />
        <TextField size="small" label="Whose data" value={form.target} onChange={(e) => setForm({ ...form, target: e.target.value })} />
        <TextField select size="small" label="Date match" value={form.dateMode} onChange={(e) => setForm({ ...form, dateMode: e.target.value as AuditDateMode })} sx={{ minWidth: 120 }}>
          {AUDIT_DATE_MODES.map((mode) => (
            <MenuItem key={mode} value={mode}>
              {AUDIT_DATE_MODE_LABELS[mode]}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" type="date" label="Date" value={form.date} onChange={(e) => setForm({ ...form, date: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <Button type="submit" variant="contained">
          Apply filters
        </Button>
        <Button
          onClick={() => {
            setForm(NO_FILTER);
            setApplied({ filter: NO_FILTER, page: 1 });
          }}
        >
          Clear
        </Button>
        <Button variant="outlined" onClick={() => dispatch(auditCsvRequested(filterParams(applied.filter)))}>
          Download CSV
        </Button>
      </Box>
      <LoadFailed error={trail.error} />
      {page && (
        <>
          <AdminTable label="Audit trail" columns={['When', 'Who', 'Action', 'Whose data', 'Details', 'From']}>
            {page.entries.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>{dateText(entry.at, timeZone)}</TableCell>
                <TableCell>{entry.actorName}</TableCell>
                <TableCell>{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</TableCell>
                <TableCell>{entry.targetName ?? '—'}</TableCell>
                <TableCell>{detailText(entry.detail)}</TableCell>
                <TableCell>{entry.origin}</TableCell>
              </TableRow>
            ))}
          </AdminTable>
          {page.entries.length === 0 && <Typography sx={{ mt: 2 }}>No entry matches these filters.</Typography>}
          <Pager page={page.page} total={page.total} pageSize={page.pageSize} label="Entries" onPage={(p) => setApplied({ ...applied, page: p })} />
        </>
      )}
    </AdminFrame>
  );
}
