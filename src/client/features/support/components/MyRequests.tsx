/**
 * "My requests" on /app/support: the signed-in student's tickets (subject, state in plain words, the
 * last reply) and, opened one at a time, its conversation — what they wrote, the support team's
 * replies and their own answers (internal notes never reach the browser) — with a form to answer.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
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
import { Thread } from './Thread';
import { selectDeskSend, selectMyTicket, selectMyTickets } from '../selectors';
import { myAnswerSent, myTicketRequested, myTicketsRequested } from '../slice';
import { MessageForm } from './MessageForm';
import { MY_REQUESTS_ANCHOR } from '../paths';

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

  // reached by "My requests" (the profile menu, the help page, Get Help): a route change does not
  // scroll to its anchor, so the list is brought into view and its heading takes the focus
  const { hash } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = list.status === 'succeeded' || list.status === 'failed';
  useEffect(() => {
    if (hash !== `#${MY_REQUESTS_ANCHOR}` || !loaded) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus();
  }, [hash, loaded]);

  const toggle = (key: string) => {
    if (openKey === key) return setOpenKey(null);
    setOpenKey(key);
    dispatch(myTicketRequested({ key }));
  };

  return (
    <Box component="section" id={MY_REQUESTS_ANCHOR} aria-labelledby="my-requests-heading" sx={{ mt: 4 }}>
      <Typography ref={heading} tabIndex={-1} id="my-requests-heading" variant="h5" component="h2" sx={{ mb: 1, '&:focus': { outline: 'none' } }}>
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
