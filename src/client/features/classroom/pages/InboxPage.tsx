/**
 * /app/classes/:id/inbox: every worksheet and budget the class's students turned in, newest first,
 * one at a time (`?turnIn=` names it; the newest without) with Previous and Next. Each is shown as
 * its student saw it, with the teacher's score (points or complete/incomplete) and comment, saved
 * and then returned to the student, who sees both and may turn the work in again.
 */
import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { TURN_IN_POINTS_POSSIBLE, type InboxItem } from '../../../../common/classroom';
import { registerArea } from '../../../app/areas';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import { PageFrame } from '../../../ui/PageFrame';
import { RequestAlerts } from '../../../ui/RequestAlerts';
import { selectTimeZone } from '../../auth';
import { classroomArea } from '../area';
import { classesCrumbs, NO_CLASSROOM_ACCESS, Refusal } from '../components/Refusals';
import { Comments, TurnInDocument } from '../components/TurnInView';
import { INBOX_STATE_LABELS, inboxPosition, reviewFormErrors, reviewFormOf, reviewInputOf, scoreText, type ReviewForm, type ScoreKind } from '../inbox';
import { formatMoment } from '../model';
import { selectCanTeach, selectChange, selectInbox, selectTurnIn } from '../selectors';
import { changeDismissed, changeRequested, inboxRequested, turnInRequested } from '../slice';

registerArea(classroomArea);

const SCORE_KINDS: { value: ScoreKind; label: string }[] = [
  { value: 'points', label: `Points (out of ${TURN_IN_POINTS_POSSIBLE})` },
  { value: 'complete', label: 'Complete' },
  { value: 'incomplete', label: 'Incomplete' },
  { value: 'none', label: 'No score' },
];

const itemHref = (classId: number, item: InboxItem) => `/app/classes/${classId}/inbox?turnIn=${item.id}`;

