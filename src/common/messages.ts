import { SESSION_MESSAGES } from './sessionMessages';

/** Every user-facing or logged message that SPEC §4, §5 and §8 spell out, word for word. */
export const MESSAGES = {
  ...SESSION_MESSAGES,
  supportFailure: 'Sorry, your request could not be submitted',
  supportSuccess: (issuekey: string) =>
    `Support ticket #${issuekey} has been created. We'll be in touch shortly.`,
  supportHint: 'Please provide as much detail as possible.',
  supportPanelTitle: 'Get Help',
  valueRequired: 'Value is required',
  nameMin: 'Your name must be at least 2 characters',
  nameMax: 'Your name must be less than 100 characters',
  emailMax: 'Email must be less than 100 characters',
  emailInvalid: 'Email is not valid',
  subjectMax: 'Subject must be less than 200 characters',
  descriptionMax: 'Comments must be less than 2,000 characters',
  minLength: (n: number) => `This field should be at least ${n} characters long`,
  maxLength: (n: number) => `The maximum length allowed is ${n}`,
} as const;

/**
 * A required field left empty, named as its label reads ("First name is required"): our account
 * forms' message. The support form keeps SPEC §5's own 'Value is required'.
 */
export const fieldRequired = (label: string) => `${label} is required`;
