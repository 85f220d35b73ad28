/**
 * /app/admin/roster: the OneRoster upload. Choosing a ZIP runs a dry run at once and shows its
 * report (counts, and every problem with its file, line and column); "Import" then sends the same
 * file with the dry run's SHA-256, so the server applies exactly what the report was about.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RosterReport } from '../../../../common/roster';
import { ROSTER_UPLOAD_MESSAGES } from '../../../../common/schoolSettings';
import { TableFrame } from '../../../ui/TableFrame';
import { registerArea } from '../../../app/areas';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { schoolAdminArea } from '../area';
import { useOpened } from '../hooks';
import { selectAdminChange, selectRosterResult, selectRosterRules } from '../selectors';
import { changeDismissed, rosterFileChecked, rosterImportConfirmed, rosterPageOpened } from '../slice';
import { AdminFrame, LoadFailed } from './AdminFrame';

registerArea(schoolAdminArea);

function ColumnHeads({ names }: { names: readonly string[] }) {
  return (
    <TableHead>
      <TableRow>
        {names.map((name) => (
          <TableCell key={name} scope="col">
            {name}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

function RosterReportView({ report }: { report: RosterReport }) {
  const rows = [
    ['Schools', report.schools, 'removed'],
    ['Users', report.users, 'deactivated'],
    ['Classes', report.classes, 'archived'],
    ['Enrollments', report.enrollments, 'dropped'],
  ] as const;
  if (!report.ok) {
    return (
      <>
        <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
          {report.problems.length} problem{report.problems.length === 1 ? '' : 's'} in the file
        </Typography>
        <TableFrame label="Problems">
          <Table size="small" aria-label="Problems in the file">
            <ColumnHeads names={['File', 'Line', 'Column', 'Problem']} />
            <TableBody>
              {report.problems.map((p, index) => (
                <TableRow key={index}>
                  <TableCell>{p.file}</TableCell>
                  <TableCell>{p.line ?? '—'}</TableCell>
                  <TableCell>{p.column ?? '—'}</TableCell>
                  <TableCell>{p.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableFrame>
      </>
    );
  }
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
        {report.dryRun ? 'What the import would do' : 'What the import did'}
      </Typography>
      <TableFrame label="Changes">
        <Table size="small" aria-label={report.dryRun ? 'What the import would do' : 'What the import did'}>
          <ColumnHeads names={['What', 'Created', 'Updated', 'Removed']} />
          <TableBody>
            {rows.map(([label, counts, removed]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell>{counts.created}</TableCell>
                <TableCell>{counts.updated}</TableCell>
                <TableCell>
                  {counts.removed} {removed}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableFrame>
      {report.revoked.length > 0 && (
        <>
          <Typography sx={{ mt: 2 }}>Permissions the roster no longer grants ({report.revoked.length}):</Typography>
          <ul>
            {report.revoked.map((r) => (
              <li key={`${r.school}:${r.sourcedId}:${r.permission}`}>
                {r.permission} at {r.school}: {r.name} ({r.sourcedId})
              </li>
            ))}
          </ul>
        </>
      )}
      {report.usersLeft > 0 && (
        <Typography sx={{ mt: 2 }}>
          Left the school: {report.usersLeft} user(s) no longer listed who also belong to another school; their account stays active.
        </Typography>
      )}
      {report.warnings.length > 0 && (
        <>
          <Typography sx={{ mt: 2 }}>Imported, but not as the file says ({report.warnings.length}):</Typography>
          <ul aria-label="Warnings">
            {report.warnings.map((w, index) => (
              <li key={index}>
                {w.file}, line {w.line ?? '—'}, column {w.column ?? '—'}: {w.message}
              </li>
            ))}
          </ul>
        </>
      )}
      {report.skipped.users + report.skipped.enrollments > 0 && (
        <Typography sx={{ mt: 2 }} color="text.secondary">
          Skipped: {report.skipped.users} user(s) and {report.skipped.enrollments} enrollment(s) with roles Cashwise has no place for (guardians, aides, …).
        </Typography>
      )}
    </>
  );
}

export function AdminRosterPage() {
  const dispatch = useAppDispatch();
  useOpened(rosterPageOpened);
  const rules = useAppSelector(selectRosterRules);
  const change = useAppSelector(selectAdminChange);
  const report = useAppSelector(selectRosterResult);
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [district, setDistrict] = useState(false);
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const mine = change.kind === 'rosterFileChecked' || change.kind === 'rosterImportConfirmed' ? change : null;
  const result = mine?.status === 'succeeded' ? report : null;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = ''; // choosing the same file again runs the dry run again
    dispatch(changeDismissed());
    setFile(chosen);
    setTooLarge(null);
    if (!chosen || !rules.data) return;
    if (chosen.size > rules.data.maxBytes) {
      setTooLarge(ROSTER_UPLOAD_MESSAGES.tooLarge(rules.data.maxBytes));
      return;
    }
    dispatch(rosterFileChecked({ file: chosen, district }));
  };

  return (
    <AdminFrame title="Roster Upload">
      <LoadFailed error={rules.error} />
      <Typography sx={{ mb: 2 }}>
        Upload the OneRoster 1.2 CSV export (a ZIP) of your student information system. Cashwise first runs a dry run and shows what the import would create, update and
        deactivate, or every problem in the file; nothing changes until you choose Import.
        {rules.data && ` The largest file it takes is ${Math.floor(rules.data.maxBytes / (1024 * 1024))} MB.`}
      </Typography>
      {rules.data?.mayImportDistrict && (
        <FormControlLabel
          control={<Checkbox checked={district} onChange={(event) => setDistrict(event.target.checked)} />}
          label="The file is the whole district's (every school in it); otherwise it is for the school picked above"
        />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        {/* a real button opening the hidden file input: a <label> given the button role is not allowed (axe aria-allowed-role) */}
        <Button variant="contained" onClick={() => fileInput.current?.click()} disabled={!rules.data || mine?.status === 'pending'}>
          Choose a roster ZIP
        </Button>
        <input ref={fileInput} type="file" hidden accept=".zip,application/zip" onChange={choose} data-testid="roster-file" />
        <Typography aria-live="polite">{file ? `File: ${file.name}` : 'No file chosen.'}</Typography>
      </Stack>
      {tooLarge && <Alert severity="error">{tooLarge}</Alert>}
      <div aria-live="polite">
        {mine?.status === 'pending' && <Typography>{mine.kind === 'rosterFileChecked' ? 'Checking the file (dry run)…' : 'Importing…'}</Typography>}
        {mine?.status === 'failed' && <Alert severity="error">{mine.error?.message}</Alert>}
        {result && <Alert severity={result.report.ok ? 'success' : 'error'}>{result.message}</Alert>}
      </div>
      {result && <RosterReportView report={result.report} />}
      {result && result.report.ok && result.report.dryRun && file && (
        <Button
          variant="contained"
          sx={{ mt: 2 }}
          onClick={() => dispatch(rosterImportConfirmed({ file, sha256: result.sha256, district }))}
        >
          Import
        </Button>
      )}
    </AdminFrame>
  );
}