/** The score and comment form of one item: Save, and Return to student (which saves first). */
function ReviewPanel({ classId, item }: { classId: number; item: InboxItem }) {
  const dispatch = useAppDispatch();
  const change = useAppSelector(selectChange);
  const initial = reviewFormOf(item.review);
  const [form, setForm] = useState<ReviewForm>(initial);
  const [tried, setTried] = useState(false);
  const errors = tried ? reviewFormErrors(form) : {};
  const dirty = form.scoreKind !== initial.scoreKind || form.points !== initial.points || form.comment !== initial.comment;
  const pending = change.status === 'pending' && (change.kind === 'review' || change.kind === 'returnWork');
  const refusal = change.status === 'failed' && (change.kind === 'review' || change.kind === 'returnWork') ? change.error : null;
  useEffect(() => {
    dispatch(changeDismissed());
  }, [dispatch, item.id]);

  const send = (returnIt: boolean) => {
    setTried(true);
    if (Object.keys(reviewFormErrors(form)).length > 0) return;
    if (returnIt) dispatch(changeRequested({ kind: 'returnWork', classId, turnInId: item.id, ...(dirty ? { input: reviewInputOf(form) } : {}) }));
    else dispatch(changeRequested({ kind: 'review', classId, turnInId: item.id, input: reviewInputOf(form) }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };
  const returned = item.review?.returnedAt ?? null;

  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-labelledby="review-heading" sx={{ mt: 3 }}>
      <Typography id="review-heading" variant="h5" component="h3" sx={{ mb: 1 }}>
        Score and comment
      </Typography>
      <RequestAlerts error={refusal} />
      <FormLabel id="score-kind-label">Score</FormLabel>
      <RadioGroup row aria-labelledby="score-kind-label" value={form.scoreKind} onChange={(e) => setForm({ ...form, scoreKind: e.target.value as ScoreKind })}>
        {SCORE_KINDS.map((k) => (
          <FormControlLabel key={k.value} value={k.value} control={<Radio />} label={k.label} />
        ))}
      </RadioGroup>
      {form.scoreKind === 'points' && (
        <TextField
          id="review-points"
          label="Points"
          value={form.points}
          onChange={(e) => setForm({ ...form, points: e.target.value })}
          error={Boolean(errors.points)}
          helperText={errors.points ?? `From 0 to ${TURN_IN_POINTS_POSSIBLE}`}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          margin="dense"
          sx={{ maxWidth: 200, display: 'block' }}
        />
      )}
      <TextField
        id="review-comment"
        label="Comment to the student"
        value={form.comment}
        onChange={(e) => setForm({ ...form, comment: e.target.value })}
        error={Boolean(errors.comment)}
        helperText={errors.comment}
        multiline
        minRows={3}
        fullWidth
        margin="dense"
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <Button type="submit" variant="outlined" disabled={pending}>
          Save
        </Button>
        {returned === null && (
          <Button variant="contained" disabled={pending} onClick={() => send(true)}>
            {dirty ? 'Save and return to student' : 'Return to student'}
          </Button>
        )}
        <Typography variant="body2" color="text.secondary">
          {returned !== null ? 'Returned: the student sees the score and comment, and can turn the work in again.' : 'The student sees the score and comment once you return the work.'}
        </Typography>
      </Stack>
    </Box>
  );
}

/** One item: who turned it in and when, where it stands, the work as the student saw it, the review form. */
function InboxEntry({ classId, item }: { classId: number; item: InboxItem }) {
  const dispatch = useAppDispatch();
  const turnIn = useAppSelector(selectTurnIn);
  const timeZone = useAppSelector(selectTimeZone);
  useEffect(() => {
    dispatch(turnInRequested({ turnInId: item.id }));
  }, [dispatch, item.id]);
  const record = turnIn.data?.id === item.id ? turnIn.data : null;
  return (
    <Box component="section" aria-labelledby="inbox-item-heading" sx={{ minWidth: 0 }}>
      <Typography id="inbox-item-heading" variant="h5" component="h2">
        {item.title}: {item.studentName}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {item.kind === 'budget' ? 'Budget' : 'Worksheet'} turned in {formatMoment(item.turnedInAt, timeZone)} · {INBOX_STATE_LABELS[item.state]}
        {item.review?.score != null ? ` · ${scoreText(item.review.score)}` : ''}
      </Typography>
      {turnIn.status === 'loading' && !record && <CircularProgress aria-label="Loading the turned-in work" />}
      {turnIn.status === 'failed' && <Alert severity="error">{turnIn.error?.message}</Alert>}
      {record && <TurnInDocument record={record} />}
      <ReviewPanel key={`${item.id}-${item.review?.scoredAt ?? 0}-${item.review?.returnedAt ?? 0}`} classId={classId} item={item} />
      {item.comments.length > 0 && (
        <>
          <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
            Earlier comments
          </Typography>
          <Comments comments={item.comments} />
        </>
      )}
    </Box>
  );
}

export function InboxPage() {
  const { id = '' } = useParams();
  const classId = Number(id);
  const [params] = useSearchParams();
  const wanted = /^\d+$/.test(params.get('turnIn') ?? '') ? Number(params.get('turnIn')) : null;
  const canTeach = useAppSelector(selectCanTeach);
  const dispatch = useAppDispatch();
  const inbox = useAppSelector(selectInbox);
  useEffect(() => {
    if (canTeach) dispatch(inboxRequested({ classId }));
  }, [dispatch, canTeach, classId]);

  if (!canTeach) return <Refusal title="Inbox" message={NO_CLASSROOM_ACCESS} />;
  if (inbox.status === 'failed' && (inbox.error?.status === 404 || inbox.error?.status === 403)) return <NotFoundPage />;
  const data = inbox.data?.classId === classId ? inbox.data : null;
  const items = data?.items ?? [];
  const { item, index, previous, next } = inboxPosition(items, wanted);
  const toReview = items.filter((i) => i.state === 'to-review').length;
  const crumbs = [...classesCrumbs, { label: data?.name ?? 'Class', to: `/app/classes/${classId}` }, { label: 'Inbox' }];

  return (
    <PageFrame title="Inbox" crumbs={crumbs} maxWidth={1200}>
      {inbox.status === 'loading' && !data && <CircularProgress aria-label="Loading the inbox" />}
      {inbox.status === 'failed' && <Alert severity="error">{inbox.error?.message}</Alert>}
      {data && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {data.name} · {items.length} turned in · {toReview} to review
        </Typography>
      )}
      {data && items.length === 0 && <Typography>Nothing turned in yet. Worksheets and budgets your students turn in to this class appear here.</Typography>}
      {item && (
        <>
          <Box component="nav" aria-label="Previous and next" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <Button variant="outlined" component={RouterLink} to={previous ? itemHref(classId, previous) : '#'} disabled={!previous} aria-label="Previous turned-in work">
              Previous
            </Button>
            <Typography aria-live="polite">
              {index + 1} of {items.length}
            </Typography>
            <Button variant="outlined" component={RouterLink} to={next ? itemHref(classId, next) : '#'} disabled={!next} aria-label="Next turned-in work">
              Next
            </Button>
          </Box>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '16rem minmax(0, 1fr)' }, alignItems: 'start' }}>
            <Box component="nav" aria-label="Turned-in work">
              <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5, maxHeight: { md: '70vh' }, overflowY: 'auto' }}>
                {items.map((i) => (
                  <li key={i.id}>
                    <Link
                      component={RouterLink}
                      to={itemHref(classId, i)}
                      aria-current={i.id === item.id ? 'page' : undefined}
                      sx={{ display: 'block', p: 1, borderRadius: 1, bgcolor: i.id === item.id ? 'action.selected' : undefined }}
                    >
                      {i.studentName}: {i.title}
                    </Link>
                    <Chip size="small" label={INBOX_STATE_LABELS[i.state]} color={i.state === 'to-review' ? 'primary' : 'default'} variant="outlined" sx={{ ml: 1 }} />
                  </li>
                ))}
              </Box>
            </Box>
            <InboxEntry classId={classId} item={item} />
          </Box>
        </>
      )}
    </PageFrame>
  );
}
