/**
 * The place "Continue where you left off" will take on the home page, drawn before its chunk and the
 * learner's progress are in: the same paper, paddings and line heights as ContinueCard with grey bars
 * for the text, so the area cards below do not move down when the card arrives (CLS).
 * Hidden from assistive technology: there is nothing to read yet.
 */
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

export function ContinueCardSkeleton() {
  return (
    <Paper variant="outlined" aria-hidden="true" data-testid="continue-card-skeleton" sx={{ p: 2, mb: 3 }}>
      <Typography variant="h5" component="div" gutterBottom>
        <Skeleton width="14em" sx={{ maxWidth: '100%' }} />
      </Typography>
      <Typography component="div" sx={{ mb: 1 }}>
        <Skeleton width="18em" sx={{ maxWidth: '100%' }} />
      </Typography>
      {/* a contained medium Button: 36.5 px high, in its own line box like the real one */}
      <Typography component="div" sx={{ mb: 2, lineHeight: 0 }}>
        <Skeleton variant="rounded" width={96} height={36.5} sx={{ display: 'inline-block', verticalAlign: 'middle' }} />
      </Typography>
      <Typography variant="body2" component="div" sx={{ mb: 0.5 }}>
        <Skeleton width="16em" sx={{ maxWidth: '100%' }} />
      </Typography>
      <Typography variant="body2" component="div">
        <Skeleton />
      </Typography>
    </Paper>
  );
}
