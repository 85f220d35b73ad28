/**
 * School administration's settings and OneRoster upload (paths and shapes: common/schoolSettings.ts),
 * for the school the caller administers (schoolAdmin/access.ts `adminOf`: a SCHOOLADMIN's current
 * school; any school for GADMINSUPERUSER). The settings' rules and queries are ./index.ts.
 *
 * The upload goes through the proxy's one upload route, POST /api/service/multipart (the request
 * first, then the file `roster`), like support recordings: no route of its own, the same app key,
 * session, body limits and concurrency bound. A dry run answers the report and the file's SHA-256;
 * the import names that hash, so it applies exactly the file the administrator saw the report of.
 * Both call importRoster, as the CLI does. A SCHOOLADMIN's file is for their school only (the
 * CLI's --school, confined: no change to an account another school or the district answers for);
 * GADMINSUPERUSER may import a district file.
 */
import { createHash } from 'node:crypto';
import { boolean, mixed, object, string } from 'yup';
import type { RosterUploadResult } from '../../../common/roster';
import {
  ROSTER_FILE_FIELD,
  ROSTER_UPLOAD_MESSAGES,
  SETTINGS_MESSAGES,
  type RosterUploadInput,
  type RosterUploadRules,
  type SchoolSettings,
  type SchoolSettingsChange,
} from '../../../common/schoolSettings';
import { HttpError } from '../../http/errors';
import { importRoster } from '../roster/service';
import { changeSchoolSettings, readSchoolSettings, retentionMaximums, SettingsError } from './index';
import type { ServiceContext, ServiceRoute } from '../types';
import { adminOf, type Admin } from '../schoolAdmin/access';

/** The route's own bound; UPLOAD_MAX_BYTES (default 10 MiB) is the lower of the two unless raised. */
export const ROSTER_UPLOAD_MAX_BYTES = 64 * 1024 * 1024;

const rosterMaxBytes = (ctx: ServiceContext) => Math.min(ROSTER_UPLOAD_MAX_BYTES, ctx.config.uploads.maxBytesPerRequest);

async function settings(ctx: ServiceContext): Promise<SchoolSettings> {
  const { school } = await adminOf(ctx);
  return readSchoolSettings(ctx.db, retentionMaximums(ctx.config), school.id);
}

// shapes only: the values' rules (zones, ranges) are changeProblems', shared with the CLI
const days = mixed()
  .nullable()
  .test('days', 'A retention is a whole number of days, or null for the deployment’s.', (value) => value === undefined || value === null || typeof value === 'number')
  .optional();
const settingsSchema = object({
  timezone: string().strict().typeError(SETTINGS_MESSAGES.timezone).optional(),
  recordingRetentionDays: days,
  auditRetentionDays: days,
  studentsWithoutEmail: boolean().strict().typeError(SETTINGS_MESSAGES.studentsWithoutEmail).optional(),
  helpBuffer: boolean().strict().typeError(SETTINGS_MESSAGES.helpBuffer).optional(),
})
  .noUnknown('Unknown field: ${unknown}')
  .required(SETTINGS_MESSAGES.nothing)
  .typeError(SETTINGS_MESSAGES.nothing);

async function changeSettings(ctx: ServiceContext): Promise<{ settings: SchoolSettings; message: string }> {
  const admin = await adminOf(ctx);
  try {
    const result = await changeSchoolSettings(ctx.db, retentionMaximums(ctx.config), admin.school.id, ctx.payload as SchoolSettingsChange, admin.actor, ctx.clock());
    return { settings: result.settings, message: result.changed ? SETTINGS_MESSAGES.saved : SETTINGS_MESSAGES.unchanged };
  } catch (error) {
    if (error instanceof SettingsError) throw new HttpError(400, error.message);
    throw error;
  }
}

async function rosterRules(ctx: ServiceContext): Promise<RosterUploadRules> {
  const admin = await adminOf(ctx);
  return { maxBytes: rosterMaxBytes(ctx), mayImportDistrict: admin.isSuperuser };
}

const uploadSchema = object({
  dryRun: boolean().strict().required('Say whether this is a dry run (dryRun: true or false).'),
  district: boolean().strict().optional(),
  sha256: string().strict().matches(/^[0-9a-f]{64}$/, 'sha256 must be the 64 hex digits the dry run answered.').optional(),
})
  .noUnknown('Unknown field: ${unknown}')
  .required('Send { dryRun }.')
  .typeError('Send { dryRun }.');

/** Refuses, before any byte of the file is read, what no file could make right. */
async function checkUpload(ctx: ServiceContext): Promise<Admin> {
  const admin = await adminOf(ctx);
  const input = ctx.payload as RosterUploadInput;
  if (input.district && !admin.isSuperuser) throw new HttpError(403, ROSTER_UPLOAD_MESSAGES.districtOnly);
  if (!input.dryRun && !input.sha256) throw new HttpError(400, ROSTER_UPLOAD_MESSAGES.shaNeeded);
  return admin;
}

async function uploadRoster(ctx: ServiceContext): Promise<RosterUploadResult> {
  const admin = await checkUpload(ctx);
  const input = ctx.payload as RosterUploadInput;
  const files = ctx.files.filter((f) => f.field === ROSTER_FILE_FIELD);
  if (files.length === 0) throw new HttpError(400, ROSTER_UPLOAD_MESSAGES.missing);
  if (files.length > 1 || ctx.files.length > 1) throw new HttpError(400, ROSTER_UPLOAD_MESSAGES.oneFile);
  const file = files[0]!;
  const sha256 = createHash('sha256').update(file.data).digest('hex');
  if (!input.dryRun && input.sha256 !== sha256) throw new HttpError(409, ROSTER_UPLOAD_MESSAGES.notTheDryRun);
  const report = await importRoster(ctx.db, file.data, {
    dryRun: input.dryRun,
    school: input.district ? null : admin.school.lsclientID,
    confined: !admin.isSuperuser,
    now: ctx.clock(),
    actor: admin.actor,
  });
  const message = !report.ok ? ROSTER_UPLOAD_MESSAGES.refused : input.dryRun ? ROSTER_UPLOAD_MESSAGES.dryRunDone : ROSTER_UPLOAD_MESSAGES.imported;
  return { report, fileName: file.filename.slice(0, 200), sha256, message };
}

export const schoolSettingsRoutes: readonly ServiceRoute[] = [
  { method: 'GET', path: '/admin/settings', access: 'user', handler: settings },
  { method: 'PUT', path: '/admin/settings', access: 'user', payloadSchema: settingsSchema, handler: changeSettings },
  { method: 'GET', path: '/admin/roster', access: 'user', handler: rosterRules },
  {
    method: 'POST',
    path: '/admin/roster',
    access: 'user',
    payloadSchema: uploadSchema,
    uploads: { maxBytes: ROSTER_UPLOAD_MAX_BYTES, check: async (ctx) => void (await checkUpload(ctx)) },
    handler: uploadRoster,
  },
];
