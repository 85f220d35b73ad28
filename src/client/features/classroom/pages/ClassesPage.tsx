/**
 * /app/classes: the classes the teacher teaches at the current school, with each one's students,
 * assignments and class code (copy button); create, rename, archive / restore (archived ones folded
 * away), a new class code, co-teachers.
 */
import { useCallback, useEffect, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import * as yup from 'yup';
import type { ClassSummary } from '../../../../common/classroom';
import { countOf } from '../../../../common/plural';
import { registerArea } from '../../../app/areas';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageFrame } from '../../../ui/PageFrame';
import { cellFromSm, FoldedLines, TableFrame } from '../../../ui/TableFrame';
import { visuallyHidden } from '../../../ui/visuallyHidden';
import { classroomArea } from '../area';
import { CopyButton } from '../components/CopyButton';
import { ConfirmDialog, TextDialog, classNameSchema } from '../components/Dialogs';
import { NO_CLASSROOM_ACCESS, Refusal } from '../components/Refusals';
import { selectCanTeach, selectClasses } from '../selectors';
import { classesRequested, type ClassChange } from '../slice';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(classroomArea);

export const NO_CLASSES_YET = 'You have no classes yet. Create one, then give its class code to your students.';

type Open =
  | { kind: 'create' }
  | { kind: 'rename'; c: ClassSummary }
  | { kind: 'archive'; c: ClassSummary }
  | { kind: 'joinCode'; c: ClassSummary }
  | { kind: 'teachers'; c: ClassSummary }
  | null;

