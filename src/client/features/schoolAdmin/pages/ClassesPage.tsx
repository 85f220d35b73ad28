/**
 * Classes and teachers at /app/admin/classes (the school's classes: search, SPEC §9 filters, create
 * one for a teacher) and /app/admin/classes/{id} (its teachers and students; add or remove a
 * teacher, archive, print its class codes). A roster class says so: the server refuses, with the
 * reason, what the next OneRoster import would undo.
 */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import type { AdminClass, AdminClassDetail, AdminTeacher } from '../../../../common/schoolAdminClasses';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ColumnFilter } from '../../../ui/ColumnFilter';
import { countFiltersInUse, FilterPanel } from '../../../ui/FilterPanel';
import { CLASS_FILTERS, CLASS_SHOW_LABELS, NO_CLASS_FILTERS, visibleClasses, type ClassFilters, type ClassShow } from '../classesModel';
import { AdminTable, Hidden } from './AdminTable';
import { DialogButtons } from './DialogButtons';
import { registerArea } from '../../../app/areas';
import { schoolAdminArea } from '../area';
import { useOpened } from '../hooks';
import { selectAdminChange, selectAdminClass, selectAdminClasses, selectAdminTeachers } from '../selectors';
import { changeDismissed, classArchived, classCreated, classesPageOpened, classPageOpened, classTeacherAdded, classTeacherRemoved } from '../slice';
import { AdminFrame, LoadFailed, SCHOOL_CRUMB } from './AdminFrame';
import { dayText } from './dates';

registerArea(schoolAdminArea);

const CLASSES_CRUMB = { label: 'Classes and Teachers', to: '/app/admin/classes' };
const teacherNames = (c: AdminClass) => c.teachers.map((t) => t.name).join(', ') || '—';

function NewClassDialog({ open, teachers, pending, onClose, onCreate }: { open: boolean; teachers: AdminTeacher[]; pending: boolean; onClose: () => void; onCreate: (input: { name: string; teacherId: number }) => void }) {
  const [name, setName] = useState('');
  const [teacherId, setTeacherId] = useState('');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="new-class-title">
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onCreate({ name, teacherId: Number(teacherId) });
        }}
      >
        <DialogTitle id="new-class-title">Create a class</DialogTitle>
        <DialogContent>
          <DialogContentText>The class gets a class code at once; its teacher can share it or you can print it.</DialogContentText>
          <TextField label="Class name" required value={name} onChange={(e) => setName(e.target.value)} fullWidth margin="dense" slotProps={{ htmlInput: { maxLength: 100 } }} />
          <TextField select label="Teacher" required value={teacherId} onChange={(e) => setTeacherId(e.target.value)} fullWidth margin="dense">
            {teachers.map((t) => (
              <MenuItem key={t.userId} value={String(t.userId)}>
                {t.name} ({t.userName})
              </MenuItem>
            ))}
          </TextField>
          {teachers.length === 0 && <Alert severity="info">Nobody holds the Teacher role here yet: give it on the Users page first.</Alert>}
        </DialogContent>
        <DialogButtons onCancel={onClose} label="Create" disabled={pending} />
      </Box>
    </Dialog>
  );
}

