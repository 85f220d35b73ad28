/**
 * School administration at /app/admin (SCHOOLADMIN at the current school; GADMINSUPERUSER picks any
 * school): the overview, users, access codes and invitations, and the audit trail. The routes are
 * guarded (app/guards.tsx RequirePermission); the server checks every call again.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from '../../../../common/audit';
import {
  AUDIT_DATE_MODE_LABELS,
  AUDIT_DATE_MODES,
  SCHOOL_ROLE_LABELS,
  SCHOOL_ROLES,
  type AdminAccessCode,
  type AdminInvitation,
  type AdminOverview,
  type AdminSchool,
  type AdminUser,
  type AdminUserPage,
  type AuditDateMode,
  type AuditPage,
  type NewUserResult,
} from '../../../../common/schoolAdmin';
import { registerArea } from '../../../app/areas';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatTime } from '../../../ui/format';
import { PageFrame, type Crumb } from '../../../ui/PageFrame';
import { selectPermissions, selectTimeZone } from '../../auth';
import { SUPERUSER_PERMISSION } from '../../../../common/constants';
import { countOf } from '../../../../common/plural';
import { ADMIN_PATHS, STUDENT_DATA_PATHS } from '../api';
import { schoolAdminArea } from '../area';
import { AdminTable, Hidden } from './AdminTable';
import { DialogButtons } from './DialogButtons';
import {
  adminActionCleared,
  adminActionRequested,
  adminDownloadRequested,
  adminLoadRequested,
  adminSchoolPicked,
  selectAdminAction,
  selectAdminResource,
  selectAdminSchool,
  type AdminActionRequest,
  type AdminResourceKey,
  type SchoolAdminRootState,
} from '../slice';

registerArea(schoolAdminArea);

export const SCHOOL_CRUMB: Crumb = { label: 'School', to: '/app/admin' };

// ---------------------------------------------------------------- shared parts

/** Loads `key` from `path` whenever the params or the picked school change; the resource's answer. */
export function useAdminResource<T>(key: AdminResourceKey, path: string, params: Record<string, string | number> = {}) {
  const dispatch = useAppDispatch();
  const school = useAppSelector(selectAdminSchool);
  const paramsKey = JSON.stringify(params);
  useEffect(() => {
    dispatch(adminLoadRequested({ key, path, params: JSON.parse(paramsKey) as Record<string, string | number> }));
  }, [dispatch, key, path, paramsKey, school]);
  const resource = useAppSelector((state: SchoolAdminRootState) => selectAdminResource(state, key));
  return { status: resource?.status ?? 'loading', data: (resource?.data ?? null) as T | null, error: resource?.error ?? null };
}

export function useAct() {
  const dispatch = useAppDispatch();
  const action = useAppSelector(selectAdminAction);
  return { action, act: (request: AdminActionRequest) => dispatch(adminActionRequested(request)), clear: () => dispatch(adminActionCleared()) };
}

