import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/** A labelled progress bar: "<label>: N% complete". */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <LinearProgress variant="determinate" value={percent} aria-label={`${label} progress`} sx={{ flexGrow: 1, height: 8, borderRadius: 4 }} />
      <Typography variant="body2" sx={{ minWidth: 92 }}>
        {percent}% complete
      </Typography>
    </Box>
  );
}