function ClassTable({ classes, label, onOpen }: { classes: ClassSummary[]; label: string; onOpen: (open: Open) => void }) {
  return (
    <TableFrame label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Class</TableCell>
            <TableCell align="right" sx={cellFromSm}>
              Students
            </TableCell>
            <TableCell align="right" sx={cellFromSm}>
              Assignments
            </TableCell>
            <TableCell sx={cellFromSm}>Class code</TableCell>
            <TableCell sx={cellFromSm}>Teachers</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {classes.map((c) => (
            <TableRow key={c.id}>
              <TableCell>
                <Link component={RouterLink} to={`/app/classes/${c.id}`}>
                  {c.name}
                </Link>
                {/* on a phone the other columns fold in under the name: the list wraps instead of scrolling */}
                <FoldedLines
                  lines={[
                    `${countOf(c.studentCount, 'student')} · ${countOf(c.assignmentCount, 'assignment')}`,
                    c.joinCode && !c.archived ? `Class code ${c.joinCode}` : 'No class code',
                    c.teachers.map((t) => t.name).join(', '),
                  ]}
                />
              </TableCell>
              <TableCell align="right" sx={cellFromSm}>
                {c.studentCount}
              </TableCell>
              <TableCell align="right" sx={cellFromSm}>
                {c.assignmentCount}
              </TableCell>
              <TableCell sx={{ ...cellFromSm, whiteSpace: 'nowrap' }}>
                {c.joinCode && !c.archived ? (
                  <>
                    <Box component="code" data-testid={`join-code-${c.id}`} sx={{ fontSize: '1rem', mr: 1 }}>
                      {c.joinCode}
                    </Box>
                    <CopyButton text={c.joinCode} what="Class code" />
                  </>
                ) : (
                  '—'
                )}
              </TableCell>
              <TableCell sx={cellFromSm}>{c.teachers.map((t) => t.name).join(', ')}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                  <Button size="small" onClick={() => onOpen({ kind: 'rename', c })} aria-label={`Rename ${c.name}`}>
                    Rename
                  </Button>
                  {!c.archived && (
                    <Button size="small" onClick={() => onOpen({ kind: 'joinCode', c })} aria-label={`New class code for ${c.name}`}>
                      New class code
                    </Button>
                  )}
                  <Button size="small" onClick={() => onOpen({ kind: 'teachers', c })} aria-label={`Co-teachers of ${c.name}`}>
                    Co-teachers
                  </Button>
                  <Button size="small" onClick={() => onOpen({ kind: 'archive', c })} aria-label={`${c.archived ? 'Restore' : 'Archive'} ${c.name}`}>
                    {c.archived ? 'Restore' : 'Archive'}
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableFrame>
  );
}

const userNameSchema = yup.string().trim().required('Enter the teacher’s user name.').max(100, 'A user name is at most 100 characters.');

function TeachersDialog({ c, onClose }: { c: ClassSummary; onClose: () => void }) {
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<{ userId: number; name: string } | null>(null);
  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby="teachers-title" fullWidth maxWidth="xs">
        <DialogTitle id="teachers-title">Teachers of {c.name}</DialogTitle>
        <DialogContent>
          <List dense>
            {c.teachers.map((t) => (
              <ListItem
                key={t.userId}
                secondaryAction={
                  t.role === 'co-teacher' ? (
                    <Button size="small" onClick={() => setRemoving(t)} aria-label={`Remove ${t.name}`}>
                      Remove
                    </Button>
                  ) : undefined
                }
              >
                <ListItemText primary={t.name} secondary={t.role === 'owner' ? 'Teacher' : 'Co-teacher'} />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAdding(true)}>Add a co-teacher</Button>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
      <TextDialog
        open={adding}
        title={`Add a co-teacher to ${c.name}`}
        label="Teacher’s user name"
        helper="A teacher at this school."
        submitLabel="Add"
        schema={userNameSchema}
        toChange={(userName) => ({ kind: 'addTeacher', classId: c.id, userName })}
        onClose={() => {
          setAdding(false);
          onClose();
        }}
      />
      {removing && (
        <ConfirmDialog
          open
          title={`Remove ${removing.name}?`}
          confirmLabel="Remove"
          change={{ kind: 'removeTeacher', classId: c.id, userId: removing.userId }}
          onClose={() => {
            setRemoving(null);
            onClose();
          }}
          danger
        >
          {removing.name} will no longer see this class.
        </ConfirmDialog>
      )}
    </>
  );
}

export function ClassesPage() {
  if (!useAppSelector(selectCanTeach)) return <Refusal title="Classes" message={NO_CLASSROOM_ACCESS} />;
  return (
    <PageFrame title="Classes" crumbs={[{ label: 'Home', to: '/app' }, { label: 'Classes' }]} maxWidth="100%">
      <ClassList />
    </PageFrame>
  );
}

/**
 * The teacher's classes with what they do to them (create, rename, archive, class codes, teachers).
 * On /app/classes and on a staff-only teacher's Home; the caller checks that they may teach.
 */
export function ClassList() {
  const dispatch = useAppDispatch();
  const classes = useAppSelector(selectClasses);
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);

  useEffect(() => {
    dispatch(classesRequested());
  }, [dispatch]);

  const all = classes.data ?? [];
  const current = all.filter((c) => !c.archived);
  const archived = all.filter((c) => c.archived);

  const archiveChange = (c: ClassSummary): ClassChange => ({ kind: 'archive', classId: c.id, archived: !c.archived });

  return (
    <>
      <Box sx={{ mb: 2 }}>
        <Button variant="contained" onClick={() => setOpen({ kind: 'create' })}>
          Create a class
        </Button>
      </Box>
      {classes.status === 'loading' && !classes.data && <CircularProgress aria-label="Loading classes" />}
      {classes.status === 'failed' && <Alert severity="error">{classes.error?.message}</Alert>}
      {classes.status === 'succeeded' && current.length === 0 && <Typography sx={{ mb: 2 }}>{NO_CLASSES_YET}</Typography>}
      {current.length > 0 && <ClassTable classes={current} label="Your classes" onOpen={setOpen} />}
      {archived.length > 0 && (
        <Accordion sx={{ mt: 3 }} disableGutters>
          <AccordionSummary aria-controls="archived-classes" id="archived-classes-header">
            <Typography component="h2" variant="h6">
              Archived classes ({archived.length})
            </Typography>
          </AccordionSummary>
          <AccordionDetails id="archived-classes">
            <ClassTable classes={archived} label="Archived classes" onOpen={setOpen} />
          </AccordionDetails>
        </Accordion>
      )}

      <TextDialog
        open={open?.kind === 'create'}
        title="Create a class"
        label="Class name"
        submitLabel="Create"
        schema={classNameSchema}
        toChange={(name) => ({ kind: 'create', name })}
        onClose={close}
      />
      {open?.kind === 'rename' && (
        <TextDialog
          open
          title={`Rename ${open.c.name}`}
          label="Class name"
          initial={open.c.name}
          submitLabel="Rename"
          schema={classNameSchema}
          toChange={(name) => ({ kind: 'rename', classId: open.c.id, name })}
          onClose={close}
        />
      )}
      {open?.kind === 'archive' && (
        <ConfirmDialog open title={`${open.c.archived ? 'Restore' : 'Archive'} ${open.c.name}?`} confirmLabel={open.c.archived ? 'Restore' : 'Archive'} change={archiveChange(open.c)} onClose={close}>
          {open.c.archived
            ? 'The class comes back to your list, with its students and assignments.'
            : 'The class is folded away with its students, work and grades kept; its class code stops working. You can restore it.'}
        </ConfirmDialog>
      )}
      {open?.kind === 'joinCode' && (
        <ConfirmDialog open title={`New class code for ${open.c.name}?`} confirmLabel="Make a new code" change={{ kind: 'newJoinCode', classId: open.c.id }} onClose={close}>
          The current code stops working at once. Students already in the class stay in it.
        </ConfirmDialog>
      )}
      {open?.kind === 'teachers' && <TeachersDialog c={open.c} onClose={close} />}
    </>
  );
}