/** The superuser's school picker (a school admin runs their current school: no picker). */
function SchoolPicker() {
  const dispatch = useAppDispatch();
  const isSuperuser = useAppSelector(selectPermissions).includes(SUPERUSER_PERMISSION);
  const picked = useAppSelector(selectAdminSchool);
  const schools = useAdminResource<AdminSchool[]>('schools', ADMIN_PATHS.schools);
  if (!isSuperuser || !schools.data) return null;
  return (
    <TextField
      select
      size="small"
      label="School"
      value={picked ?? ''}
      onChange={(event) => dispatch(adminSchoolPicked(event.target.value === '' ? null : event.target.value))}
      sx={{ minWidth: 240, mb: 2 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">Your current school</MenuItem>
      {schools.data.map((school) => (
        <MenuItem key={school.id} value={school.id}>
          {school.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function AdminFrame({ title, crumbs = [SCHOOL_CRUMB], children }: { title: string; crumbs?: Crumb[]; children: ReactNode }) {
  return (
    <PageFrame title={title} crumbs={[{ label: 'Home', to: '/app' }, ...crumbs.filter((c) => c.label !== title), { label: title }]} maxWidth={1100}>
      <SchoolPicker />
      {children}
    </PageFrame>
  );
}

export function LoadFailed({ error }: { error: { message: string } | null }) {
  return error ? <Alert severity="error">{error.message}</Alert> : null;
}

// in the person's zone, as the class dashboard shows times (ui/format.ts), never the browser's unnamed
const dateText = (at: number | null, timeZone: string) => (at === null ? '—' : formatTime(at, timeZone, { day: true }));
export const dayText = (at: number | null) => (at === null ? 'never' : new Date(at).toLocaleDateString(undefined, { dateStyle: 'medium' }));

function Pager({ page, total, pageSize, label, onPage }: { page: number; total: number; pageSize: number; label: string; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 2 }} component="nav" aria-label={`${label} pages`}>
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Typography aria-live="polite">
        Page {page} of {pages} ({total} {label.toLowerCase()})
      </Typography>
      <Button disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Stack>
  );
}

// ---------------------------------------------------------------- the overview

export function AdminOverviewPage() {
  return (
    <AdminFrame title="School" crumbs={[]}>
      <AdminOverview />
    </AdminFrame>
  );
}

/** The overview with the superuser's school picker: a staff-only school administrator's Home. */
export function SchoolOverview() {
  return (
    <>
      <SchoolPicker />
      <AdminOverview />
    </>
  );
}

/** The school's name, its figures and a card for each part of school administration. */
function AdminOverview() {
  const overview = useAdminResource<AdminOverview>('overview', ADMIN_PATHS.overview);
  const o = overview.data;
  const parts: { title: string; to: string; text: string; action: string }[] = o
    ? [
        { title: 'Users', to: '/app/admin/users', text: `${o.users} users: ${o.learners} learners, ${o.staff} staff, ${o.deactivated} deactivated.`, action: 'Manage users' },
        {
          title: 'Access codes and invitations',
          to: '/app/admin/codes',
          text: `${countOf(o.accessCodes, 'working access code')} and ${countOf(o.classCodes, 'working class code')}; ${countOf(o.pendingInvitations, 'invitation')} waiting.`,
          action: 'Manage codes and invitations',
        },
        { title: 'Classes', to: '/app/admin/classes', text: `${o.classes} classes.`, action: 'Classes and teachers' },
        { title: 'Audit trail', to: '/app/admin/audit', text: `${o.auditEntries} recorded staff actions.`, action: 'Read the audit trail' },
        { title: 'Roster upload', to: '/app/admin/roster', text: 'Import the OneRoster export of your student information system, after a dry run.', action: 'Upload a roster' },
        { title: 'Settings', to: '/app/admin/settings', text: `Time zone ${o.timezone}; how long recordings and the audit trail are kept.`, action: 'Change the settings' },
        { title: 'School sign-in', to: '/app/admin/sign-in', text: 'Google, Microsoft, Clever or ClassLink accounts, and the e-mail domains the school owns.', action: 'Set up school sign-in' },
      ]
    : [];
  return (
    <>
      <LoadFailed error={overview.error} />
      {o && (
        <>
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {o.school.name}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Time zone: {o.timezone}
          </Typography>
          <Grid container spacing={2}>
            {parts.map((part) => (
              <Grid key={part.to} size={{ xs: 12, sm: 6 }}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography variant="h6" component="h3">
                      {part.title}
                    </Typography>
                    <Typography>{part.text}</Typography>
                  </CardContent>
                  <CardActions>
                    <Button component={RouterLink} to={part.to}>
                      {part.action}
                    </Button>
                  </CardActions>
                </Card>
              </Grid>
            ))}
          </Grid>
        </>
      )}
    </>
  );
}

// ---------------------------------------------------------------- users

const fullName = (u: AdminUser) => `${u.firstName} ${u.lastName}`;

function UserActions({ user, onAct, onDelete }: { user: AdminUser; onAct: (request: AdminActionRequest) => void; onDelete: (user: AdminUser) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const dispatch = useAppDispatch();
  const close = () => setAnchor(null);
  const act = (request: Omit<AdminActionRequest, 'reload'>) => {
    close();
    onAct({ ...request, reload: ['users'] });
  };
  const menuId = `user-actions-${user.id}`;
  return (
    <>
      <Button size="small" variant="outlined" aria-haspopup="menu" aria-controls={anchor ? menuId : undefined} aria-expanded={anchor ? true : undefined} onClick={(e) => setAnchor(e.currentTarget)}>
        Actions<Hidden> for {fullName(user)}</Hidden>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem onClick={() => act({ name: `temporary-password:${user.id}`, method: 'POST', path: ADMIN_PATHS.temporaryPassword(user.id) })}>Give a temporary password</MenuItem>
        <MenuItem onClick={() => act({ name: `end-sessions:${user.id}`, method: 'POST', path: ADMIN_PATHS.endSessions(user.id) })}>End sessions</MenuItem>
        {user.deactivated ? (
          <MenuItem onClick={() => act({ name: `reactivate:${user.id}`, method: 'POST', path: ADMIN_PATHS.reactivate(user.id) })}>Reactivate</MenuItem>
        ) : (
          <MenuItem onClick={() => act({ name: `deactivate:${user.id}`, method: 'POST', path: ADMIN_PATHS.deactivate(user.id) })}>Deactivate</MenuItem>
        )}
        {SCHOOL_ROLES.map((role) =>
          user.roles.includes(role) ? (
            <MenuItem key={role} onClick={() => act({ name: `revoke:${user.id}`, method: 'DELETE', path: ADMIN_PATHS.role(user.id, role) })}>
              Remove the {SCHOOL_ROLE_LABELS[role].toLowerCase()} role
            </MenuItem>
          ) : (
            <MenuItem key={role} onClick={() => act({ name: `grant:${user.id}`, method: 'PUT', path: ADMIN_PATHS.role(user.id, role) })}>
              Give the {SCHOOL_ROLE_LABELS[role].toLowerCase()} role
            </MenuItem>
          ),
        )}
        <MenuItem
          onClick={() => {
            close();
            dispatch(adminDownloadRequested({ path: STUDENT_DATA_PATHS.export(user.id), params: {}, fileName: `${user.userName}-data.json`, kind: 'json' }));
          }}
        >
          Export data
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onDelete(user);
          }}
        >
          Delete data
        </MenuItem>
      </Menu>
    </>
  );
}

/** The answer a person must read once: a temporary password. */
function PasswordDialog({ title, password, message, onClose }: { title: string; password: string | null; message: string; onClose: () => void }) {
  return (
    <Dialog open={password !== null} onClose={onClose} aria-labelledby="password-dialog-title">
      <DialogTitle id="password-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{message}</DialogContentText>
        <Typography data-testid="temporary-password" sx={{ fontFamily: 'monospace', fontSize: '1.5rem' }}>
          {password}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}

function NewUserDialog({ open, onClose, onCreate, pending }: { open: boolean; onClose: () => void; onCreate: (input: Record<string, string>) => void; pending: boolean }) {
  const [values, setValues] = useState({ firstName: '', lastName: '', userName: '', email: '' });
  const field = (name: keyof typeof values, label: string, type = 'text') => (
    <TextField label={label} type={type} required value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })} fullWidth margin="dense" />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCreate(values);
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="new-user-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="new-user-title">Create a learner</DialogTitle>
        <DialogContent>
          <DialogContentText>The learner gets a temporary password, shown once, and chooses their own at the first sign-in. To let someone register themselves, send an invitation instead.</DialogContentText>
          {field('firstName', 'First name')}
          {field('lastName', 'Last name')}
          {field('userName', 'User name')}
          {field('email', 'E-mail', 'email')}
        </DialogContent>
        <DialogButtons onCancel={onClose} label="Create" disabled={pending} />
      </Box>
    </Dialog>
  );
}

function DeleteDataDialog({ user, onClose, onDelete }: { user: AdminUser | null; onClose: () => void; onDelete: (user: AdminUser) => void }) {
  const [typed, setTyped] = useState('');
  return (
    <Dialog open={user !== null} onClose={onClose} aria-labelledby="delete-data-title">
      <DialogTitle id="delete-data-title">Delete {user ? fullName(user) : ''}’s data?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          Everything stored about this student is deleted for good. Export it first if the school must keep a copy. Type the user name <strong>{user?.userName}</strong> to confirm.
        </DialogContentText>
        <TextField label="User name" value={typed} onChange={(e) => setTyped(e.target.value)} fullWidth margin="dense" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" disabled={!user || typed.trim().toLowerCase() !== user.userName} onClick={() => user && onDelete(user)}>
          Delete data
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function AdminUsersPage() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({ q: '', page: 1 });
  const users = useAdminResource<AdminUserPage>('users', ADMIN_PATHS.users, query.q ? { q: query.q, page: query.page } : { page: query.page });
  const { action, act, clear } = useAct();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const result = action.status === 'succeeded' ? (action.result as Partial<NewUserResult> | null) : null;
  const password = result && typeof result.password === 'string' ? result.password : null;
  // the form closes once the learner exists (the password dialog shows instead); a failure keeps it open
  const created = action.name === 'create-user' && action.status === 'succeeded';
  const page = users.data;
  return (
    <AdminFrame title="Users">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Box
          component="form"
          role="search"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            setQuery({ q: search.trim(), page: 1 });
          }}
          sx={{ display: 'flex', gap: 1, flex: 1 }}
        >
          <TextField size="small" label="Name, user name or e-mail" value={search} onChange={(e) => setSearch(e.target.value)} sx={{ flex: 1 }} />
          <Button type="submit" variant="outlined">
            Search
          </Button>
        </Box>
        <Button variant="contained" onClick={() => setCreating(true)}>
          Create a learner
        </Button>
      </Stack>
      <LoadFailed error={users.error} />
      {page && (
        <>
          <AdminTable label="Users" columns={['Name', 'User name', 'E-mail', 'Roles', 'Status', <Hidden>Actions</Hidden>]}>
            {page.users.map((user) => (
              <TableRow key={user.id}>
                <TableCell>{fullName(user)}</TableCell>
                <TableCell>{user.userName}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{user.email}</TableCell>
                <TableCell>
                  {[...user.roles.map((r) => SCHOOL_ROLE_LABELS[r]), ...user.globalPermissions].map((label) => (
                    <Chip key={label} label={label} size="small" sx={{ mr: 0.5, mb: 0.5 }} />
                  ))}
                </TableCell>
                <TableCell>{user.deactivated ? 'Deactivated' : user.mustChangePassword ? 'Temporary password' : 'Active'}</TableCell>
                <TableCell>
                  <UserActions user={user} onAct={act} onDelete={setDeleting} />
                </TableCell>
              </TableRow>
            ))}
          </AdminTable>
          {page.users.length === 0 && <Typography sx={{ mt: 2 }}>No user matches “{query.q}”.</Typography>}
          <Pager page={page.page} total={page.total} pageSize={page.pageSize} label="Users" onPage={(p) => setQuery({ ...query, page: p })} />
        </>
      )}
      <NewUserDialog
        open={creating && !created}
        pending={action.status === 'pending'}
        onClose={() => setCreating(false)}
        onCreate={(payload) => act({ name: 'create-user', method: 'POST', path: ADMIN_PATHS.users, payload, reload: ['users'] })}
      />
      <DeleteDataDialog
        key={deleting?.id ?? 'none'}
        user={deleting}
        onClose={() => setDeleting(null)}
        onDelete={(user) => {
          act({ name: `delete-data:${user.id}`, method: 'DELETE', path: STUDENT_DATA_PATHS.student(user.id), payload: { confirm: user.userName }, reload: ['users'] });
          setDeleting(null);
        }}
      />
      <PasswordDialog
        title={action.name === 'create-user' ? 'The learner’s temporary password' : 'Temporary password'}
        password={password}
        message={typeof result?.message === 'string' ? result.message : ''}
        onClose={() => {
          clear();
          setCreating(false);
        }}
      />
    </AdminFrame>
  );
}

// ---------------------------------------------------------------- access codes and invitations

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
  const codes = useAdminResource<AdminAccessCode[]>('codes', ADMIN_PATHS.codes);
  const invitations = useAdminResource<AdminInvitation[]>('invitations', ADMIN_PATHS.invitations);
  const { action, act } = useAct();
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
          act({ name: 'create-invitation', method: 'POST', path: ADMIN_PATHS.invitations, payload: { email }, reload: ['invitations'] });
        }}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}
      >
        <TextField size="small" type="email" label="Student’s e-mail" value={email} onChange={(e) => setEmail(e.target.value)} sx={{ flex: 1, minWidth: 220 }} />
        <Button type="submit" variant="contained" disabled={action.status === 'pending'}>
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
                    <Button size="small" onClick={() => act({ name: `withdraw:${inv.id}`, method: 'DELETE', path: ADMIN_PATHS.invitation(inv.id), reload: ['invitations'] })}>
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
          act({ name: 'create-code', method: 'POST', path: ADMIN_PATHS.codes, payload: { seats: Number(seats), ...(expires ? { expires } : {}) }, reload: ['codes'] });
        }}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}
      >
        <TextField size="small" type="number" label="Seats" value={seats} onChange={(e) => setSeats(e.target.value)} sx={{ width: 120 }} />
        <TextField size="small" type="date" label="Last day (optional)" value={expires} onChange={(e) => setExpires(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <Button type="submit" variant="contained" disabled={action.status === 'pending'}>
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
                    <Button size="small" onClick={() => act({ name: `revoke-code:${code.id}`, method: 'DELETE', path: ADMIN_PATHS.code(code.id), reload: ['codes'] })}>
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

// ---------------------------------------------------------------- the audit trail

interface AuditForm {
  action: AuditAction | '';
  actor: string;
  target: string;
  date: string;
  dateMode: AuditDateMode;
}
const NO_FILTER: AuditForm = { action: '', actor: '', target: '', date: '', dateMode: 'is' };

function filterParams(form: AuditForm): Record<string, string> {
  const params: Record<string, string> = {};
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
  const params = filterParams(applied.filter);
  const trail = useAdminResource<AuditPage>('audit', ADMIN_PATHS.audit, { ...params, page: applied.page });
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
        <Button variant="outlined" onClick={() => dispatch(adminDownloadRequested({ path: ADMIN_PATHS.auditCsv, params, fileName: 'audit-trail.csv', kind: 'csv' }))}>
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
