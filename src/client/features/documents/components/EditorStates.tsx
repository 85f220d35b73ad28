/**
 * What a document's editor shows before its form: the page with a spinner while the document opens,
 * and the reason (with "Try again" where the feature offers it) when it could not be opened.
 */
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PageFrame, type Crumb } from '../../../ui/PageFrame';
import { PageLoading } from '../../../ui/PageLoading';

export function DocumentOpening({ title, crumbs }: { title: string; crumbs: Crumb[] }) {
  return (
    <PageFrame title={title} crumbs={crumbs}>
      <PageLoading />
    </PageFrame>
  );
}

export interface DocumentOpenFailedProps {
  title: string;
  crumbs: Crumb[];
  /** what the learner calls it: "This budget could not be opened: …" */
  noun: string;
  error: { message: string } | null;
  /** a "Try again" button (none without) */
  onRetry?: () => void;
}

export function DocumentOpenFailed({ title, crumbs, noun, error, onRetry }: DocumentOpenFailedProps) {
  return (
    <PageFrame title={title} crumbs={crumbs}>
      <Typography role="alert">
        {`This ${noun} could not be opened: `}
        {error?.message}
      </Typography>
      {onRetry && (
        <Button sx={{ mt: 2 }} variant="contained" onClick={onRetry}>
          Try again
        </Button>
      )}
    </PageFrame>
  );
}
