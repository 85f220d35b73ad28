/**
 * "My requests" on /app/support: the signed-in student's tickets (subject, state in plain words, the
 * last reply) and, opened one at a time, its conversation — what they wrote, the support team's
 * replies and their own answers (internal notes never reach the browser) — with a form to answer.
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MY_TICKET_STATUS_LABELS } from '../../../../common/support';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDate } from '../../../ui/format';
import { selectTimeZone } from '../../auth';
import { Thread } from '../pages/ConsolePages';
import { selectDeskSend, selectMyTicket, selectMyTickets } from '../selectors';
import { myAnswerSent, myTicketRequested, myTicketsRequested } from '../slice';
import { MessageForm } from './MessageForm';

export function MyRequests() {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectMyTickets);
  const open = useAppSelector(selectMyTicket);
  const send = useAppSelector(selectDeskSend);
  const timeZone = useAppSelector(selectTimeZone);
  const [openKey, setOpenKey] = useState<string | null>(null);

  useEffect(() => {
    dispatch(myTicketsRequested());
  }, [dispatch]);

  const toggle = (key: string) => {
    if (openKey === key) return setOpenKey(null);
    setOpenKey(key);
    dispatch(myTicketRequested({ key }));
  };

  return (
    <Box component="section" aria-labelledby="my-requests-heading" sx={{ mt: 4 }}>
      <Typography id="my-requests-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
        My requests
      </Typography>
      {list.status === 'loading' && <CircularProgress aria-label="Loading your requests" />}
      {list.status === 'failed' && <Alert severity="error">{list.error?.message}</Alert>}
      {list.status === 'succeeded' && (list.data ?? []).length === 0 && <Typography>You have not sent a request yet.</Typography>}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {(list.data ?? []).map((t) => {
          const expanded = openKey === t.key;
          const detail = expanded && open.data?.key === t.key ? open.data : null;
          const threadId = `my-request-${t.key}`;
          return (
            <Paper component="li" variant="outlined" key={t.key} sx={{ p: 2 }}>
              <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                {t.subject}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t.key} · sent {formatDate(t.createdAt, timeZone)}
              </Typography>
              <Typography sx={{ mt: 0.5 }}>
                <strong>State:</strong> {MY_TICKET_STATUS_LABELS[t.status]}
              </Typography>
              <Typography sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                <strong>Last reply:</strong> {t.lastReply ? `${formatDate(t.lastReply.at, timeZone)}: ${t.lastReply.body.length > 160 ? `${t.lastReply.body.slice(0, 160)}…` : t.lastReply.body}` : 'No reply yet'}
              </Typography>
              <Button sx={{ mt: 1 }} variant="outlined" size="small" aria-expanded={expanded} aria-controls={threadId} onClick={() => toggle(t.key)}>
                {expanded ? 'Hide the conversation' : 'Read and answer'}
              </Button>
              {expanded && (
                <Box id={threadId} sx={{ mt: 2 }}>
                  {open.status === 'loading' && <CircularProgress aria-label="Loading the conversation" />}
                  {open.status === 'failed' && <Alert severity="error">{open.error?.message}</Alert>}
                  {detail && (
                    <>
                      <Typography variant="subtitle2" component="h4">
                        What you wrote
                      </Typography>
                      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: 2 }}>{detail.comments}</Typography>
                      <Thread messages={detail.messages} timeZone={timeZone} who={(m) => (m.kind === 'reply' ? `Support (${m.authorName})` : 'You')} />
                      <MessageForm
                        key={`answer-${send.sent.student}`}
                        id={`answer-${t.key}`}
                        label="Your answer"
                        submitLabel="Send answer"
                        pending={send.status === 'pending'}
                        onSend={(body) => dispatch(myAnswerSent({ key: t.key, body }))}
                      />
                    </>
                  )}
                </Box>
              )}
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}
