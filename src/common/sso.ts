/**
 * School sign-in through OpenID Connect (docs/sso.md): the providers, the reasons a sign-in is
 * refused with the sentence each shows, and the shapes of the settings and links calls. The
 * session after a school sign-in is the SPEC's own (token, cc:auth, auth:session:* events).
 */

/** The providers a deployment may configure; `lincoln` is the local one of the demo world. */
export const SSO_PROVIDER_IDS = ['google', 'microsoft', 'clever', 'classlink', 'lincoln'] as const;
export type SsoProviderId = (typeof SSO_PROVIDER_IDS)[number];

export const isSsoProviderId = (value: unknown): value is SsoProviderId => typeof value === 'string' && (SSO_PROVIDER_IDS as readonly string[]).includes(value);

/** Each button's accessible name: the provider's own name. */
export const SSO_PROVIDER_NAMES: Record<SsoProviderId, string> = {
  google: 'Sign in with Google',
  microsoft: 'Sign in with Microsoft',
  clever: 'Log in with Clever',
  classlink: 'Sign in with ClassLink',
  lincoln: 'Lincoln district sign-in',
};

/** A provider as the sign-in page lists it. */
export interface SsoProviderInfo {
  id: SsoProviderId;
  name: string;
}

/** Why a school sign-in was refused; each reason has one sentence (SSO_PROBLEMS). */
export const SSO_PROBLEM_REASONS = [
  'state',
  'code',
  'token',
  'unverified-email',
  'domain',
  'provider-off',
  'deactivated',
  'unknown-account',
  'staff-unknown',
  'provider-error',
  'unavailable',
  'linked-elsewhere',
  'expired',
] as const;
export type SsoProblemReason = (typeof SSO_PROBLEM_REASONS)[number];

export const isSsoProblemReason = (value: unknown): value is SsoProblemReason => typeof value === 'string' && (SSO_PROBLEM_REASONS as readonly string[]).includes(value);

export const SSO_PROBLEMS: Record<SsoProblemReason, string> = {
  state: 'This sign-in did not start on this computer, or it was already used. Please start again from the sign-in page.',
  code: 'The school’s sign-in answer was already used or has expired. Please start again from the sign-in page.',
  token: 'The school’s sign-in answer could not be trusted (it was expired or not signed by your school’s provider). Please start again from the sign-in page.',
  'unverified-email': 'Your school account’s e-mail address is not verified, so it cannot be matched to a Cashwise account. Ask your teacher or school administrator.',
  domain: 'Your school account’s e-mail address is not one your school uses with Cashwise. Ask your teacher or school administrator.',
  'provider-off': 'Your school has not turned on this sign-in. Use your user name and password, or ask your school administrator.',
  deactivated: 'This Cashwise account is not active. Ask your teacher or school administrator.',
  'unknown-account': 'No Cashwise account matches your school account. Ask your teacher for your class code, or your school administrator for an account.',
  'staff-unknown': 'No Cashwise staff account matches your school account. Staff accounts are not created by sign-in; ask your school administrator.',
  'provider-error': 'The school’s sign-in was cancelled or did not finish. Please start again from the sign-in page.',
  unavailable: 'The school’s sign-in could not be reached just now. Please try again in a moment.',
  'linked-elsewhere': 'This school account is already linked to another Cashwise account.',
  expired: 'This sign-in took too long and has expired. Please start again from the sign-in page.',
};

/** The sign-out page's sentence for shared computers, and where to sign out of each provider. */
export const SSO_SIGN_OUT_SENTENCE = 'Signing out of Cashwise does not sign you out of your Google or Microsoft school account on this computer:';
export const SSO_SIGN_OUT_LINKS = [
  { name: 'Sign out of Google', href: 'https://accounts.google.com/Logout' },
  { name: 'Sign out of Microsoft', href: 'https://login.microsoftonline.com/common/oauth2/v2.0/logout' },
] as const;

/** The SPA page a school sign-in ends on: `#handoff=…` completes it, `?problem=…` explains a refusal. */
export const SSO_RETURN_PATH = '/login/school';

/** Google Classroom's share address for a page of ours. */
export const classroomShareUrl = (pageUrl: string): string => `https://classroom.google.com/share?url=${encodeURIComponent(pageUrl)}`;
export const CLASSROOM_SHARE_LABEL = 'Share to Google Classroom';

/** A school's sign-in settings as school administration reads and writes them. */
export interface SsoSchoolSettings {
  /** the providers this deployment offers */
  available: SsoProviderInfo[];
  /** those the school turned on */
  enabled: SsoProviderId[];
  /** the e-mail domains the school owns, lower-case */
  domains: string[];
  /** may a sign-in create an unknown student in this school? */
  createStudents: boolean;
}

export interface SsoSchoolSettingsChange {
  enabled?: SsoProviderId[];
  domains?: string[];
  createStudents?: boolean;
}

/** One of a user's links, as the profile lists it. */
export interface SsoLinkInfo {
  provider: SsoProviderId;
  name: string;
  email: string | null;
  linkedAt: number;
}

const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A domain as stored (lower-case, trimmed), or null when it is not a domain name. */
export function normalizeDomain(raw: string): string | null {
  const domain = raw.trim().toLowerCase().replace(/^@/, '');
  return DOMAIN_PATTERN.test(domain) ? domain : null;
}

/** The domain of an e-mail address, lower-case; null when there is none. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  return at > 0 ? normalizeDomain(email.slice(at + 1)) : null;
}

export const SSO_MESSAGES = {
  saved: 'School sign-in settings saved.',
  badDomain: (domain: string) => `“${domain}” is not a domain name (for example lincoln.example.edu).`,
  unknownProvider: (provider: string) => `“${provider}” is not a sign-in this server offers.`,
  notLinked: 'That sign-in is not linked to your account.',
  unlinked: 'The sign-in was unlinked.',
  linked: 'Your school sign-in is now linked to your account.',
  handoff: 'This sign-in link was already used or has expired. Please sign in again.',
  choose: 'Or sign in with your school account',
} as const;
