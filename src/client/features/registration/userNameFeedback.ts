/**
 * What the user-name box shows, as a pure function of the form and the as-you-type check. The one
 * invariant: the box is never red (and Next never greyed out by the check) without the sentence
 * that says why.
 */
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from '../../../common/accounts';
import type { UserNameCheckStatus } from './slice';

export interface UserNameFeedbackInput {
  /** the local rule's message for the current value (length, characters), if it breaks one */
  ruleError: string | undefined;
  /** may the box's rule speak yet (after a submit, or once it was changed: ui/formikField.ts's rule)? */
  touched: boolean;
  /** the current value, trimmed and lower-cased */
  userName: string;
  check: { userName: string; status: UserNameCheckStatus; message: string | null };
  /** what the box says while the check runs, and when the name is free (in the language spoken) */
  says: { checking: string; available: string };
}

export interface UserNameFeedback {
  error: boolean;
  helperText: string | undefined;
  /** Next is greyed out: the server said this very name cannot be had */
  blocked: boolean;
}

export function userNameFeedback({ ruleError, touched, userName, check, says }: UserNameFeedbackInput): UserNameFeedback {
  const checked = check.userName === userName && userName !== '';
  // a rule the name breaks: once the box was left, or once the name is long enough to judge
  if (ruleError && (touched || userName.length >= ACCOUNT_LIMITS.userNameMin)) return { error: true, helperText: ruleError, blocked: false };
  if (ruleError || !checked) return { error: false, helperText: undefined, blocked: false };
  switch (check.status) {
    case 'checking':
      return { error: false, helperText: says.checking, blocked: false };
    case 'available':
      return { error: false, helperText: says.available, blocked: false };
    case 'taken':
      return { error: true, helperText: check.message ?? ACCOUNT_MESSAGES.userNameTaken, blocked: true };
    case 'failed':
      // the check itself failed (network): say so, but let the server decide on Next
      return { error: false, helperText: check.message ?? undefined, blocked: false };
    default:
      return { error: false, helperText: undefined, blocked: false };
  }
}
