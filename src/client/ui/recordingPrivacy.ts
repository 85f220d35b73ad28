/**
 * What the session recording (support/recording/recorder.ts, rrweb, attached to a support ticket)
 * must not carry. Inputs are masked there already; these classes cover what a learner typed that a
 * page shows again as text — a budget's name in the breadcrumb, the lists of budgets and worksheets.
 */

/** Text inside is recorded as asterisks (rrweb's maskTextClass). Attributes are not masked: keep names out of them. */
export const RECORDING_MASK_CLASS = 'cw-private';

/** The element is left out of the recording altogether, attributes included (rrweb's blockClass). */
export const RECORDING_BLOCK_CLASS = 'cw-no-record';
