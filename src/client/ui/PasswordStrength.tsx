import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../common/accountMessages';
import { PASSWORD_STRENGTH_LABELS } from '../../common/display';
import { passwordStrengthLevel } from './passwordStrength';

const COLORS = ['error', 'warning', 'success'] as const;

type CommonCheck = (password: string) => boolean;
let loadedCheck: CommonCheck | null = null;
let loading: Promise<CommonCheck | null> | null = null;

/** Loads the common-password check in its own chunk, once per page; null until it is there (or if it fails to load). */
function loadCommonCheck(): Promise<CommonCheck | null> {
  loading ??= import(/* webpackChunkName: "common-passwords" */ './commonPasswords').then(
    (module) => (loadedCheck = module.isCommonPassword),
    () => {
      loading = null; // a later password field tries again
      return null;
    },
  );
  return loading;
}

function useCommonPasswordCheck(wanted: boolean): CommonCheck | null {
  const [check, setCheck] = useState<CommonCheck | null>(() => loadedCheck);
  useEffect(() => {
    if (!wanted || check) return;
    let live = true;
    void loadCommonCheck().then((loaded) => {
      if (live && loaded) setCheck(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [wanted, check]);
  return check;
}

/**
 * Shows the strength of a password being typed, as a bar and one of the labels Weak / Medium / Strong.
 * One of the most common passwords is Weak, and the meter says why (the server refuses it on submit).
 */
export function PasswordStrength({ password, userName = null }: { password: string; userName?: string | null }) {
  const isCommon = useCommonPasswordCheck(password !== '');
  if (!password) return null;
  const level = passwordStrengthLevel(password, { userName, isCommon });
  const label = PASSWORD_STRENGTH_LABELS[level];
  const common = isCommon?.(password) ?? false;
  return (
    <Box sx={{ mt: 1 }} aria-live="polite">
      <LinearProgress
        variant="determinate"
        value={((level + 1) / 3) * 100}
        color={COLORS[level]}
        aria-label={`Password strength: ${label}`}
      />
      <Typography variant="caption" component="p">
        Password strength: {label}
      </Typography>
      {common && (
        <Typography variant="caption" component="p" color="error">
          {ACCOUNT_MESSAGES.passwordCommon}
        </Typography>
      )}
    </Box>
  );
}
