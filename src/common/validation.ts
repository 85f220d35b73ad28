/**
 * SPEC §5: general helpers and the support form schema. The same schema validates the form in
 * the SPA and the payload on the server.
 */
import * as yup from 'yup';
import { MESSAGES } from './messages';
import { RECORDING_ID_PATTERN, SUPPORT_DETAILS_MAX, SUPPORT_HONEYPOT_FIELD, SUPPORT_LIMITS, splitDescription } from './support';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC §5: more than 6 characters, an @ and a dot, and passes a pattern. */
export function isValidEmail(value: string | null | undefined): boolean {
  if (!value) return false;
  return value.length > 6 && value.includes('@') && value.includes('.') && EMAIL_PATTERN.test(value);
}

/**
 * SPEC §5: a required e-mail address of at most `max` characters, with the spec's messages; the
 * account forms name the field when it is empty (`requiredMessage`).
 */
export function requiredEmail(max: number, requiredMessage: string = MESSAGES.valueRequired) {
  return yup
    .string()
    .trim()
    .required(requiredMessage)
    .max(max, MESSAGES.emailMax)
    .test('email', MESSAGES.emailInvalid, (v) => !v || isValidEmail(v));
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

/** SPEC §5: the support form's fields, each with the spec's messages. */
const nameField = yup
  .string()
  .trim()
  .required(MESSAGES.valueRequired)
  .min(SUPPORT_LIMITS.nameMin, MESSAGES.nameMin)
  .max(SUPPORT_LIMITS.nameMax - 1, MESSAGES.nameMax);
const emailField = requiredEmail(SUPPORT_LIMITS.emailMax);
const subjectField = yup
  .string()
  .trim()
  .required(MESSAGES.valueRequired)
  .max(SUPPORT_LIMITS.subjectMax, MESSAGES.subjectMax);
const descriptionField = yup
  .string()
  .trim()
  .required(MESSAGES.valueRequired)
  .max(SUPPORT_LIMITS.descriptionMax, MESSAGES.descriptionMax);

/** SPEC §5: the support form. */
export const supportSchema = yup.object({
  name: nameField,
  email: emailField,
  subject: subjectField,
  description: descriptionField,
});
export type SupportFormValues = yup.InferType<typeof supportSchema>;

/**
 * The support request as the SPA sends it and the server checks it (SPEC §3 / S7.09). The student's
 * comments — the description up to the appended details — are checked by the form's own rules
 * (`supportSchema`), so the server answers with the same SPEC §5 messages; the details, the page
 * address and the user agent have generous limits of our own. `recordingId` names the recording the
 * SPA will upload; `website` is the honeypot of the public form.
 */
export const supportRequestSchema = yup.object({
  name: nameField,
  email: emailField,
  subject: subjectField,
  description: yup
    .string()
    .required(MESSAGES.valueRequired)
    .test('comments', function checkComments(value) {
      const { comments, details } = splitDescription(value ?? '');
      try {
        descriptionField.validateSync(comments);
      } catch (error) {
        return this.createError({ message: (error as yup.ValidationError).message });
      }
      if (details.length > SUPPORT_DETAILS_MAX) return this.createError({ message: maxLengthMessage(SUPPORT_DETAILS_MAX) });
      return true;
    }),
  useragent: yup.string().defined().default('').max(1000, maxLengthMessage(1000)),
  url: yup.string().defined().default('').max(2000, maxLengthMessage(2000)),
  recordingId: yup
    .string()
    .optional()
    .matches(RECORDING_ID_PATTERN, { message: 'The recording id is not valid', excludeEmptyString: true }),
  [SUPPORT_HONEYPOT_FIELD]: yup.string().optional().max(500, maxLengthMessage(500)),
}).noUnknown('Unknown field: ${unknown}');
export type SupportRequestPayload = yup.InferType<typeof supportRequestSchema>;

/**
 * A message on a ticket: a staff reply or internal note, or the student's answer. The same rule and
 * messages as the support form's Comments (SPEC §5: required, at most 2,000 characters).
 */
export const ticketMessageSchema = yup.object({ body: descriptionField }).noUnknown('Unknown field: ${unknown}');
export type TicketMessagePayload = yup.InferType<typeof ticketMessageSchema>;

/** Assigning a ticket: a staff member's id, or null to unassign. */
export const ticketAssignSchema = yup
  .object({ assigneeId: yup.number().integer().positive().nullable().defined('assigneeId is required.') })
  .noUnknown('Unknown field: ${unknown}');
export type TicketAssignPayload = yup.InferType<typeof ticketAssignSchema>;
