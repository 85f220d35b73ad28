/**
 * A turned-in worksheet or budget, read-only, with its comments; the teacher (`classId`/`userId`
 * given) can add one. The document is shown as its student saw it — a worksheet's numbers and
 * results, a budget's review — through the worksheets' and budgets' own components: the turn-in is
 * a copy, and nothing here can change it.
 */
import { Suspense, useEffect, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import * as yup from 'yup';
import type { TurnInComment, TurnInRecord, TurnInReview } from '../../../../common/classroom';
import type { BudgetData } from '../../../../common/budget';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { fieldProps } from '../../../ui/formikField';
import { RequestAlerts } from '../../../ui/RequestAlerts';
import { selectTimeZone } from '../../auth';
import { BudgetReview } from '../../budgetWizard';
import { WorksheetSnapshot } from '../../worksheets';
import { scoreText } from '../inbox';
import { formatMoment } from '../model';
import { selectChange, selectTurnIn } from '../selectors';
import { changeRequested, turnInRequested } from '../slice';

/** "monthlyIncome" → "Monthly income". */
export function labelOf(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLocaleLowerCase();
  return words.charAt(0).toLocaleUpperCase() + words.slice(1);
}

function Value({ value }: { value: unknown }): ReactNode {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    return (
      <Box component="ol" sx={{ m: 0, pl: 3 }}>
        {value.map((item, i) => (
          <li key={i}>
            <Value value={item} />
          </li>
        ))}
      </Box>
    );
  }
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(8rem, auto) 1fr', columnGap: 2 }}>
      {Object.entries(value as Record<string, unknown>).map(([key, v]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ fontWeight: 600 }}>
            {labelOf(key)}
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            <Value value={v} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

const isBudget = (data: unknown): data is BudgetData =>
  typeof data === 'object' && data !== null && ['incomes', 'expenses', 'goals', 'debts'].every((key) => Array.isArray((data as Record<string, unknown>)[key]));

/** The turned-in document as its student saw it; its labelled values when its shape is not one the app knows. */
export function TurnInDocument({ record }: { record: Pick<TurnInRecord, 'kind' | 'worksheetKind' | 'data'> }) {
  let view: ReactNode = <Value value={record.data} />;
  if (record.kind === 'worksheet' && record.worksheetKind) view = <WorksheetSnapshot kind={record.worksheetKind} data={record.data} />;
  else if (record.kind === 'budget' && isBudget(record.data)) view = <BudgetReview data={record.data} />;
  return <Suspense fallback={<CircularProgress aria-label="Loading the turned-in work" />}>{view}</Suspense>;
}

/** The teacher's score and comment, as the student reads them. */
export function ReviewNote({ review }: { review: TurnInReview }) {
  return (
    <Box data-testid="turn-in-review">
      <Typography>
        <Box component="span" sx={{ fontWeight: 600 }}>
          Score:
        </Box>{' '}
        {scoreText(review.score)}
      </Typography>
      {review.comment && (
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            Teacher’s comment:
          </Box>{' '}
          {review.comment}
        </Typography>
      )}
    </Box>
  );
}

export function Comments({ comments }: { comments: TurnInComment[] }) {
  const timeZone = useAppSelector(selectTimeZone);
  if (comments.length === 0) return <Typography color="text.secondary">No comments yet.</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Comments">
      {comments.map((c) => (
        <Box component="li" key={c.id} sx={{ mb: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {c.authorName}, {formatMoment(c.createdAt, timeZone)}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.body}</Typography>
        </Box>
      ))}
    </Box>
  );
}

export const COMMENT_MAX = 2000;
const commentSchema = yup.object({ body: yup.string().trim().required('Write a comment first.').max(COMMENT_MAX, `A comment is at most ${COMMENT_MAX.toLocaleString('en-US')} characters.`) });

function CommentForm({ classId, userId, turnInId }: { classId: number; userId: number; turnInId: number }) {
  const dispatch = useAppDispatch();
  const change = useAppSelector(selectChange);
  const formik = useFormik({
    initialValues: { body: '' },
    validationSchema: commentSchema,
    onSubmit: ({ body }) => {
      dispatch(changeRequested({ kind: 'comment', classId, userId, turnInId, body: body.trim() }));
    },
  });
  const { resetForm } = formik;
  useEffect(() => {
    if (change.kind === 'comment' && change.status === 'succeeded') resetForm();
  }, [change.kind, change.status, change.successCount, resetForm]);
  return (
    <form onSubmit={formik.handleSubmit} noValidate>
      <RequestAlerts error={change.kind === 'comment' && change.status === 'failed' ? change.error : null} />
      <TextField {...fieldProps(formik, 'body')} id="turn-in-comment" label="Your comment" multiline minRows={2} fullWidth margin="dense" />
      <Button type="submit" variant="contained" disabled={change.kind === 'comment' && change.status === 'pending'}>
        Leave comment
      </Button>
    </form>
  );
}

export interface TurnInDialogProps {
  turnInId: number;
  onClose: () => void;
  /** the teacher's view: may comment */
  teacher?: { classId: number; userId: number };
}

export function TurnInDialog({ turnInId, onClose, teacher }: TurnInDialogProps) {
  const dispatch = useAppDispatch();
  const turnIn = useAppSelector(selectTurnIn);
  const timeZone = useAppSelector(selectTimeZone);
  useEffect(() => {
    dispatch(turnInRequested({ turnInId }));
  }, [dispatch, turnInId]);
  const record = turnIn.data?.id === turnInId ? turnIn.data : null;
  return (
    <Dialog open onClose={onClose} aria-labelledby="turn-in-title" fullWidth maxWidth="md">
      <DialogTitle id="turn-in-title">{record ? `${record.title} (read-only)` : 'Turned-in work'}</DialogTitle>
      <DialogContent>
        {turnIn.status === 'loading' && !record && <CircularProgress aria-label="Loading the turned-in work" />}
        {turnIn.status === 'failed' && <Alert severity="error">{turnIn.error?.message}</Alert>}
        {record && (
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {record.studentName} turned this in to {record.className} on {formatMoment(record.turnedInAt, timeZone)}.
            </Typography>
            {record.review && (
              <Alert severity={record.review.returnedAt ? 'info' : 'warning'} sx={{ mb: 2 }}>
                <ReviewNote review={record.review} />
                {!record.review.returnedAt && teacher && <Typography variant="body2">Not returned yet: the student does not see this.</Typography>}
              </Alert>
            )}
            <TurnInDocument record={record} />
            <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
              Comments
            </Typography>
            <Comments comments={record.comments} />
            {teacher && <CommentForm classId={teacher.classId} userId={teacher.userId} turnInId={turnInId} />}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
