import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../common/accountMessages';
import { PASSWORD_STRENGTH_LABELS } from '../../common/display';
import { passwordStrengthLevel } from './passwordStrength';
import type * as PasswordMeter from './passwordMeter';

const COLORS = ['error', 'warning', 'success'] as const;

/** What the meter says, in the language spoken where the page is translated. */
export interface StrengthWords {
  /** Weak, Medium, Strong */
  levels: readonly [string, string, string];
  /** the sentence around a level: "Password strength: Weak" */
  say: (level: string) => string;
  /** why one of the most common passwords is weak */
  common: string;
}

const ENGLISH: StrengthWords = {
  levels: PASSWORD_STRENGTH_LABELS,
  say: (level) => `Password strength: ${level}`,
  common: ACCOUNT_MESSAGES.passwordCommon,
};

type Meter = typeof PasswordMeter;
let loadedMeter: Meter | null = null;
let loading: Promise<Meter | null> | null = null;

/** Loads the estimator in its own chunk, once per page; null until it is there (or if it fails to load). */
function loadMeter(): Promise<Meter | null> {
  loading ??= import(/* webpackChunkName: "password-meter" */ './passwordMeter').then(
    (module) => (loadedMeter = module),
    () => {
      loading = null; // a later password field tries again
      return null;
    },
  );
  return loading;
}

function usePasswordMeter(wanted: boolean): Meter | null {
  const [meter, setMeter] = useState<Meter | null>(() => loadedMeter);
  useEffect(() => {
    if (!wanted || meter) return;
    let live = true;
    void loadMeter().then((loaded) => {
      if (live && loaded) setMeter(loaded);
    });
    return () => {
      live = false;
    };
  }, [wanted, meter]);
  return meter;
}

/**
 * Shows the strength of a password being typed, as a bar and one of the labels Weak / Medium / Strong.
 * One of the most common passwords is Weak, and the meter says why (the server refuses it on submit).
 * `userInputs`: the account's other words (names, e-mail) that make a password easy to guess for it.
 */
export function PasswordStrength({
  password,
  userName = null,
  userInputs = [],
  words = ENGLISH,
}: {
  password: string;
  userName?: string | null;
  userInputs?: readonly string[];
  words?: StrengthWords;
}) {
  const meter = usePasswordMeter(password !== '');
  if (!password) return null;
  const estimate = meter?.estimatePassword(password, userName ? [userName, ...userInputs] : userInputs) ?? null;
  const level = passwordStrengthLevel(password, { userName, isCommon: meter?.isCommonPassword ?? null, score: estimate?.score ?? null });
  const said = words.say(words.levels[level]);
  const common = estimate?.common ?? false;
  return (
    <Box sx={{ mt: 1 }} aria-live="polite">
      <LinearProgress
        variant="determinate"
        value={((level + 1) / 3) * 100}
        color={COLORS[level]}
        aria-label={said}
      />
      <Typography variant="caption" component="p">
        {said}
      </Typography>
      {common && (
        <Typography variant="caption" component="p" color="error">
          {words.common}
        </Typography>
      )}
    </Box>
  );
}
