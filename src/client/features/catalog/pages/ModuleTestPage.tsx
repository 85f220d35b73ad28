/**
 * A module's pre-test or post-test, shown on the module's page (`?test=pre-test`): the questions as
 * a review shows them, submitted once, then every answer with the right one and why, and the
 * pre-test and post-test scores side by side so the student sees what they learned.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { catalogPaths, type ModuleTestKind, type ModuleTestResult, type ReviewAnswer } from '../../../../common/catalog';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageFrame, type Crumb } from '../../../ui/PageFrame';
import { Loadable } from '../components/Loadable';
import { QuestionField, isAnswered } from '../components/QuestionField';
import { QuestionOutcome } from '../components/ReviewResults';
import { useContent } from '../useContent';
import { selectTestAttempt } from '../selectors';
import { moduleTestSubmitted } from '../slice';

export const TEST_INTRO: Record<ModuleTestKind, string> = {
  'pre-test': 'Before you start: this short pre-test shows what you already know. It does not count toward your progress, and you take it once.',
  'post-test': 'You have read every section: this short post-test shows what you learned. It does not count toward your progress, and you take it once.',
};

function TestScore({ result }: { result: ModuleTestResult }) {
  return (
    <Alert severity="success" role="status" sx={{ mb: 2 }}>
      <strong>
        Your {result.kind} score: {result.score}% ({result.correctCount} of {result.questionCount} correct).
      </strong>{' '}
      {result.kind === 'post-test' && result.preTestScore !== null
        ? `Your pre-test score was ${result.preTestScore}%.`
        : 'Each answer is shown below with the correct answer and why.'}
    </Alert>
  );
}

export function ModuleTestPage({ slug, kind, crumb }: { slug: string; kind: ModuleTestKind; crumb: Crumb }) {
  const read = { kind: 'moduleTest', args: [slug, kind] } as const;
  const view = useContent(read);
  const dispatch = useAppDispatch();
  const attempt = useAppSelector(selectTestAttempt(slug, kind));
  const result = attempt?.status === 'succeeded' ? attempt.result : null;
  const [given, setGiven] = useState<{ serving: string; answers: Record<string, ReviewAnswer> }>({ serving: '', answers: {} });
  return (
    <Loadable view={view} read={read}>
      {(t) => {
        const answers = given.serving === t.serving ? given.answers : {};
        const answered = t.questions.filter((q) => isAnswered(q, answers[String(q.id)])).length;
        const back = (
          <Button component={RouterLink} to={catalogPaths.module(slug)}>
            Back to the module
          </Button>
        );
        return (
          <PageFrame title={t.title} namesTab crumbs={[crumb, { label: t.moduleTitle, to: catalogPaths.module(slug) }, { label: kind === 'pre-test' ? 'Pre-test' : 'Post-test' }]}>
            {result ? (
              <>
                <TestScore result={result} />
                <Box aria-label="Your results">
                  {result.questions.map((q, i) => {
                    const outcome = result.results.find((x) => x.id === q.id);
                    return outcome ? <QuestionOutcome key={q.id} question={q} index={i} result={outcome} /> : null;
                  })}
                </Box>
                {back}
              </>
            ) : t.score !== null ? (
              <>
                <Alert severity="info" role="status" sx={{ mb: 2 }}>
                  You took this {kind} and scored {t.score}%.
                </Alert>
                {back}
              </>
            ) : t.locked ? (
              <>
                <Alert severity="info" role="status" sx={{ mb: 2 }}>
                  {t.locked}
                </Alert>
                {back}
              </>
            ) : (
              <>
                <Typography sx={{ mb: 2 }}>
                  {TEST_INTRO[kind]} {t.questions.length} questions.
                </Typography>
                <Box
                  component="form"
                  aria-label={`${kind === 'pre-test' ? 'Pre-test' : 'Post-test'} questions`}
                  onSubmit={(e) => {
                    e.preventDefault();
                    if (t.serving && answered === t.questions.length) dispatch(moduleTestSubmitted({ slug, kind, serving: t.serving, answers }));
                  }}
                >
                  {t.questions.map((q, i) => (
                    <QuestionField
                      key={q.id}
                      q={q}
                      index={i}
                      value={answers[String(q.id)]}
                      onChange={(v) => setGiven({ serving: t.serving ?? '', answers: { ...answers, [String(q.id)]: v } })}
                    />
                  ))}
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                    <Button type="submit" variant="contained" disabled={answered < t.questions.length || attempt?.status === 'pending'}>
                      Submit answers
                    </Button>
                    <Typography variant="body2" aria-live="polite">
                      {answered} of {t.questions.length} answered
                    </Typography>
                  </Box>
                </Box>
              </>
            )}
          </PageFrame>
        );
      }}
    </Loadable>
  );
}