export function AdminClassesPage() {
  const dispatch = useAppDispatch();
  useOpened(classesPageOpened);
  const classes = useAppSelector(selectAdminClasses);
  const teachers = useAppSelector(selectAdminTeachers);
  const change = useAppSelector(selectAdminChange);
  const [search, setSearch] = useState('');
  const [show, setShow] = useState<ClassShow>('active');
  const [filters, setFilters] = useState<ClassFilters>(NO_CLASS_FILTERS);
  const [creating, setCreating] = useState(false);
  const shown = classes.data ? visibleClasses(classes.data, { search, show, filters }) : [];
  const created = change.kind === 'classCreated' && change.status === 'succeeded';
  return (
    <AdminFrame title="Classes and Teachers">
      <Typography sx={{ mb: 2 }}>
        Every class of the school with its teachers. Classes from the school’s roster (OneRoster) change through the roster: what the next import would undo cannot be changed here.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField size="small" type="search" label="Search classes and teachers" value={search} onChange={(e) => setSearch(e.target.value)} sx={{ flex: 1 }} />
        <TextField select size="small" label="Show" value={show} onChange={(e) => setShow(e.target.value as ClassShow)} sx={{ minWidth: 180 }}>
          {(Object.keys(CLASS_SHOW_LABELS) as ClassShow[]).map((value) => (
            <MenuItem key={value} value={value}>
              {CLASS_SHOW_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          onClick={() => {
            dispatch(changeDismissed());
            setCreating(true);
          }}
        >
          Create a class
        </Button>
      </Stack>
      <FilterPanel inUse={countFiltersInUse(filters)}>
        {CLASS_FILTERS.map((f) => (
          <ColumnFilter key={f.id} label={f.label} kind={f.kind} filter={filters[f.id]} onChange={(next) => setFilters({ ...filters, [f.id]: next })} />
        ))}
      </FilterPanel>
      <LoadFailed error={classes.error} />
      {classes.data && (
        <>
          <AdminTable label="Classes" columns={['Class', 'Teachers', 'Students', 'Managed by', 'Status']}>
            {shown.map((c) => (
              <TableRow key={c.id}>
                <TableCell>
                  <Link component={RouterLink} to={`/app/admin/classes/${c.id}`}>
                    {c.name}
                  </Link>
                </TableCell>
                <TableCell>{teacherNames(c)}</TableCell>
                <TableCell>{c.students}</TableCell>
                <TableCell>{c.rosterManaged ? 'Roster' : 'This school'}</TableCell>
                <TableCell>{c.archivedAt === null ? 'Active' : `Archived ${dayText(c.archivedAt)}`}</TableCell>
              </TableRow>
            ))}
          </AdminTable>
          <Typography sx={{ mt: 2 }} aria-live="polite">
            {shown.length === 0 ? 'No class matches.' : `${shown.length} of ${classes.data.length} classes shown.`}
          </Typography>
        </>
      )}
      <NewClassDialog
        key={creating ? 'open' : 'closed'}
        open={creating && !created}
        teachers={teachers.data ?? []}
        pending={change.status === 'pending'}
        onClose={() => setCreating(false)}
        onCreate={(input) => dispatch(classCreated(input))}
      />
    </AdminFrame>
  );
}

function ArchiveDialog({ cls, open, onClose, onArchive }: { cls: AdminClassDetail; open: boolean; onClose: () => void; onArchive: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="archive-class-title">
      <DialogTitle id="archive-class-title">Archive {cls.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText>The class leaves the lists and its class code stops working. Its students and teachers keep their work; nothing is deleted.</DialogContentText>
      </DialogContent>
      <DialogButtons onCancel={onClose} label="Archive" color="warning" onConfirm={onArchive} />
    </Dialog>
  );
}

export function AdminClassPage() {
  const { id = '' } = useParams();
  const classId = Number(id);
  const dispatch = useAppDispatch();
  useOpened(classPageOpened, classId);
  const cls = useAppSelector(selectAdminClass);
  const teachers = useAppSelector(selectAdminTeachers);
  const change = useAppSelector(selectAdminChange);
  const [adding, setAdding] = useState('');
  const [archiving, setArchiving] = useState(false);
  // the previous class stays in the store while this one loads: show only this one
  const c = cls.data && cls.data.id === classId ? cls.data : null;
  const pending = change.status === 'pending';
  const live = c !== null && c.archivedAt === null;
  const candidates = (teachers.data ?? []).filter((t) => !c?.teachers.some((x) => x.userId === t.userId));
  return (
    <AdminFrame title={c?.name ?? 'Class'} crumbs={[SCHOOL_CRUMB, CLASSES_CRUMB]}>
      <LoadFailed error={cls.error} />
      {c && (
        <>
          <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            {c.rosterManaged && <Chip label="From the roster" color="info" />}
            {c.archivedAt !== null && <Chip label={`Archived ${dayText(c.archivedAt)}`} />}
            <Typography>
              Class code: <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '1.1rem' }}>{c.joinCode ?? '—'}</Box>
            </Typography>
          </Stack>
          {c.rosterManaged && (
            <Alert severity="info" sx={{ mb: 2 }}>
              This class comes from the school’s roster (OneRoster). Archiving it, and adding or removing the roster’s teachers, happen in the roster: the next import would undo them here.
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ mb: 3, flexWrap: 'wrap', gap: 1 }}>
            {live && (
              <Button component={RouterLink} to={`/app/admin/codes/print?class=${c.id}`} variant="outlined">
                Print codes
              </Button>
            )}
            {live && (
              <Button color="warning" variant="outlined" onClick={() => setArchiving(true)}>
                Archive the class
              </Button>
            )}
          </Stack>

          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            Teachers
          </Typography>
          <AdminTable label="Teachers" columns={['Name', 'User name', 'Role', <Hidden key="actions">Actions</Hidden>]} sx={{ mb: 2 }}>
            {c.teachers.map((t) => (
              <TableRow key={t.userId}>
                <TableCell>{t.name}</TableCell>
                <TableCell>{t.userName}</TableCell>
                <TableCell>{t.role === 'owner' ? 'Teacher' : 'Co-teacher'}</TableCell>
                <TableCell>
                  {live && (
                    <Button size="small" disabled={pending} onClick={() => dispatch(classTeacherRemoved({ classId: c.id, userId: t.userId }))}>
                      Remove<Hidden> {t.name} from the class</Hidden>
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </AdminTable>
          {live && (
            <Box
              component="form"
              noValidate
              aria-label="Add a teacher"
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                if (adding) dispatch(classTeacherAdded({ classId: c.id, userId: Number(adding) }));
                setAdding('');
              }}
              sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 4 }}
            >
              <TextField select size="small" label="Teacher to add" value={adding} onChange={(e) => setAdding(e.target.value)} sx={{ minWidth: 260, flex: { xs: 1, sm: 'none' } }}>
                {candidates.map((t) => (
                  <MenuItem key={t.userId} value={String(t.userId)}>
                    {t.name} ({t.userName})
                  </MenuItem>
                ))}
              </TextField>
              <Button type="submit" variant="contained" disabled={pending || adding === ''}>
                Add teacher
              </Button>
            </Box>
          )}

          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            Students ({c.students})
          </Typography>
          {c.studentList.length === 0 ? (
            <Typography>No student has joined yet. Print the class codes to hand them out.</Typography>
          ) : (
            <AdminTable label="Students" columns={['Name', 'User name', 'Joined by', 'Since']}>
              {c.studentList.map((s) => (
                <TableRow key={s.userId}>
                  <TableCell>{s.name}</TableCell>
                  <TableCell>{s.userName}</TableCell>
                  <TableCell>{s.source === 'code' ? 'Class code' : s.source === 'roster' ? 'Roster' : 'Teacher'}</TableCell>
                  <TableCell>{dayText(s.joinedAt)}</TableCell>
                </TableRow>
              ))}
            </AdminTable>
          )}
          <ArchiveDialog
            cls={c}
            open={archiving}
            onClose={() => setArchiving(false)}
            onArchive={() => {
              setArchiving(false);
              dispatch(classArchived({ classId: c.id }));
            }}
          />
        </>
      )}
    </AdminFrame>
  );
}
