/**
 * /app/classes/:id/students/:userId: one student's page in the class: the class's assignments with
 * the student's due day, attempts and status, each with an exception to give (extra attempts, a
 * later due day); then, read-only, the transcript, review attempts and turned-in work (open one,
 * leave a comment). For the shared computer the
 * student walked away from: "End all sessions"; for a forgotten password: "Give a temporary
 * password", shown once with a copy button. Both are confirmed first.
 */
import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import type { TranscriptRow } from '../../../../common/catalog';
import { registerArea } from '../../../app/areas';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageFrame } from '../../../ui/PageFrame';
import { cellFromSm, FoldedLines, TableFrame } from '../../../ui/TableFrame';
import { selectTimeZone } from '../../auth';
import { classroomArea } from '../area';
import { CopyButton } from '../components/CopyButton';
import { ConfirmDialog } from '../components/Dialogs';
import { canExcept, ExceptionDialog, studentAttempts, studentDueDay } from '../components/ExceptionDialog';
import { StatusChip } from '../components/StatusChip';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import { classesCrumbs, NO_CLASSROOM_ACCESS, Refusal } from '../components/Refusals';
import { TurnInDialog } from '../components/TurnInView';
import { formatMoment, formatTimeSpent, studentLanguageLabel, studentName } from '../model';
import { selectCanTeach, selectClassStudent, selectTemporaryPassword } from '../selectors';
import { studentRequested, temporaryPasswordDismissed } from '../slice';

registerArea(classroomArea);

const isTranscript = (value: unknown): value is TranscriptRow[] =>
  Array.isArray(value) && value.every((r) => r && typeof r === 'object' && 'moduleTitle' in r);

