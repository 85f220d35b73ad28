/**
 * The desk's saved replies, per support team (a school's support staff; server:
 * services/support/savedReplies.ts): `SavedRepliesManager` lists the caller's teams' replies and
 * adds, changes and deletes them (on /app/support/tickets); `SavedReplyPicker` puts one into a
 * ticket's reply, to be edited before it is sent. The server checks every rule again.
 */
import { useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SAVED_REPLY_LIMITS, SAVED_REPLY_MESSAGES, type SavedReply } from '../../../../common/support';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectClients } from '../../auth';
import { selectSavedReplies } from '../selectors';
import { savedRepliesRequested, savedReplyDeleteRequested, savedReplySaveRequested } from '../slice';

/** The saved replies, loaded once per mount. */
function useSavedReplies() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(savedRepliesRequested());
  }, [dispatch]);
  return useAppSelector(selectSavedReplies);
}

/** What is wrong with a reply's title and text (client side; the server says the same). */
export function savedReplyProblems(title: string, body: string): { title: string | null; body: string | null } {
  return {
    title: title.trim() === '' || title.length > SAVED_REPLY_LIMITS.titleMax ? SAVED_REPLY_MESSAGES.title : null,
    body: body.trim() === '' || body.length > SAVED_REPLY_LIMITS.bodyMax ? SAVED_REPLY_MESSAGES.body : null,
  };
}

function ReplyForm({ reply, onDone }: { reply: SavedReply | null; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const schools = useAppSelector(selectClients);
  const [title, setTitle] = useState(reply?.title ?? '');
  const [body, setBody] = useState(reply?.body ?? '');
  const [school, setSchool] = useState(reply?.school.id ?? schools[0]?.lsclientID ?? '');
  const [tried, setTried] = useState(false);
  const problems = savedReplyProblems(title, body);
  const idBase = reply ? `saved-reply-${reply.id}` : 'saved-reply-new';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.title || problems.body) return;
    dispatch(savedReplySaveRequested(reply ? { id: reply.id, title, body } : { title, body, ...(school ? { school } : {}) }));
    onDone();
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={reply ? `Change the saved reply ${reply.title}` : 'New saved reply'} sx={{ display: 'grid', gap: 1, my: 1, maxWidth: 640 }}>
      {!reply && schools.length > 1 && (
        <TextField select id={`${idBase}-school`} label="Support team of" size="small" value={school} onChange={(e) => setSchool(e.target.value)} slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
          {schools.map((s) => (
            <option key={s.lsclientID} value={s.lsclientID}>
              {s.clientName}
            </option>
          ))}
        </TextField>
      )}
      <TextField id={`${idBase}-title`} label="Title" size="small" required value={title} onChange={(e) => setTitle(e.target.value)} error={tried && Boolean(problems.title)} helperText={tried ? problems.title : null} />
      <TextField
        id={`${idBase}-body`}
        label="Reply text"
        multiline
        minRows={3}
        required
        value={body}
        onChange={(e) => setBody(e.target.value)}
        error={tried && Boolean(problems.body)}
        helperText={tried && problems.body ? problems.body : `Up to ${SAVED_REPLY_LIMITS.bodyMax.toLocaleString('en-US')} characters.`}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained">
          {reply ? 'Save changes' : 'Add saved reply'}
        </Button>
        {reply && <Button onClick={onDone}>Cancel</Button>}
      </Box>
    </Box>
  );
}

export function SavedRepliesManager() {
  const dispatch = useAppDispatch();
  const replies = useSavedReplies();
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <Box component="section" aria-labelledby="saved-replies-heading" sx={{ mt: 4 }}>
      <Typography id="saved-replies-heading" variant="h5" component="h2">
        Saved replies
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Shared with your school’s support team. Put one into a ticket’s reply from the ticket’s page, then edit it before you send.
      </Typography>
      {replies.status === 'failed' && <Typography color="error">{replies.error?.message}</Typography>}
      {replies.data && replies.data.length === 0 && <Typography sx={{ my: 1 }}>No saved replies yet.</Typography>}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {(replies.data ?? []).map((r) => (
          <Box component="li" key={r.id} sx={{ borderBottom: 1, borderColor: 'divider', py: 1 }}>
            {editing === r.id ? (
              <ReplyForm key={`edit-${r.id}`} reply={r} onDone={() => setEditing(null)} />
            ) : (
              <>
                <Typography variant="subtitle1" component="h3">
                  {r.title} <Typography component="span" variant="body2" color="text.secondary">· {r.school.name}</Typography>
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{r.body}</Typography>
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button size="small" onClick={() => setEditing(r.id)} aria-label={`Edit the saved reply ${r.title}`}>
                    Edit
                  </Button>
                  <Button size="small" color="error" onClick={() => dispatch(savedReplyDeleteRequested({ id: r.id }))} aria-label={`Delete the saved reply ${r.title}`}>
                    Delete
                  </Button>
                </Box>
              </>
            )}
          </Box>
        ))}
      </Box>
      <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
        Add a saved reply
      </Typography>
      <ReplyForm key={`new-${replies.saved}`} reply={null} onDone={() => undefined} />
    </Box>
  );
}

/** A choice of saved replies for a ticket's reply; picking one hands its text to `onPick`. */
export function SavedReplyPicker({ onPick }: { onPick: (reply: SavedReply) => void }) {
  const replies = useSavedReplies();
  if (!replies.data || replies.data.length === 0) return null;
  return (
    <TextField
      select
      id="saved-reply-pick"
      label="Start from a saved reply"
      size="small"
      value=""
      onChange={(e) => {
        const reply = replies.data?.find((r) => String(r.id) === e.target.value);
        if (reply) onPick(reply);
      }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ mt: 1, minWidth: 280 }}
    >
      <option value="">Choose a saved reply…</option>
      {replies.data.map((r) => (
        <option key={r.id} value={String(r.id)}>
          {r.title}
        </option>
      ))}
    </TextField>
  );
}
