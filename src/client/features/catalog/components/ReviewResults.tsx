/**
 * A scored review attempt, question by question, read-only. Every choice is shown as the attempt
 * showed it (its own shuffled order), in full-contrast text; the student's own choice is marked
 * right or wrong ON the choice with an icon and words, not by colour alone. The right answer and
 * its explanation appear only when the server sent them (once the review is passed): a failed
 * attempt says which questions to look at again, not what to click, and links each missed one to
 * the section it tests. A numeric question shows the number read from what was typed (and the
 * right one when known).
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { QuestionResult, ReviewAnswer, ReviewQuestionView } from '../../../../common/catalog';
import { unitFor } from '../../../../common/plural';

const RightIcon = (props: SvgIconProps) => (
  <SvgIcon aria-hidden {...props}>
    <path d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z" />
  </SvgIcon>
);
const WrongIcon = (props: SvgIconProps) => (
  <SvgIcon aria-hidden {...props}>
    <path d="M12 2C6.47 2 2 6.47 2 12s4.47 10 10 10 10-4.47 10-10S17.53 2 12 2zm5 13.59L15.59 17 12 13.41 8.41 17 7 15.59 10.59 12 7 8.41 8.41 7 12 10.59 15.59 7 17 8.41 13.41 12 17 15.59z" />
  </SvgIcon>
);
const ChosenIcon = (props: SvgIconProps) => (
  <SvgIcon aria-hidden {...props}>
    <path d="M12 7c-2.76 0-5 2.24-5 5s2.24 5 5 5 5-2.24 5-5-2.24-5-5-5zm0-5C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z" />
  </SvgIcon>
);
const NotChosenIcon = (props: SvgIconProps) => (
  <SvgIcon aria-hidden {...props}>
    <path d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z" />
  </SvgIcon>
);

export const RESULT_MARKS = {
  right: 'Your answer: correct',
  wrong: 'Your answer: not correct',
  answer: 'The correct answer',
} as const;

export const LOOK_AGAIN = 'Not correct yet. Read this part of the material again, then retake the review.';

/** A missed question's link to the section it tests. */
export const sectionLinkText = (title: string) => `Review: ${title}`;

/** Where to read again for a missed question: its section's page when the content names one. */
function ReadAgain({ result }: { result: QuestionResult }) {
  if (result.section) {
    return (
      <Typography sx={{ mt: 1 }}>
        {result.explanation === null && 'Not correct yet. '}
        <Link component={RouterLink} to={result.section.path} sx={{ fontWeight: 600 }}>
          {sectionLinkText(result.section.title)}
        </Link>
        {result.explanation === null && ', then retake the review.'}
      </Typography>
    );
  }
  return result.explanation === null ? <Typography sx={{ mt: 1 }}>{LOOK_AGAIN}</Typography> : null;
}

type Mark = keyof typeof RESULT_MARKS;

const includes = (answer: ReviewAnswer | null, value: ReviewAnswer) => (Array.isArray(answer) ? answer.includes(value as number) : answer === value);

/**
 * A choice's mark. Single choice and true/false: the student's choice is right or wrong. Multiple
 * select (all or nothing): once the right answer is known each choice is marked on its own (a
 * chosen right one, a chosen wrong one, a right one left out); before, a chosen choice carries the
 * whole question's outcome only when it is right, so a failed attempt does not say which one.
 */
function markOf(value: ReviewAnswer, result: QuestionResult, multiple: boolean): Mark | null {
  const chosen = includes(result.given, value);
  if (multiple) {
    if (result.correctAnswer === null) return chosen && result.correct ? 'right' : null;
    const right = includes(result.correctAnswer, value);
    if (chosen) return right ? 'right' : 'wrong';
    return right ? 'answer' : null;
  }
  if (chosen) return result.correct ? 'right' : 'wrong';
  if (result.correctAnswer !== null && result.correctAnswer === value) return 'answer';
  return null;
}

export const SELECT_ALL_OUTCOME = { right: 'You selected exactly the right choices.', wrong: 'Not all right: an all-or-nothing question needs every right choice and no other.' } as const;