function TemporaryPasswordDialog({ password, name, onClose }: { password: string; name: string; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="temporary-password-title">
      <DialogTitle id="temporary-password-title">Temporary password for {name}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">
          <Box component="code" data-testid="temporary-password" sx={{ fontSize: '1.25rem', mr: 1 }}>
            {password}
          </Box>
          <CopyButton text={password} what="Password" />
          <Typography sx={{ mt: 2 }}>
            It is shown only now. Give it to the student in person: they choose a new password when they next sign in.
          </Typography>
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ClassStudentPage() {
  const { id = '', userId: user = '' } = useParams();
  const classId = Number(id);
  const userId = Number(user);
  const canTeach = useAppSelector(selectCanTeach);
  const dispatch = useAppDispatch();
  const record = useAppSelector(selectClassStudent);
  const temporary = useAppSelector(selectTemporaryPassword);
  const timeZone = useAppSelector(selectTimeZone);
  const [confirm, setConfirm] = useState<'endSessions' | 'temporaryPassword' | null>(null);
  const [openTurnIn, setOpenTurnIn] = useState<number | null>(null);
  const [excepting, setExcepting] = useState<number | null>(null);
  const closeException = useCallback(() => setExcepting(null), []);
  const closeConfirm = useCallback(() => setConfirm(null), []);

  useEffect(() => {
    if (canTeach) dispatch(studentRequested({ classId, userId }));
  }, [dispatch, canTeach, classId, userId]);
  // a password shown once: gone when the teacher leaves the page
  useEffect(() => () => void dispatch(temporaryPasswordDismissed()), [dispatch]);

  const classCrumbs = [...classesCrumbs, { label: 'Class', to: `/app/classes/${classId}` }];
  if (!canTeach) return <Refusal title="Student" message={NO_CLASSROOM_ACCESS} />;
  // no such student in the class, or not this teacher's class: Not Found, tab title too
  if (record.status === 'failed' && (record.error?.status === 404 || record.error?.status === 403)) return <NotFoundPage />;
  const data = record.data?.classId === classId && record.data.student.userId === userId ? record.data : null;
  const name = data ? `${data.student.firstName} ${data.student.lastName}` : 'Student';
  const transcript = data && isTranscript(data.transcript) ? data.transcript : [];

  return (
    <PageFrame title={name} namesTab crumbs={[...classCrumbs, { label: name, private: true }]} maxWidth={1100}>
      {record.status === 'loading' && !data && <CircularProgress aria-label="Loading the student" />}
      {record.status === 'failed' && <Alert severity="error">{record.error?.message}</Alert>}
      {data && (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {studentName(data.student)} · {data.student.userName}
            {data.student.externalId ? ` · Student ID ${data.student.externalId}` : ''} · {studentLanguageLabel(data.student.language)} ·{' '}
            {data.student.signedIn ? 'Signed in now' : 'Not signed in'} · Last
            active {formatMoment(data.student.lastActiveAt, timeZone)} · {formatTimeSpent(data.student.timeSpentSeconds)} spent
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mb: 3, flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" color="error" onClick={() => setConfirm('endSessions')}>
              End all sessions
            </Button>
            <Button variant="outlined" onClick={() => setConfirm('temporaryPassword')}>
              Give a temporary password
            </Button>
          </Stack>

          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            Assignments
          </Typography>
          {data.assignments.length === 0 ? (
            <Typography sx={{ mb: 3 }}>Nothing is assigned to the class yet.</Typography>
          ) : (
            <TableFrame label="Assignments" sx={{ mb: 3 }}>
              <Table size="small" aria-label="Assignments">
                <TableHead>
                  <TableRow>
                    <TableCell scope="col">Assignment</TableCell>
                    <TableCell scope="col" sx={cellFromSm}>
                      Due
                    </TableCell>
                    <TableCell scope="col" sx={cellFromSm}>
                      Attempts
                    </TableCell>
                    <TableCell scope="col">Status</TableCell>
                    <TableCell scope="col">Exception</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.assignments.map((a) => {
                    const own = data.exceptions.find((e) => e.assignmentId === a.id) ?? null;
                    const cell = data.cells[a.id];
                    const due = studentDueDay(a, own);
                    const attempts = studentAttempts(a, own, cell?.attempts ?? 0);
                    return (
                      <TableRow key={a.id}>
                        <TableCell component="th" scope="row">
                          {a.title}
                          <FoldedLines lines={[`Due ${due}`, `Attempts ${attempts}`]} />
                        </TableCell>
                        <TableCell sx={cellFromSm}>{due}</TableCell>
                        <TableCell sx={cellFromSm}>{attempts}</TableCell>
                        <TableCell>{cell ? <StatusChip status={cell.status} bestScore={cell.bestScore} /> : '—'}</TableCell>
                        <TableCell>
                          {canExcept(a) ? (
                            <Button size="small" onClick={() => setExcepting(a.id)} aria-label={own ? `Change ${name}’s exception on ${a.title}` : `Give an exception to ${name} on ${a.title}`}>
                              {own ? 'Change' : 'Give an exception'}
                            </Button>
                          ) : (
                            '—'
                          )}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableFrame>
          )}

          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            Transcript
          </Typography>
          {transcript.length === 0 ? (
            <Typography sx={{ mb: 3 }}>Nothing started yet.</Typography>
          ) : (
            <TableFrame label="Transcript" sx={{ mb: 3 }}>
              <Table size="small" aria-label="Transcript">
                <TableHead>
                  <TableRow>
                    <TableCell scope="col">Module</TableCell>
                    <TableCell scope="col">Progress</TableCell>
                    <TableCell scope="col" sx={cellFromSm}>
                      Average best score
                    </TableCell>
                    <TableCell scope="col" sx={cellFromSm}>
                      Time spent
                    </TableCell>
                    <TableCell scope="col" sx={cellFromSm}>
                      Completed
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {transcript.map((row) => (
                    <TableRow key={row.moduleSlug}>
                      <TableCell component="th" scope="row">
                        {row.moduleTitle}
                        {/* on a phone the other columns fold in under the module */}
                        <FoldedLines
                          lines={[
                            `Best ${row.averageBestScore === null ? '—' : `${Math.round(row.averageBestScore)}%`} · ${formatTimeSpent(row.timeSpentSeconds)}`,
                            ...(row.completedAt ? [`Completed ${formatMoment(row.completedAt, timeZone)}`] : []),
                          ]}
                        />
                      </TableCell>
                      <TableCell>{row.percent}%</TableCell>
                      <TableCell sx={cellFromSm}>{row.averageBestScore === null ? '—' : `${Math.round(row.averageBestScore)}%`}</TableCell>
                      <TableCell sx={cellFromSm}>{formatTimeSpent(row.timeSpentSeconds)}</TableCell>
                      <TableCell sx={cellFromSm}>{row.completedAt ? formatMoment(row.completedAt, timeZone) : '—'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableFrame>
          )}

          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            Review attempts
          </Typography>
          {data.reviewAttempts.length === 0 ? (
            <Typography sx={{ mb: 3 }}>No review attempts yet.</Typography>
          ) : (
            <TableFrame label="Review attempts" sx={{ mb: 3 }}>
              <Table size="small" aria-label="Review attempts">
                <TableHead>
                  <TableRow>
                    <TableCell scope="col">Review</TableCell>
                    <TableCell scope="col">Score</TableCell>
                    <TableCell scope="col">Result</TableCell>
                    <TableCell scope="col" sx={cellFromSm}>
                      When
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.reviewAttempts.map((a, i) => (
                    <TableRow key={`${a.materialSlug}-${a.createdAt}-${i}`}>
                      <TableCell component="th" scope="row">
                        {a.title}
                        <FoldedLines lines={[formatMoment(a.createdAt, timeZone)]} />
                      </TableCell>
                      <TableCell>{Math.round(a.score)}%</TableCell>
                      <TableCell>{a.passed ? 'Passed' : 'Not passed'}</TableCell>
                      <TableCell sx={cellFromSm}>{formatMoment(a.createdAt, timeZone)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableFrame>
          )}

          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            Turned-in work
          </Typography>
          {data.turnIns.length === 0 ? (
            <Typography sx={{ mb: 3 }}>Nothing turned in yet.</Typography>
          ) : (
            <TableFrame label="Turned-in work" sx={{ mb: 3 }}>
              <Table size="small" aria-label="Turned-in work">
                <TableHead>
                  <TableRow>
                    <TableCell scope="col">Work</TableCell>
                    <TableCell scope="col">Turned in</TableCell>
                    <TableCell scope="col">Comments</TableCell>
                    <TableCell scope="col">Open</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.turnIns.map((t) => (
                    <TableRow key={t.id}>
                      <TableCell component="th" scope="row">
                        {t.title} ({t.kind === 'budget' ? 'budget' : 'worksheet'})
                      </TableCell>
                      <TableCell>{formatMoment(t.turnedInAt, timeZone)}</TableCell>
                      <TableCell>{t.comments.length}</TableCell>
                      <TableCell>
                        <Button size="small" onClick={() => setOpenTurnIn(t.id)} aria-label={`Open ${t.title}`}>
                          Open
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableFrame>
          )}
        </>
      )}

      {confirm === 'endSessions' && (
        <ConfirmDialog open title={`End all of ${name}’s sessions?`} confirmLabel="End all sessions" change={{ kind: 'endSessions', classId, userId }} onClose={closeConfirm} danger>
          Every device {name} is signed in on goes to the sign-in page within a minute. Work they have not saved may be lost.
        </ConfirmDialog>
      )}
      {confirm === 'temporaryPassword' && (
        <ConfirmDialog open title={`Give ${name} a temporary password?`} confirmLabel="Give a temporary password" change={{ kind: 'temporaryPassword', classId, userId }} onClose={closeConfirm}>
          Their current password stops working. They sign in with the temporary one and choose a new password at once.
        </ConfirmDialog>
      )}
      {temporary?.userId === userId && <TemporaryPasswordDialog password={temporary.password} name={name} onClose={() => dispatch(temporaryPasswordDismissed())} />}
      {data &&
        (() => {
          const assignment = excepting === null ? undefined : data.assignments.find((a) => a.id === excepting);
          if (!assignment) return null;
          return (
            <ExceptionDialog
              open
              classId={classId}
              student={{ userId, name }}
              assignment={assignment}
              exception={data.exceptions.find((e) => e.assignmentId === assignment.id) ?? null}
              onClose={closeException}
            />
          );
        })()}
      {openTurnIn !== null && <TurnInDialog turnInId={openTurnIn} teacher={{ classId, userId }} onClose={() => setOpenTurnIn(null)} />}
    </PageFrame>
  );
}
