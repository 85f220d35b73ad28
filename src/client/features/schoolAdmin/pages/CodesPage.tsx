/**
 * /app/admin/codes: invitations (send, withdraw) and the school's access codes and class codes
 * (create, revoke, print).
 */
import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { AdminAccessCode } from '../../../../common/schoolAdmin';
import { registerArea } from '../../../app/areas';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { schoolAdminArea } from '../area';
import { useOpened } from '../hooks';
import { selectAdminChange, selectAdminCodes, selectAdminInvitations } from '../selectors';
import { accessCodeCreated, accessCodeRevoked, codesPageOpened, invitationCreated, invitationWithdrawn } from '../slice';
import { AdminFrame, LoadFailed } from './AdminFrame';
import { AdminTable, Hidden } from './AdminTable';
import { dayText } from './dates';

registerArea(schoolAdminArea);

/** What the codes list says of a code's status (the server decides it: accounts/schoolCodes.ts). */
function codeStatusText(code: AdminAccessCode): string {
  switch (code.status) {
    case 'working':
      return code.expiresAt === null ? 'Works until revoked' : `Works until ${dayText(code.expiresAt)}`;
    case 'full':
      return 'No seat left';
    case 'archived':
      return 'Class archived';
    case 'stopped':
      return `Stopped ${dayText(code.expiresAt)}`;
  }
}

export function AdminCodesPage() {
  const dispatch = useAppDispatch();
  useOpened(codesPageOpened);
  const codes = useAppSelector(selectAdminCodes);
  const invitations = useAppSelector(selectAdminInvitations);
  const change = useAppSelector(selectAdminChange);
  const [seats, setSeats] = useState('30');
  const [expires, setExpires] = useState('');
  const [email, setEmail] = useState('');
  // whether an invitation is still open on this visit; the list reloads after every change
  const [now] = useState(() => Date.now());
  return (
    <AdminFrame title="Access Codes and Invitations">
      <Typography variant="h5" component="h2" sx={{ mt: 1 }}>
        Invitations
      </Typography>
      <Typography sx={{ mb: 1 }}>An invitation e-mails a link with which the student registers at this school (it works for 14 days).</Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          dispatch(invitationCreated({ email }));
        }}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}
      >
        <TextField size="small" type="email" label="Student’s e-mail" value={email} onChange={(e) => setEmail(e.target.value)} sx={{ flex: 1, minWidth: 220 }} />
        <Button type="submit" variant="contained" disabled={change.status === 'pending'}>
          Send invitation
        </Button>
      </Box>
      <LoadFailed error={invitations.error} />
      {invitations.data && invitations.data.length > 0 && (
        <AdminTable label="Invitations" sx={{ mb: 4 }} columns={['E-mail', 'Sent', 'Status', <Hidden>Actions</Hidden>]}>
          {invitations.data.map((inv) => {
            const open = inv.usedAt === null && inv.expiresAt > now;
            return (
              <TableRow key={inv.id}>
                <TableCell sx={{ wordBreak: 'break-all' }}>{inv.email}</TableCell>
                <TableCell>{dayText(inv.createdAt)}</TableCell>
                <TableCell>{inv.usedAt !== null ? `Used ${dayText(inv.usedAt)}` : open ? `Open until ${dayText(inv.expiresAt)}` : 'Expired or withdrawn'}</TableCell>
                <TableCell>
                  {open && (
                    <Button size="small" onClick={() => dispatch(invitationWithdrawn({ invitationId: inv.id }))}>
                      Withdraw<Hidden> the invitation to {inv.email}</Hidden>
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </AdminTable>
      )}

      <Typography variant="h5" component="h2" sx={{ mt: 2 }}>
        Access codes and class codes
      </Typography>
      <Typography sx={{ mb: 1 }}>
        An access code lets up to its number of seats register or join this school (Profile, Add Access Code). Each class has its own class code, listed here too and on the class’s page:{' '}
        <Link component={RouterLink} to="/app/admin/classes">
          Classes
        </Link>
        . A class code’s seats used are the students in the class now. Print codes prints every working code.
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          dispatch(accessCodeCreated({ seats: Number(seats), ...(expires ? { expires } : {}) }));
        }}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}
      >
        <TextField size="small" type="number" label="Seats" value={seats} onChange={(e) => setSeats(e.target.value)} sx={{ width: 120 }} />
        <TextField size="small" type="date" label="Last day (optional)" value={expires} onChange={(e) => setExpires(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <Button type="submit" variant="contained" disabled={change.status === 'pending'}>
          Create access code
        </Button>
        <Button component={RouterLink} to="/app/admin/codes/print" variant="outlined">
          Print codes
        </Button>
      </Box>
      <LoadFailed error={codes.error} />
      {codes.data && (
        <AdminTable label="Access codes and class codes" columns={['Code', 'Kind', 'Seats used', 'Status', <Hidden>Actions</Hidden>]}>
          {codes.data.map((code) => {
            // a code that has not stopped yet can be stopped
            const revocable = code.status === 'working' || code.status === 'full';
            return (
              <TableRow key={code.id}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{code.code}</TableCell>
                <TableCell>{code.className ? `Class code: ${code.className}` : 'Access code (the school)'}</TableCell>
                <TableCell>
                  {code.used} of {code.seats}
                </TableCell>
                <TableCell>{codeStatusText(code)}</TableCell>
                <TableCell>
                  {revocable && (
                    <Button size="small" onClick={() => dispatch(accessCodeRevoked({ codeId: code.id }))}>
                      Revoke<Hidden> {code.code}</Hidden>
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </AdminTable>
      )}
    </AdminFrame>
  );
}
