/**
 * The messages of SPEC §4 and §8 about tokens, requests and the session, word for word — the ones
 * the SPA's entry needs. Apart from the rest of common/messages.ts (which spreads them into
 * MESSAGES): a module shared by several chunks keeps every export some chunk uses, so the forms'
 * and support's messages would otherwise travel with every first page.
 */
export const SESSION_MESSAGES = {
  invalidToken: 'Invalid token specified',
  invalidTokenWithReason: (reason: string) => `Invalid token specified: ${reason}`,
  tokenIsNull: 'Token is null',
  requestTimedOut: 'Request timed out',
  sessionDialogTitle: 'Your session is about to expire',
  sessionDialogText: 'Do you want to stay signed in?',
  sessionDialogStay: 'Stay Signed In',
  sessionDialogSignOut: 'Sign Out Now',
  renewFailedSummary: 'Authentication',
  renewFailedDetail: 'Could not renew session token',
} as const;
