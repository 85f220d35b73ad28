/**
 * The operator CLI: `npm run admin -- <command> [options]` (runs dist/server/server/cli/admin.js, so
 * it works after `npm install && npm run build`). It uses the server's configuration (DATA_DIR,
 * DATABASE_URL, SMTP_URL, MAIL_FROM, PUBLIC_URL …), migrates the database first, prints clear errors
 * and exits non-zero on any failure; every command writes in one transaction.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultMailer } from '../app';
import { loadConfig, type Config } from '../config';
import { importContent } from '../content/importContent';
import { createDatabase, migrateToLatest, type Db } from '../db';
import { normaliseUserName } from '../../common/accounts';
import type { AuditAction } from '../../common/audit';
import { auditNameOf } from '../services/audit/actor';
import { CLI_ACTOR, recordAudit } from '../services/audit/record';
import { formatRosterReport, importRoster } from '../services/roster/service';
import { changeSchoolSettings, readSchoolSettings, retentionMaximums, SettingsError } from '../services/schoolSettings';
import { RETENTION_LABELS, type RetentionKind, type SchoolSettings, type SchoolSettingsChange } from '../../common/schoolSettings';
import { deleteStudentData, exportStudentData, studentAtSchool } from '../services/studentData';
import { HttpError } from '../http/errors';
import {
  AdminError,
  createAccessCodes,
  createProduct,
  createSchool,
  createUser,
  emailsFromCsv,
  grantPermission,
  inviteStudents,
  listCodes,
  listProductsAll,
  listSchools,
  listUsers,
  revokePermission,
} from '../services/accounts/admin';
import { currentSchoolId, schoolByLsclientId, schoolByLsclientIdIgnoringCase, userByName, userIdByName } from '../services/accounts/repository';
import { codeSheetText, runStaffCommand, STAFF_HELP, STAFF_POSITIONALS, StaffUsageError } from './staffCommands';
import { runSsoCommand, SSO_HELP } from './ssoCommands';

export const HELP = `Cashwise operator CLI

Usage: npm run admin -- <command> [options]

Commands:
  create-school --id <ID> --name "<name>"
      Create a school (client). The id is what learners' sessions carry as lsclientID.
  create-product --code <CODE> --name "<name>" [--external-id-label "Student ID"]
      Create a product; with --external-id-label, registration asks learners for that id.
  create-codes --school <ID> [--product CASHWISE] [--seats 30] [--expires YYYY-MM-DD] [--count 1]
      Create access codes; each lets --seats learners join the school and product.
  invite --school <ID> --csv <file> [--product CASHWISE]
      E-mail an invitation to every address of the CSV (first column; a header row is skipped).
  create-user --username <name> --first <first> --last <last> --email <e-mail> --password <pw> [--school <ID>]
      Create an account directly (for staff). The password follows the same rules as registration.
  grant --username <name> --permission <PERMISSION>
  revoke --username <name> --permission <PERMISSION>
      Grant or revoke a permission (e.g. SUPPORT, GADMINSUPERUSER).
  list-schools | list-products | list-codes [--school <ID>] | list-users [--school <ID>]
  import-content --dir <folder>
      Re-import the learning content from a folder (docs/content-format.md).
  roster import <file.zip> [--dry-run] [--school <ID>]
      Import a OneRoster 1.1/1.2 CSV bulk export (schools, users, classes, enrollments), matched by
      sourcedId. A file with any problem changes nothing and every problem is listed with its file,
      line and column; --dry-run reports what would be created, updated and deactivated. With
      --school the file is for that one school. Imported users have no password yet.
  school settings --school <ID> [--timezone <IANA zone>] [--recording-retention-days <N|default>] [--audit-retention-days <N|default>]
      Show a school's settings, or change them: its time zone (due dates, access and class code expiry days)
      and how many days its support recordings and audit trail are kept — never longer than this
      deployment's RECORDING_RETENTION_DAYS / AUDIT_RETENTION_DAYS; "default" goes back to those.
  student export <username> [--out FILE] [--school <ID>]
      Everything stored about one student, as one JSON document (to FILE, or printed). Of classes
      and turned-in work, the school's only (--school, default the student's current school).
  student delete <username> --confirm <username> [--school <ID>]
      Delete the student and everything of theirs; a student who also belongs to another school is
      only removed from this one (its classes and turned-in work go, the account stays).
${STAFF_HELP}${SSO_HELP}  help, --help
      Show this text.

Exit status: 0 on success, 1 on an error (nothing is half-done), 2 on a usage error.
`;

class UsageError extends Error {}

/**
 * Records a CLI command on a user in the audit trail (actor: the command-line tool), at the user's
 * current school (global permissions concern no one school, but the trail is read per school).
 */
