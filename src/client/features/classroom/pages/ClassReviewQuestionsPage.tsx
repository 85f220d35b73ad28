/**
 * /app/classes/:id/reviews/:assignmentId/questions: "What the class got wrong" on one review
 * assignment. Each question of the review's bank with the share of the class that got it right
 * (each student's latest answer), the most-missed first, the section it tests and who missed it;
 * one click assigns that section and a re-review to exactly the students who missed it. A list,
 * not a table, so it reads the same on a phone.
 */
import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import type { ClassQuestionTally } from '../../../../common/classroom';
import { registerArea } from '../../../app/areas';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import { PageFrame } from '../../../ui/PageFrame';
import { classroomArea } from '../area';
import { classesCrumbs, NO_CLASSROOM_ACCESS, Refusal } from '../components/Refusals';
import { selectCanTeach, selectChange, selectReviewQuestions } from '../selectors';
import { changeDismissed, changeRequested, reviewQuestionsRequested } from '../slice';

registerArea(classroomArea);

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The button's words: what it assigns and to how many (the ones not sent it yet). */
export const reteachLabel = (section: string, n: number) => `Re-teach “${section}” to the ${n === 1 ? 'student' : `${n} students`} who missed it`;

function QuestionCard({ q, rank, onReteach, pending }: { q: ClassQuestionTally; rank: number; onReteach: (q: ClassQuestionTally) => void; pending: boolean }) {
  const headingId = `missed-${q.questionId}`;
  const toSend = q.missedBy.filter((s) => !q.retaughtTo.includes(s.userId));
  return (
    <Paper component="li" variant="outlined" aria-labelledby={headingId} data-question={q.questionId} sx={{ p: 2, mb: 2, listStyle: 'none' }}>
      <Typography id={headingId} component="h2" sx={{ fontWeight: 600, fontSize: '1rem', mb: 0.5 }}>
        {rank}. {q.prompt}
      </Typography>
      <Typography sx={{ mb: 0.5 }} data-testid="share-right">
        {q.percentRight === null ? 'Nobody has answered it yet.' : `${q.percentRight}% right (${q.right} of ${plural(q.answered, 'student')} who answered it)`}
      </Typography>
      <Typography sx={{ mb: 0.5 }}>
        Tests:{' '}
        {q.section ? (
          <Link component={RouterLink} to={q.section.path}>
            {q.section.title}
          </Link>
        ) : (
          'no section named'
        )}
      </Typography>
      {q.missedBy.length > 0 && <Typography sx={{ mb: 1 }}>Missed by: {q.missedBy.map((s) => s.name).join(', ')}</Typography>}
      {q.section && q.missedBy.length > 0 && (
        <>
          {q.retaughtTo.length > 0 && (
            <Typography sx={{ mb: 1 }} color="text.secondary">
              Re-taught to {q.missedBy.filter((s) => q.retaughtTo.includes(s.userId)).map((s) => s.name).join(', ')}.
            </Typography>
          )}
          {toSend.length > 0 && (
            <Button variant="outlined" disabled={pending} onClick={() => onReteach(q)}>
              {reteachLabel(q.section.title, toSend.length)}
            </Button>
          )}
        </>
      )}
    </Paper>
  );
}

export function ClassReviewQuestionsPage() {
  const { id = '', assignmentId: assignment = '' } = useParams();
  const classId = Number(id);
  const assignmentId = Number(assignment);
  const canTeach = useAppSelector(selectCanTeach);
  const view = useAppSelector(selectReviewQuestions);
  const change = useAppSelector(selectChange);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (canTeach) dispatch(reviewQuestionsRequested({ classId, assignmentId }));
    // an earlier page's refusal is not this one's
    dispatch(changeDismissed());
  }, [dispatch, canTeach, classId, assignmentId]);

  const classCrumbs = [...classesCrumbs, { label: 'Class', to: `/app/classes/${classId}` }];
  if (!canTeach) return <Refusal title="What the class got wrong" message={NO_CLASSROOM_ACCESS} />;
  if (view.status === 'failed' && (view.error?.status === 404 || view.error?.status === 403)) return <NotFoundPage />;
  const data = view.data?.classId === classId && view.data.assignmentId === assignmentId ? view.data : null;
  const pending = change.status === 'pending' && change.kind === 'reteach';
  const reteach = (q: ClassQuestionTally) => dispatch(changeRequested({ kind: 'reteach', classId, assignmentId, questionId: q.questionId }));

  return (
    <PageFrame title={data ? `What the class got wrong: ${data.title}` : 'What the class got wrong'} namesTab crumbs={[...classCrumbs, { label: 'What the class got wrong' }]} maxWidth={900}>
      {view.status === 'loading' && !data && <CircularProgress aria-label="Loading the questions" />}
      {view.status === 'failed' && <Alert severity="error">{view.error?.message}</Alert>}
      {change.status === 'failed' && change.kind === 'reteach' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {change.error?.message}
        </Alert>
      )}
      {data && (
        <>
          <Typography sx={{ mb: 2 }}>
            {data.attemptedCount} of {plural(data.studentCount, 'student')} have taken this review. Each question shows the share of the students who answered it
            that got it right (their latest answer), the most-missed first. Re-teaching a question assigns its section and a re-review to the students who missed it,
            and only to them.
          </Typography>
          <Box component="ol" aria-label="Questions, most-missed first" sx={{ p: 0, m: 0 }}>
            {data.questions.map((q, i) => (
              <QuestionCard key={q.questionId} q={q} rank={i + 1} onReteach={reteach} pending={pending} />
            ))}
          </Box>
          <Button component={RouterLink} to={`/app/classes/${classId}`}>
            Back to the class
          </Button>
        </>
      )}
    </PageFrame>
  );
}
