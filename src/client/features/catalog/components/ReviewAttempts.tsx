/**
 * A review a teacher's assignment limits: which attempt this is, shown before the first question,
 * and, once every attempt is used, a notice in place of the questions that names the teacher who
 * can grant another — so a student never answers a whole review only to be refused on Submit.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { attemptsUsedMessage, catalogPaths, type ReviewAttemptLimit } from '../../../../common/catalog';

/** "Attempt 2 of 3", and a word when it is the last one; null without a limit or with none left. */
export function attemptLine(limit: ReviewAttemptLimit | null, made: number): string | null {
  if (!limit || made >= limit.allowed) return null;
  const n = made + 1;
  if (limit.allowed === 1) return 'Attempt 1 of 1: you have one try at this review.';
  return n === limit.allowed ? `Attempt ${n} of ${limit.allowed}: your last attempt.` : `Attempt ${n} of ${limit.allowed}`;
}

export function AttemptLine({ limit, made }: { limit: ReviewAttemptLimit | null; made: number }) {
  const line = attemptLine(limit, made);
  if (!line) return null;
  return (
    <Typography sx={{ mb: 2, fontWeight: 600 }} data-testid="attempt-line">
      {line}
    </Typography>
  );
}

export const NO_ATTEMPTS_LEFT = 'No attempts left';
export const NO_RETAKES = 'You have used every attempt your teacher set for this review, so it cannot be taken again.';

/** Every attempt used: a passed review just says there are no retakes; else who can grant another, and where to go meanwhile. */
export function OutOfAttempts({ limit, passed, moduleSlug, materialSlug }: { limit: ReviewAttemptLimit; passed: boolean; moduleSlug: string; materialSlug: string }) {
  if (passed) return <Typography sx={{ mb: 2 }}>{NO_RETAKES}</Typography>;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="out-of-attempts">
      <AlertTitle component="h2">{NO_ATTEMPTS_LEFT}</AlertTitle>
      <Typography sx={{ mb: 1.5 }}>{attemptsUsedMessage(limit)}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={catalogPaths.material(moduleSlug, materialSlug)} variant="outlined" size="small" color="inherit">
          Read the material again
        </Button>
        <Button component={RouterLink} to={catalogPaths.module(moduleSlug)} size="small" color="inherit">
          Back to the module
        </Button>
      </Box>
    </Alert>
  );
}
