/**
 * SPEC §9 password strength labels (Weak, Medium, Strong): zxcvbn-ts's estimate once its chunk is
 * loaded (ui/passwordMeter.ts), and until then a simple rule of length and character kinds.
 */
import { passwordProblem } from '../../common/accounts';
import { PASSWORD_STRENGTH_LABELS } from '../../common/display';

export type PasswordStrengthLabel = (typeof PASSWORD_STRENGTH_LABELS)[number];

/** Long passphrases are strong whatever their characters (NIST SP 800-63B favours length over composition). */
export const PASSPHRASE_LENGTH = 16;

export interface PasswordStrengthOptions {
  /** the account's user name: a password equal to it is refused, so it is Weak */
  userName?: string | null;
  /** the breach-list check (ui/passwordMeter.ts) once its chunk is loaded: a common one is Weak */
  isCommon?: ((password: string) => boolean) | null;
  /** zxcvbn's score (0–4) for this password once the meter's chunk is loaded */
  score?: number | null;
}

/**
 * 0 = Weak, 1 = Medium, 2 = Strong. A password the rules this side knows refuse (length, the user
 * name, the most common passwords) is Weak. Otherwise zxcvbn's score where there is one (0–1 Weak:
 * guessed within about a million tries; 2 Medium; 3–4 Strong), else length counts most and variety of
 * character kinds adds the rest.
 */
export function passwordStrengthLevel(password: string, options: PasswordStrengthOptions = {}): 0 | 1 | 2 {
  if (passwordProblem(password, { userName: options.userName ?? null, isCommon: options.isCommon ?? undefined })) return 0;
  const { score } = options;
  if (score !== undefined && score !== null) return score <= 1 ? 0 : score === 2 ? 1 : 2;
  if (password.length >= PASSPHRASE_LENGTH) return 2;
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (password.length >= 12 && kinds >= 3) return 2;
  if (kinds >= 2) return 1;
  return 0;
}

export function passwordStrengthLabel(password: string, options: PasswordStrengthOptions = {}): PasswordStrengthLabel {
  return PASSWORD_STRENGTH_LABELS[passwordStrengthLevel(password, options)];
}
