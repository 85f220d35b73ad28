/**
 * SPEC §5: general helpers and the support form schema. The same schema validates the form in
 * the SPA and the payload on the server.
 */
import * as yup from 'yup';
import { SUPPORT_LIMITS } from './constants';
import { MESSAGES } from './messages';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC §5: more than 6 characters, an @ and a dot, and passes a pattern. */
export function isValidEmail(value: string | null | undefined): boolean {
  if (!value) return false;
  return value.length > 6 && value.includes('@') && value.includes('.') && EMAIL_PATTERN.test(value);
}

const PHONE_PATTERN = /^\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;

/** SPEC §5: empty, or a 10-digit US-style number with optional separators. */
export function isValidPhone(value: string | null | undefined): boolean {
  if (!value) return true;
  return PHONE_PATTERN.test(value.trim());
}

/** SPEC §5 default messages. */
export const minLengthMessage = MESSAGES.minLength;
export const maxLengthMessage = MESSAGES.maxLength;

/** SPEC §5: the support form. */
export const supportSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(MESSAGES.valueRequired)
    .min(SUPPORT_LIMITS.nameMin, MESSAGES.nameMin)
    .max(SUPPORT_LIMITS.nameMax - 1, MESSAGES.nameMax),
  email: yup
    .string()
    .trim()
    .required(MESSAGES.valueRequired)
    .max(SUPPORT_LIMITS.emailMax, MESSAGES.emailMax)
    .test('email', MESSAGES.emailInvalid, (v) => !v || isValidEmail(v)),
  subject: yup
    .string()
    .trim()
    .required(MESSAGES.valueRequired)
    .max(SUPPORT_LIMITS.subjectMax, MESSAGES.subjectMax),
  description: yup
    .string()
    .trim()
    .required(MESSAGES.valueRequired)
    .max(SUPPORT_LIMITS.descriptionMax, MESSAGES.descriptionMax),
});
export type SupportFormValues = yup.InferType<typeof supportSchema>;
