import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { passwordStrengthLabel, passwordStrengthLevel } from './passwordStrength';

const COLORS = ['error', 'warning', 'success'] as const;

/** Shows the strength of a password being typed, as a bar and one of the labels Weak / Medium / Strong. */
export function PasswordStrength({ password, userName = null }: { password: string; userName?: string | null }) {
  if (!password) return null;
  const level = passwordStrengthLevel(password, { userName });
  const label = passwordStrengthLabel(password, { userName });
  return (
    <Box sx={{ mt: 1 }} aria-live="polite">
      <LinearProgress
        variant="determinate"
        value={((level + 1) / 3) * 100}
        color={COLORS[level]}
        aria-label={`Password strength: ${label}`}
      />
      <Typography variant="caption">Password strength: {label}</Typography>
    </Box>
  );
}
