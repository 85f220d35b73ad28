/**
 * What the learner needs to know about auto-save, in a polite live region: saving, saved (when),
 * not saved (why, with "Try again"), or a conflict with the two choices.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ApiProblem } from '../../../api/apiProblem';
import { useAppSelector } from '../../../app/hooks';
import { formatTime } from '../../../ui/format';
import { selectTimeZone } from '../../auth';
import type { SaveStatus as Status } from '../autosave';

export interface SaveStatusProps {
  status: Status;
  error: ApiProblem | null;
  savedAt: number | null;
  dirty: boolean;
  noun: string;
  onRetry: () => void;
  onKeepMine: () => void;
  onLoadSaved: () => void;
}

export function SaveStatus({ status, error, savedAt, dirty, noun, onRetry, onKeepMine, onLoadSaved }: SaveStatusProps) {
  const timeZone = useAppSelector(selectTimeZone);
  if (status === 'conflict') {
    return (
      <Alert
        severity="warning"
        role="alert"
        sx={{ my: 2 }}
        data-no-print
        action={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button color="inherit" size="small" variant="outlined" onClick={onKeepMine}>
              Keep my changes
            </Button>
            <Button color="inherit" size="small" variant="outlined" onClick={onLoadSaved}>
              Load the saved version
            </Button>
          </Box>
        }
      >
        {error?.message ?? `This ${noun} was changed somewhere else.`}
      </Alert>
    );
  }
  if (status === 'failed') {
    return (
      <Alert severity="error" sx={{ my: 2 }} data-no-print action={<Button color="inherit" size="small" onClick={onRetry}>Try again</Button>}>
        Not saved yet: {error?.message ?? 'the server did not answer.'} Your changes stay on this page; we will keep trying.
      </Alert>
    );
  }
  const text = status === 'pending' ? 'Saving…' : dirty ? 'Changes not saved yet' : savedAt ? `All changes saved at ${formatTime(savedAt, timeZone)}` : status === 'saved' ? 'All changes saved' : '';
  return (
    <Typography role="status" aria-live="polite" variant="body2" color="text.secondary" sx={{ minHeight: '1.5em', my: 1 }} data-no-print data-testid="save-status">
      {text}
    </Typography>
  );
}
