/**
 * Home: "Continue where you left off" (the next step of the module last worked on) and overall
 * progress; for a learner who has not started anything, "Start here" with the first module, and
 * "Up next" with the next module once one is completed and the next not begun.
 */
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ProgressBar } from './ProgressBar';
import { useContent } from '../useContent';
import { registerArea } from '../../../app/areas';
import { catalogArea } from '../area';
import { ContinueCardSkeleton } from './ContinueCardSkeleton';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(catalogArea);

const SUMMARY = { kind: 'summary', args: [] } as const;

/**
 * Loads the progress summary and shows nothing of it: staff Home needs to know whether they have
 * done anything as a learner (app/access.ts homeKind) before it shows either view.
 */
export function LearnerProgressCheck() {
  useContent(SUMMARY);
  return null;
}

/**
 * `lead`: the card is Home's next step, its button the prominent one; false when an assignment leads
 * Home (classroom's AssignedToYou), so the page keeps one prominent button.
 */
export function ContinueCard({ lead = true }: { lead?: boolean }) {
  const { data, status } = useContent(SUMMARY);
  // its place stays reserved until the summary is in (the area cards below do not jump)
  if (!data) return status === 'failed' ? null : <ContinueCardSkeleton />;
  if (data.modulesTotal === 0) return null;
  const next = data.continueAt;
  // a module not begun yet: the very first one, or the next after a completed one
  const fresh = next !== null && !next.started;
  const first = fresh && data.modulesCompleted === 0;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="continue-heading" sx={{ p: 2, mb: 3 }}>
      <Typography id="continue-heading" variant="h5" component="h2" gutterBottom>
        {first ? 'Start here' : fresh ? 'Up next' : 'Continue where you left off'}
      </Typography>
      {next ? (
        <>
          <Typography sx={{ mb: 1 }}>
            {fresh ? (
              <>
                {first ? 'Your first module' : 'Your next module'}: <strong>{next.moduleTitle}</strong>
              </>
            ) : (
              <>
                {next.moduleTitle}: <strong>{next.label}</strong>
              </>
            )}
          </Typography>
          <Button component={RouterLink} to={next.path} variant={lead ? 'contained' : 'outlined'} sx={{ mb: 2 }}>
            {fresh ? 'Start this module' : 'Continue'}
          </Button>
        </>
      ) : (
        <Typography sx={{ mb: 2 }}>You have completed every module. Well done!</Typography>
      )}
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        Overall progress: {data.modulesCompleted} of {data.modulesTotal} modules completed
      </Typography>
      <ProgressBar percent={data.overallPercent} label="Overall" />
    </Paper>
  );
}