/** A typed number as a student reads it: thousands separated, cents kept when there are any. */
const formatNumber = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 4 });

/** A number with the question's unit in the form that agrees with it: "1 dollar", "2 dollars", "12 percent". */
export function amountOf(n: number | string, unit: string | null | undefined): string {
  const shown = typeof n === 'number' ? formatNumber(n) : n;
  return unit ? `${shown} ${unitFor(typeof n === 'number' ? n : Number.NaN, unit)}` : shown;
}

function NumericOutcome({ question, result }: { question: ReviewQuestionView; result: QuestionResult }) {
  const mark: Mark = result.correct ? 'right' : 'wrong';
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      <Box
        component="li"
        data-mark={mark}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, py: 0.5, px: 1, mb: 0.5, borderRadius: 1, border: 2, borderColor: result.correct ? 'success.main' : 'error.main' }}
      >
        <Box component="span" sx={{ color: 'text.primary' }}>
          You answered {amountOf(typeof result.given === 'number' ? result.given : String(result.given), question.unit)}
        </Box>
        <Box component="strong" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: result.correct ? 'success.main' : 'error.main' }}>
          {result.correct ? <RightIcon fontSize="small" /> : <WrongIcon fontSize="small" />}
          {RESULT_MARKS[mark]}
        </Box>
      </Box>
      {!result.correct && typeof result.correctAnswer === 'number' && (
        <Box component="li" data-mark="answer" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, py: 0.5, px: 1, mb: 0.5, borderRadius: 1, border: 2, borderColor: 'success.main' }}>
          <Box component="strong" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'success.main' }}>
            <RightIcon fontSize="small" />
            {RESULT_MARKS.answer}:
          </Box>
          <Box component="span" sx={{ color: 'text.primary' }}>
            {amountOf(result.correctAnswer, question.unit)}
          </Box>
        </Box>
      )}
    </Box>
  );
}

export function QuestionOutcome({ question, index, result }: { question: ReviewQuestionView; index: number; result: QuestionResult }) {
  const options: { value: ReviewAnswer; label: string }[] = question.choices
    ? question.choices.map((label, i) => ({ value: i, label }))
    : [
        { value: true, label: 'True' },
        { value: false, label: 'False' },
      ];
  const headingId = `result-${question.id}`;
  const multiple = question.type === 'multiple-select';
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }} data-question={question.id}>
      <Typography id={headingId} component="h2" sx={{ fontWeight: 600, fontSize: '1rem', mb: 1 }}>
        {index + 1}. {question.prompt}
      </Typography>
      {question.type === 'numeric' ? (
        <NumericOutcome question={question} result={result} />
      ) : (
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {options.map((option) => {
          const mark = markOf(option.value, result, multiple);
          const tone = mark === 'wrong' ? 'error.main' : mark ? 'success.main' : 'transparent';
          return (
            <Box
              component="li"
              key={String(option.value)}
              data-mark={mark ?? undefined}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, py: 0.5, px: 1, mb: 0.5, borderRadius: 1, border: 2, borderColor: tone }}
            >
              {includes(result.given, option.value) ? <ChosenIcon fontSize="small" sx={{ color: 'text.primary' }} /> : <NotChosenIcon fontSize="small" sx={{ color: 'text.secondary' }} />}
              <Box component="span" sx={{ color: 'text.primary' }}>
                {option.label}
              </Box>
              {mark && (
                <Box component="strong" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: mark === 'wrong' ? 'error.main' : 'success.main' }}>
                  {mark === 'wrong' ? <WrongIcon fontSize="small" /> : <RightIcon fontSize="small" />}
                  {RESULT_MARKS[mark]}
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
      )}
      {multiple && (
        <Typography sx={{ mt: 1 }}>
          <strong>{result.correct ? SELECT_ALL_OUTCOME.right : SELECT_ALL_OUTCOME.wrong}</strong>
        </Typography>
      )}
      {result.explanation !== null && <Typography sx={{ mt: 1 }}>{result.explanation}</Typography>}
      {!result.correct && <ReadAgain result={result} />}
    </Box>
  );
}
