/** Home: "Continue where you left off" and overall progress. */
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ProgressSummary } from '../../../../common/catalog';
import { catalogApi } from '../api';
import { ProgressBar } from './ProgressBar';
import { useResource } from './useResource';
import { registerArea } from '../../../app/areas';
import { catalogArea } from '../area';
import { ContinueCardSkeleton } from './ContinueCardSkeleton';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(catalogArea);

export function ContinueCard() {
  const { data, status } = useResource<ProgressSummary>(catalogApi.summary);
  // its place stays reserved until the summary is in (the area cards below do not jump)
  if (!data) return status === 'failed' ? null : <ContinueCardSkeleton />;
  if (data.modulesTotal === 0) return null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="continue-heading" sx={{ p: 2, mb: 3 }}>
      <Typography id="continue-heading" variant="h5" component="h2" gutterBottom>
        Continue where you left off
      </Typography>
      {data.continueAt ? (
        <>
          <Typography sx={{ mb: 1 }}>
            {data.continueAt.moduleTitle}: <strong>{data.continueAt.label}</strong>
          </Typography>
          <Button component={RouterLink} to={data.continueAt.path} variant="contained" sx={{ mb: 2 }}>
            Continue
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
