/**
 * A school's settings (time zone and retention) and its OneRoster upload: the OneLook paths, the
 * shapes, and the validation the page, the route and the CLI share (docs/privacy.md, docs/roster.md).
 */
import { isValidTimezone } from './accounts';

export const SCHOOL_SETTINGS_PATHS = {
  /** GET: the school's settings (SchoolSettings); PUT SchoolSettingsChange: change some of them */
  settings: '/admin/settings',
  /** GET: what an upload may be (RosterUploadRules); POST multipart (file `roster`, payload RosterUploadInput): a dry run or an import */
  roster: '/admin/roster',
} as const;

/** The form field that carries the ZIP. */
export const ROSTER_FILE_FIELD = 'roster';

/** The audit trail must outlive a school term of questions: a school cannot keep it shorter than this (or the deployment's, when lower). */
export const MIN_AUDIT_RETENTION_DAYS = 90;
export const MIN_RECORDING_RETENTION_DAYS = 1;

export type RetentionKind = 'recordings' | 'audit';

export interface RetentionSetting {
  /** the school's own number of days; null keeps the deployment's */
  days: number | null;
  /** what applies: the school's, or the deployment's */
  effectiveDays: number;
  /** the deployment's (RECORDING_RETENTION_DAYS / AUDIT_RETENTION_DAYS): the most a school may choose */
  maxDays: number;
  minDays: number;
}

export interface SchoolSettings {
  school: { id: string; name: string };
  /** IANA zone */
  timezone: string;
  retention: Record<RetentionKind, RetentionSetting>;
  /** students registering with one of the school's class codes may leave the e-mail out (recovery: a teacher's temporary password) */
  studentsWithoutEmail: boolean;
  /** Get Help keeps the last minute of a signed-in student's page in their tab (sent only when they tick the recording box) */
  helpBuffer: boolean;
}

/** Each field optional: what is sent changes, what is left out stays. A retention of null goes back to the deployment's. */
export interface SchoolSettingsChange {
  timezone?: string;
  recordingRetentionDays?: number | null;
  auditRetentionDays?: number | null;
  studentsWithoutEmail?: boolean;
  helpBuffer?: boolean;
}

export const SETTINGS_MESSAGES = {
  timezone: 'Choose a time zone from the list (an IANA zone such as America/Chicago).',
  retention: (label: string, min: number, max: number) => `${label} must be a whole number of days from ${min} to ${max}, or empty to keep this deployment's ${max}.`,
  nothing: 'Send timezone, recordingRetentionDays, auditRetentionDays, studentsWithoutEmail or helpBuffer.',
  studentsWithoutEmail: 'studentsWithoutEmail is true or false.',
  helpBuffer: 'helpBuffer is true or false.',
  saved: 'The school’s settings are saved.',
  unchanged: 'Nothing changed.',
} as const;

export const RETENTION_LABELS: Record<RetentionKind, string> = {
  recordings: 'Support recordings',
  audit: 'Audit trail',
};

/** The lowest a school may choose: the floor, or the deployment's own when that is lower. */
export const retentionFloor = (kind: RetentionKind, maxDays: number): number =>
  Math.min(kind === 'audit' ? MIN_AUDIT_RETENTION_DAYS : MIN_RECORDING_RETENTION_DAYS, maxDays);

/** Null when the zone is one the server knows, else what to say. */
export function timezoneProblem(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' && isValidTimezone(value.trim()) ? null : SETTINGS_MESSAGES.timezone;
}

/** Null when `value` is null (the deployment's) or a whole number of days within the school's range, else what to say. */
export function retentionProblem(kind: RetentionKind, value: unknown, maxDays: number): string | null {
  if (value === null) return null;
  const min = retentionFloor(kind, maxDays);
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= maxDays) return null;
  return SETTINGS_MESSAGES.retention(RETENTION_LABELS[kind], min, maxDays);
}

export interface RosterUploadRules {
  /** the largest ZIP the server takes (bytes) */
  maxBytes: number;
  /** true for GADMINSUPERUSER: may import a file for several schools (the district's) */
  mayImportDistrict: boolean;
}

export interface RosterUploadInput {
  dryRun: boolean;
  /** GADMINSUPERUSER only: import the file as it is (every school in it), not for the picked school */
  district?: boolean;
  /** an import (not a dry run) names the SHA-256 of the file its dry run read: another file is refused */
  sha256?: string;
}

export const ROSTER_UPLOAD_MESSAGES = {
  missing: `Choose a OneRoster ZIP file to upload (the form field "${ROSTER_FILE_FIELD}").`,
  oneFile: 'Upload one ZIP file at a time.',
  districtOnly: 'Only a district administrator can import a file for several schools.',
  notTheDryRun: 'This is not the file of the dry run: run the dry run again with this file, then import.',
  shaNeeded: 'An import names the file of its dry run (sha256): run the dry run first.',
  tooLarge: (maxBytes: number) => `The file is too large: a roster ZIP may be at most ${Math.floor(maxBytes / (1024 * 1024))} MB.`,
  dryRunDone: 'Dry run finished: nothing was changed.',
  imported: 'The roster was imported.',
  refused: 'The roster was not imported: nothing was changed.',
} as const;

/** The registration setting, as the settings page names and explains it. */
export const STUDENTS_WITHOUT_EMAIL_LABEL = 'Students can register without an e-mail address';
export const STUDENTS_WITHOUT_EMAIL_HELP =
  'Only with one of this school’s class codes. A student without an e-mail address cannot reset a forgotten password: their teacher gives them a temporary one. When off, every student confirms an e-mail address with a code.';

/** Where the school's time zone counts, as the settings page explains it. */
export const TIMEZONE_USES: readonly string[] = [
  'Due dates in the classroom: an assignment due on a day is due at the end of that day here. Due dates already set keep their moment.',
  'Access codes and class codes: a code that expires on a day works until the end of that day here.',
  'The audit trail: filtering by a date means that day here.',
  'Not the support desk: its business hours stay Monday to Friday, 8 a.m. to 6 p.m. Eastern Time.',
  'Not a student’s own dates (certificates): those follow the time zone in the student’s profile.',
];

/** Get Help's "moments before", as the settings page names and explains it (docs/privacy.md). */
export const HELP_BUFFER_LABEL = 'Get Help can include the minute before a student asks';
export const HELP_BUFFER_HELP =
  'While on, a signed-in student’s browser tab keeps the last 60 seconds of the page in memory (typing hidden). It leaves the tab only if the student ticks “Attach a recording of my screen” when asking for help, and is forgotten at sign-out. When off, nothing is kept before that tick.';
