/**
 * The messages the server answers with (`{ message }`), shared so the SPA and the tests can
 * recognise them. They are ours, not the spec's (SPEC §8: "User-facing sign-in messages: not shown").
 */
import { minutesToWait } from './plural';

/** 10485760 → "10 MiB", 65536 → "0.06 MiB" */
const formatMiB = (bytes: number): string => `${Number((bytes / 1048576).toFixed(bytes % 1048576 === 0 ? 0 : 2))} MiB`;

export const API_MESSAGES = {
  unknownAppKey: 'Unknown app key',
  badCredentials: 'The user name or password is incorrect.',
  /** a temporary password signs in once, within its lifetime; said only after the right password */
  temporaryPasswordSpent: 'This temporary password has already been used or has expired. Ask your teacher for a new one.',
  /** a session signed in with a temporary password may only change it (and sign out) */
  changeTemporaryPassword: 'Change your temporary password first.',
  throttled: (retryAfterSeconds: number) =>
    `Too many failed sign-in attempts. Please try again in ${minutesToWait(retryAfterSeconds)}.`,
  notSignedIn: 'You are not signed in.',
  invalidSession: 'Your session is not valid. Please sign in again.',
  sessionIdle: 'You were signed out after 30 minutes without activity. Please sign in again.',
  sessionTooOld: 'Your session has reached its maximum length. Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  systemNotAllowed: 'This call cannot be made with useSystem.',
  systemRequired: 'This call must be made with useSystem.',
  systemCredentialRequired: 'useSystem is only accepted from a system caller with a system key.',
  unknownService: (name: string) => `Unknown service: ${name.slice(0, 50)}`,
  serviceMismatch: 'The service in the body does not match the service in the address.',
  unknownRoute: 'Unknown route for this service.',
  methodNotAllowed: (method: string) => `Method ${method} is not allowed on this route.`,
  badMethod: 'Unknown method.',
  badPath: 'The path is not allowed.',
  badTimeout: (min: number, max: number) => `The timeout must be a whole number of milliseconds from ${min} to ${max}.`,
  badPayload: 'The payload is not valid.',
  nulCharacter: 'Text may not contain NUL characters.',
  badMultipartForm: 'The multipart form is not valid.',
  upstreamUrlTooLong: 'The path and params are too long for this service.',
  badMultipart: 'The multipart form must contain a "request" field with the proxy request as JSON.',
  requestBeforeFiles: 'The multipart form must send its "request" field before any file.',
  uploadsNotAccepted: 'This call does not take files.',
  uploadTooLarge: (maxBytes: number) => `The files are too large: at most ${formatMiB(maxBytes)} per request.`,
  uploadsBusy: 'Too many uploads are in progress. Please try again in a moment.',
  upstreamFailed: 'The service is not available right now. Please try again later.',
  upstreamTimeout: 'The service did not answer in time.',
  notFound: 'Not found',
  badUrl: 'The address is not valid.',
  urlTooLong: 'The address is too long.',
  badHttpRequest: 'The request is not valid HTTP.',
  headersTooLarge: 'The request headers are too large.',
  requestTimeout: 'The request took too long to arrive.',
  bodyTooLarge: 'The request is too large.',
  serverError: 'Something went wrong on our side. Please try again.',
  databaseUnavailable: 'Cashwise cannot reach its database right now. Please try again in a moment.',
  databaseBusy: 'Cashwise is busy right now. Please try again in a moment.',
} as const;
