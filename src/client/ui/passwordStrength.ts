/** SPEC §9 password strength labels (Weak, Medium, Strong) and a simple, explainable scoring rule. */
import { passwordProblem } from '../../common/accounts';
import { PASSWORD_STRENGTH_LABELS } from '../../common/display';

export type PasswordStrengthLabel = (typeof PASSWORD_STRENGTH_LABELS)[number];

/** Long passphrases are strong whatever their characters (NIST SP 800-63B favours length over composition). */
export const PASSPHRASE_LENGTH = 16;

export interface PasswordStrengthOptions {
  /** the account's user name: a password equal to it is refused, so it is Weak */
  userName?: string | null;
  /** the common-password check (ui/commonPasswords.ts) once its chunk is loaded: a common one is Weak */
  isCommon?: ((password: string) => boolean) | null;
}

/**
 * 0 = Weak, 1 = Medium, 2 = Strong. A password the rules this side knows refuse (length, the user
 * name, the most common passwords) is Weak; otherwise length counts most and variety of character kinds adds the rest.
 */
export function passwordStrengthLevel(password: string, options: PasswordStrengthOptions = {}): 0 | 1 | 2 {
  if (passwordProblem(password, { userName: options.userName ?? null, isCommon: options.isCommon ?? undefined })) return 0;
  if (password.length >= PASSPHRASE_LENGTH) return 2;
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (password.length >= 12 && kinds >= 3) return 2;
  if (kinds >= 2) return 1;
  return 0;
}

export function passwordStrengthLabel(password: string, options: PasswordStrengthOptions = {}): PasswordStrengthLabel {
  return PASSWORD_STRENGTH_LABELS[passwordStrengthLevel(password, options)];
}