async function recordCli(db: Db, action: AuditAction, userName: string, detail: Record<string, string>, at: number): Promise<void> {
  const user = await userByName(db, normaliseUserName(userName));
  if (!user) throw new AdminError(`No user "${userName}".`);
  await recordAudit(db, CLI_ACTOR, {
    action,
    schoolId: (await currentSchoolId(db, user.id)) ?? null,
    targetUserId: user.id,
    targetName: auditNameOf({ firstName: user.first_name, lastName: user.last_name, userName: user.user_name }),
    detail,
  }, at);
}

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

const OPTIONS = {
  id: { type: 'string' },
  name: { type: 'string' },
  code: { type: 'string' },
  'external-id-label': { type: 'string' },
  school: { type: 'string' },
  product: { type: 'string' },
  seats: { type: 'string' },
  expires: { type: 'string' },
  count: { type: 'string' },
  csv: { type: 'string' },
  username: { type: 'string' },
  first: { type: 'string' },
  last: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  permission: { type: 'string' },
  dir: { type: 'string' },
  'dry-run': { type: 'boolean' },
  out: { type: 'string' },
  confirm: { type: 'string' },
  teacher: { type: 'string' },
  class: { type: 'string' },
  copies: { type: 'string' },
  timezone: { type: 'string' },
  'recording-retention-days': { type: 'string' },
  'audit-retention-days': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function table(rows: Record<string, string | number>[]): string {
  if (rows.length === 0) return '(none)';
  const keys = Object.keys(rows[0] as object);
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(keys), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(keys.map((k) => String(r[k]))))].join('\n');
}

function need(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required.`);
  return value;
}

function wholeNumber(values: Record<string, unknown>, name: string, fallback: number): number {
  const raw = values[name];
  if (raw === undefined) return fallback;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number.`);
  return Number(raw);
}

function dateEnd(raw: unknown): number | null {
  if (raw === undefined) return null;
  const end = typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? Date.parse(`${raw}T23:59:59.999Z`) : Number.NaN;
  // a day that exists: JavaScript reads 2027-02-30 as March 2nd, so the date must come back as typed
  if (Number.isNaN(end) || new Date(end).toISOString().slice(0, 10) !== raw) {
    throw new UsageError('--expires must be a date YYYY-MM-DD that exists (the code works until the end of that day, UTC).');
  }
  return end;
}

const SCHOOL_SETTINGS_USAGE =
  'Usage: npm run admin -- school settings --school <ID> [--timezone <IANA zone>] [--recording-retention-days <N|default>] [--audit-retention-days <N|default>]';

/** A retention option: a whole number of days, or "default" (null: the deployment's). */
function retentionOption<K extends 'recordingRetentionDays' | 'auditRetentionDays'>(values: Record<string, unknown>, name: string, key: K): Partial<Record<K, number | null>> {
  const raw = values[name];
  if (raw === undefined) return {};
  if (raw === 'default') return { [key]: null } as Partial<Record<K, number | null>>;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number of days or "default".`);
  return { [key]: Number(raw) } as Partial<Record<K, number | null>>;
}

function formatSchoolSettings(settings: SchoolSettings): string {
  const retention = (kind: RetentionKind) => {
    const r = settings.retention[kind];
    const own = r.days === null ? `the deployment's ${r.maxDays} days` : `${r.days} days (the deployment keeps ${r.maxDays})`;
    return `  ${RETENTION_LABELS[kind]}: ${own}; a school may choose ${r.minDays} to ${r.maxDays}`;
  };
  return [`${settings.school.name} (${settings.school.id})`, `  Time zone: ${settings.timezone}`, retention('recordings'), retention('audit')].join('\n');
}

