/**
 * /app/admin/users: the school's people, searched and paged, with what an administrator may do to
 * each (temporary password, end sessions, (de)activate, roles, export or delete a student's data)
 * and the dialogs that go with it (create a learner, delete data, the temporary password shown once).
 */
import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SCHOOL_ROLE_LABELS, SCHOOL_ROLES, type AdminUser, type NewUserInput } from '../../../../common/schoolAdmin';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { registerArea } from '../../../app/areas';
import { schoolAdminArea } from '../area';
import { useOpened } from '../hooks';
import { selectAdminChange, selectAdminUsers, selectTemporaryPassword } from '../selectors';
import {
  changeDismissed,
  learnerCreated,
  roleGranted,
  roleRevoked,
  studentDataDeleted,
  studentDataExportRequested,
  temporaryPasswordGiven,
  userDeactivated,
  userReactivated,
  userSessionsEnded,
  usersPageOpened,
} from '../slice';
import { AdminFrame, LoadFailed } from './AdminFrame';
import { AdminTable, Hidden } from './AdminTable';
import { DialogButtons } from './DialogButtons';
import { Pager } from './Pager';

registerArea(schoolAdminArea);

const fullName = (u: AdminUser) => `${u.firstName} ${u.lastName}`;

function UserActions({ user, onDelete }: { user: AdminUser; onDelete: (user: AdminUser) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const dispatch = useAppDispatch();
  const close = () => setAnchor(null);
  const choose = (event: Parameters<typeof dispatch>[0]) => {
    close();
    dispatch(event);
  };
  const userId = user.id;
  const menuId = `user-actions-${user.id}`;
  return (
    <>
      <Button size="small" variant="outlined" aria-haspopup="menu" aria-controls={anchor ? menuId : undefined} aria-expanded={anchor ? true : undefined} onClick={(e) => setAnchor(e.currentTarget)}>
        Actions<Hidden> for {fullName(user)}</Hidden>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem onClick={() => choose(temporaryPasswordGiven({ userId }))}>Give a temporary password</MenuItem>
        <MenuItem onClick={() => choose(userSessionsEnded({ userId }))}>End sessions</MenuItem>
        {user.deactivated ? (
          <MenuItem onClick={() => choose(userReactivated({ userId }))}>Reactivate</MenuItem>
        ) : (
          <MenuItem onClick={() => choose(userDeactivated({ userId }))}>Deactivate</MenuItem>
        )}
        {SCHOOL_ROLES.map((role) =>
          user.roles.includes(role) ? (
            <MenuItem key={role} onClick={() => choose(roleRevoked({ userId, role }))}>
              Remove the {SCHOOL_ROLE_LABELS[role].toLowerCase()} role
            </MenuItem>
          ) : (
            <MenuItem key={role} onClick={() => choose(roleGranted({ userId, role }))}>
              Give the {SCHOOL_ROLE_LABELS[role].toLowerCase()} role
            </MenuItem>
          ),
        )}
        <MenuItem
          onClick={() => choose(studentDataExportRequested({ userId, userName: user.userName }))}
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

function NewUserDialog({ open, onClose, onCreate, pending }: { open: boolean; onClose: () => void; onCreate: (input: NewUserInput) => void; pending: boolean }) {
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
  const dispatch = useAppDispatch();
  useOpened(usersPageOpened, query);
  const users = useAppSelector(selectAdminUsers);
  const action = useAppSelector(selectAdminChange);
  const given = useAppSelector(selectTemporaryPassword);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const shown = action.status === 'succeeded' ? given : null;
  // the form closes once the learner exists (the password dialog shows instead); a failure keeps it open
  const created = action.kind === 'learnerCreated' && action.status === 'succeeded';
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
                  <UserActions user={user} onDelete={setDeleting} />
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
        onCreate={(input) => dispatch(learnerCreated(input))}
      />
      <DeleteDataDialog
        key={deleting?.id ?? 'none'}
        user={deleting}
        onClose={() => setDeleting(null)}
        onDelete={(user) => {
          dispatch(studentDataDeleted({ userId: user.id, confirm: user.userName }));
          setDeleting(null);
        }}
      />
      <PasswordDialog
        title={action.kind === 'learnerCreated' ? 'The learner’s temporary password' : 'Temporary password'}
        password={shown?.password ?? null}
        message={shown?.message ?? ''}
        onClose={() => {
          dispatch(changeDismissed());
          setCreating(false);
        }}
      />
    </AdminFrame>
  );
}
