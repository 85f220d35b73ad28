/**
 * /app/support/tickets/:key: one ticket: its state, assignee, thread, reply to the student, internal
 * note, resolve / reopen, the way to its replay. Only SUPPORT / GADMINSUPERUSER.
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { TICKET_STATUS_LABELS, type SavedReply, type TicketMessage } from '../../../../common/support';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDate } from '../../../ui/format';
import { PageFrame } from '../../../ui/PageFrame';
import { selectTimeZone, selectUser } from '../../auth';
import { MessageForm } from '../components/MessageForm';
import { SavedReplyPicker } from '../components/SavedReplies';
import { replayPath } from '../sagas';
import { selectDeskSend, selectStaff, selectTicket } from '../selectors';
import { deskActionRequested, staffRequested, ticketRequested, ticketResolveRequested } from '../slice';
import { firstReplyText } from '../desk/queue';
import { Thread } from '../components/Thread';
import { Refused, consoleCrumbs, useIsStaff } from './consoleAccess';
import { registerArea } from '../../../app/areas';
import { supportArea } from '../area';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(supportArea);

const MESSAGE_HEADINGS: Record<TicketMessage['kind'], string> = {
  reply: 'Reply to the student',
  note: 'Internal note (staff only)',
  student: 'The student answered',
};

export function TicketPage() {
  const { key = '' } = useParams();
  const isStaff = useIsStaff();
  const dispatch = useAppDispatch();
  const ticket = useAppSelector(selectTicket);
  const staff = useAppSelector(selectStaff);
  const send = useAppSelector(selectDeskSend);
  const me = useAppSelector(selectUser);
  const timeZone = useAppSelector(selectTimeZone);
  // a saved reply picked: the reply form starts again from its text (picked again: again)
  const [startFrom, setStartFrom] = useState<SavedReply | null>(null);
  const [picks, setPicks] = useState(0);
  const pick = (reply: SavedReply) => {
    setStartFrom(reply);
    setPicks((n) => n + 1);
  };

  useEffect(() => {
    if (isStaff) dispatch(ticketRequested({ key }));
  }, [dispatch, isStaff, key]);
  useEffect(() => {
    if (isStaff) dispatch(staffRequested());
  }, [dispatch, isStaff]);

  const title = `Ticket ${key}`;
  if (!isStaff) return <Refused title={title} />;
  // a ticket that does not exist (or is not this staff member's to see) is Not Found, tab title too
  if (ticket.status === 'failed' && ticket.error?.status === 404) return <NotFoundPage />;
  const t = ticket.data;
  const pending = send.status === 'pending';
  const staffOptions = staff.data ?? [];
  const assigneeShown = t?.assignee && !staffOptions.some((s) => s.id === t.assignee!.id) ? [...staffOptions, t.assignee] : staffOptions;
  return (
    <PageFrame title={title} crumbs={[...consoleCrumbs, { label: 'Support Tickets', to: '/app/support/tickets' }, { label: key }]}>
      {ticket.status === 'loading' && <CircularProgress aria-label="Loading the ticket" />}
      {ticket.status === 'failed' && <Alert severity="error">{ticket.error?.message}</Alert>}
      {t && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h5" component="h2" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
            {t.subject}
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
            <dt>State</dt>
            <dd style={{ margin: 0 }} data-testid="ticket-state">
              {TICKET_STATUS_LABELS[t.status]}
              {t.status === 'resolved' && t.resolvedAt !== null ? ` ${formatDate(t.resolvedAt, timeZone)}` : ''}
            </dd>
            <dt>Assigned to</dt>
            <dd style={{ margin: 0 }}>{t.assignee?.name ?? 'Nobody yet'}</dd>
            <dt>First reply</dt>
            <dd style={{ margin: 0 }}>{firstReplyText(t)}</dd>
            <dt>From</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>
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
          <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              select
              id="ticket-assignee"
              label="Assign to"
              size="small"
              sx={{ minWidth: 220 }}
              value={t.assignee ? String(t.assignee.id) : ''}
              disabled={pending}
              onChange={(e) => dispatch(deskActionRequested({ kind: 'assign', key: t.key, assigneeId: e.target.value ? Number(e.target.value) : null }))}
            >
              <MenuItem value="">Nobody</MenuItem>
              {assigneeShown.map((s) => (
                <MenuItem key={s.id} value={String(s.id)}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
            {me && t.assignee?.id !== me.id && (
              <Button variant="outlined" disabled={pending} onClick={() => dispatch(deskActionRequested({ kind: 'assign', key: t.key, assigneeId: me.id }))}>
                Assign to me
              </Button>
            )}
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
            {t.status !== 'resolved' ? (
              <Button variant="contained" onClick={() => dispatch(ticketResolveRequested({ key: t.key }))}>
                Mark resolved
              </Button>
            ) : (
              <Button variant="outlined" disabled={pending} onClick={() => dispatch(deskActionRequested({ kind: 'reopen', key: t.key }))}>
                Reopen
              </Button>
            )}
          </Box>
          <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
            Conversation
          </Typography>
          <Thread messages={t.messages} timeZone={timeZone} who={(m) => `${MESSAGE_HEADINGS[m.kind]} — ${m.kind === 'student' ? t.name : m.authorName}`} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3, mt: 2 }}>
            <Box component="section" aria-labelledby="reply-heading">
              <Typography id="reply-heading" variant="h6" component="h3">
                Reply to the student
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Shown under My requests and e-mailed to {t.email}. The ticket then waits on the student.
              </Typography>
              <SavedReplyPicker onPick={pick} />
              <MessageForm
                key={`reply-${send.sent.reply}-${startFrom?.id ?? ''}-${picks}`}
                id="ticket-reply"
                label="Your reply"
                submitLabel="Send reply"
                pending={pending}
                initialBody={startFrom?.body ?? ''}
                onSend={(body) => dispatch(deskActionRequested({ kind: 'reply', key: t.key, body }))}
              />
            </Box>
            <Box component="section" aria-labelledby="note-heading">
              <Typography id="note-heading" variant="h6" component="h3">
                Internal note
              </Typography>
              <Typography variant="body2" color="text.secondary">
                For staff only: never shown or e-mailed to the student.
              </Typography>
              <MessageForm key={`note-${send.sent.note}`} id="ticket-note" label="Note for staff" submitLabel="Add note" pending={pending} onSend={(body) => dispatch(deskActionRequested({ kind: 'note', key: t.key, body }))} />
            </Box>
          </Box>
        </Paper>
      )}
    </PageFrame>
  );
}