export async function runCommand(argv: string[], io: CliIo, deps: { config?: Config; db?: Db; now?: () => number } = {}): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    io.err(`${(error as Error).message}\nSee: npm run admin -- --help`);
    return 2;
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  if (!command || values.help || command === 'help') {
    io.out(HELP);
    return command || values.help ? 0 : 2;
  }
  // `roster import <file>` is the one command with a subcommand and a file
  const expected = command === 'roster' || command === 'student' ? 3 : command === 'school' ? 2 : command === 'sso' ? 4 : (STAFF_POSITIONALS[command] ?? 1);
  if (positionals.length > expected) {
    io.err(`Unexpected argument "${positionals[expected]}". See: npm run admin -- --help`);
    return 2;
  }

  let config: Config;
  try {
    config = deps.config ?? loadConfig(process.env);
  } catch (error) {
    io.err((error as Error).message);
    return 1;
  }
  const db = deps.db ?? createDatabase(config);
  const now = deps.now ?? Date.now;
  try {
    if (!deps.db) await migrateToLatest(db);
    switch (command) {
      case 'create-school': {
        const id = need(values, 'id');
        await createSchool(db, id, need(values, 'name'));
        io.out(`Created school ${id}.`);
        break;
      }
      case 'create-product': {
        const code = need(values, 'code');
        await createProduct(db, code, need(values, 'name'), values['external-id-label'] ?? null);
        io.out(`Created product ${code.toUpperCase()}.`);
        break;
      }
      case 'create-codes': {
        const codes = await createAccessCodes(
          db,
          {
            school: need(values, 'school'),
            product: values.product ?? 'CASHWISE',
            seats: wholeNumber(values, 'seats', 30),
            expiresAt: dateEnd(values.expires),
            count: wholeNumber(values, 'count', 1),
          },
          now(),
        );
        io.out(codes.join('\n'));
        break;
      }
      case 'invite': {
        const file = need(values, 'csv');
        let text: string;
        try {
          text = readFileSync(file, 'utf8');
        } catch (error) {
          throw new AdminError(`Cannot read ${file}: ${(error as Error).message}`);
        }
        const emails = emailsFromCsv(text);
        const mailer = defaultMailer(config, db, now);
        try {
          const sent = await inviteStudents(db, { mailer, config }, { school: need(values, 'school'), product: values.product ?? 'CASHWISE', emails }, now());
          io.out(`Sent ${sent.length} invitation(s):\n${sent.map((s) => `  #${s.id} ${s.email}`).join('\n')}`);
        } finally {
          (mailer as { close?: () => void }).close?.();
        }
        break;
      }
      case 'create-user': {
        const id = await createUser(
          db,
          config.passwordHashing,
          {
            userName: need(values, 'username'),
            firstName: need(values, 'first'),
            lastName: need(values, 'last'),
            email: need(values, 'email'),
            password: need(values, 'password'),
            school: values.school ?? null,
          },
          now(),
        );
        // createUser runs its own transaction; the entry follows it (a failed insert of it is reported)
        await recordCli(db, 'user.create', need(values, 'username'), {}, now());
        io.out(`Created user ${need(values, 'username').toLowerCase()} (#${id}).`);
        break;
      }
      case 'grant':
      case 'revoke': {
        const userName = need(values, 'username');
        const permission = need(values, 'permission');
        const grant = command === 'grant';
        // the change and its audit entry stand or fall together; an unchanged permission is not recorded
        const changed = await db.transaction().execute(async (trx) => {
          const done = grant ? await grantPermission(trx, userName, permission) : await revokePermission(trx, userName, permission);
          if (done) await recordCli(trx, grant ? 'permission.grant' : 'permission.revoke', userName, { permission: permission.trim().toUpperCase() }, now());
          return done;
        });
        if (grant) io.out(changed ? 'Granted.' : 'The user already had this permission.');
        else io.out(changed ? 'Revoked.' : 'The user did not have this permission.');
        break;
      }
      case 'list-schools':
        io.out(table(await listSchools(db)));
        break;
      case 'list-products':
        io.out(table(await listProductsAll(db)));
        break;
      case 'list-codes':
        io.out(table(await listCodes(db, values.school ?? null, now())));
        break;
      case 'list-users':
        io.out(table(await listUsers(db, values.school ?? null)));
        break;
      case 'import-content': {
        const dir = need(values, 'dir');
        const result = await importContent(db, dir, now());
        const kb = result.knowledgeBase ? `, ${JSON.stringify(result.knowledgeBase)} in the knowledge base` : '';
        io.out(
          `Imported content from ${dir}: ${result.modules} modules, ${result.materials} materials, ${result.sections} sections, ${result.questions} questions${kb}.`,
        );
        break;
      }
      case 'roster': {
        const [, sub, file] = positionals;
        if (sub !== 'import' || !file) throw new UsageError('Usage: npm run admin -- roster import <file.zip> [--dry-run] [--school <ID>]');
        let zip: Uint8Array;
        try {
          zip = readFileSync(file);
        } catch (error) {
          throw new AdminError(`Cannot read ${file}: ${(error as Error).message}`);
        }
        const report = await importRoster(db, zip, { dryRun: values['dry-run'] ?? false, school: values.school ?? null, now: now(), actor: CLI_ACTOR });
        if (!report.ok) {
          io.err(formatRosterReport(report));
          return 1;
        }
        io.out(formatRosterReport(report));
        break;
      }
      case 'school': {
        if (positionals[1] !== 'settings') throw new UsageError(SCHOOL_SETTINGS_USAGE);
        const id = need(values, 'school');
        const school = await schoolByLsclientIdIgnoringCase(db, id);
        if (!school) throw new AdminError(`No school has the id "${id}".`);
        const change: SchoolSettingsChange = {
          ...(values.timezone !== undefined ? { timezone: values.timezone } : {}),
          ...retentionOption(values, 'recording-retention-days', 'recordingRetentionDays'),
          ...retentionOption(values, 'audit-retention-days', 'auditRetentionDays'),
        };
        const max = retentionMaximums(config);
        if (Object.keys(change).length === 0) {
          io.out(formatSchoolSettings(await readSchoolSettings(db, max, school.id)));
          break;
        }
        try {
          const { settings, changed } = await changeSchoolSettings(db, max, school.id, change, CLI_ACTOR, now());
          io.out(`${changed ? 'Saved.' : 'Nothing changed.'}\n${formatSchoolSettings(settings)}`);
        } catch (error) {
          if (error instanceof SettingsError) throw new AdminError(error.message);
          throw error;
        }
        break;
      }
      case 'student': {
        const [, sub, userName] = positionals;
        if ((sub !== 'export' && sub !== 'delete') || !userName) {
          throw new UsageError('Usage: npm run admin -- student export <username> [--out FILE] | student delete <username> --confirm <username>');
        }
        const userId = await userIdByName(db, normaliseUserName(userName));
        if (userId === undefined) throw new AdminError(`No user "${userName}".`);
        let clientId: number | undefined;
        if (values.school) {
          clientId = (await schoolByLsclientId(db, values.school.toUpperCase()))?.id;
          if (clientId === undefined) throw new AdminError(`No school has the id "${values.school}".`);
        } else {
          clientId = await currentSchoolId(db, userId);
          if (clientId === undefined) throw new AdminError(`${userName} belongs to no school.`);
        }
        try {
          const student = await studentAtSchool(db, { userId }, clientId);
          if (sub === 'export') {
            const text = JSON.stringify(await exportStudentData(db, student, CLI_ACTOR, now()), null, 2);
            if (values.out) {
              try {
                writeFileSync(values.out, `${text}\n`);
              } catch (error) {
                throw new AdminError(`Cannot write ${values.out}: ${(error as Error).message}`);
              }
              io.out(`Exported ${student.userName} to ${values.out}.`);
            } else io.out(text);
          } else {
            if (values.confirm === undefined) throw new UsageError('--confirm <username> is required: type the student\'s user name again.');
            if (normaliseUserName(values.confirm) !== student.userName) throw new AdminError('--confirm does not match the student\'s user name: nothing was deleted.');
            io.out((await deleteStudentData(db, student, CLI_ACTOR, now())).message);
          }
        } catch (error) {
          if (error instanceof HttpError) throw new AdminError(error.message);
          throw error;
        }
        break;
      }
      case 'user':
      case 'role':
      case 'code':
      case 'invitation':
      case 'class':
      case 'support-schools':
        io.out(await runStaffCommand(db, config, positionals, values, now()));
        break;
      case 'code-sheet':
        io.out(await codeSheetText(db, config, values, now()));
        break;
      case 'sso':
        io.out(await runSsoCommand(db, config, positionals, values, now()));
        break;
      default:
        throw new UsageError(`Unknown command "${command}". See: npm run admin -- --help`);
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof StaffUsageError) {
      io.err(error.message);
      return 2;
    }
    // a service's refusal (HttpError: the route's 4xx) reads the same here
    if (error instanceof AdminError || error instanceof HttpError) {
      io.err(error.message);
      return 1;
    }
    io.err(`Failed: ${(error as Error).message}`);
    return 1;
  } finally {
    if (!deps.db) await db.destroy();
  }
}

if (require.main === module) {
  void runCommand(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  }).then((code) => {
    process.exitCode = code;
  });
}
