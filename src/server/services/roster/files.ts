/**
 * Reading a OneRoster 1.2 CSV bulk export (a ZIP of CSV files) into plain records, with every problem
 * named by file, line and column so a school's IT person can fix the export. Pure: no database.
 *
 * Accepted: manifest.csv, orgs.csv, users.csv, classes.csv, enrollments.csv (required); roles.csv
 * (1.2 keeps roles there), courses.csv and academicSessions.csv (read for well-formedness only).
 * users.csv may carry the 1.1 `role`/`orgSourcedIds` columns (or `roles`, `primaryOrgSourcedId`)
 * instead of roles.csv. Delta files are refused: an import is a whole picture of the schools.
 */
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';

import type { RosterProblem } from '../../../common/roster';

export type { RosterProblem };

export interface RosterOrg {
  sourcedId: string;
  name: string;
  type: string;
  identifier: string;
  line: number;
}

export type RosterRole = 'student' | 'teacher' | 'administrator';

export interface RosterUser {
  sourcedId: string;
  /** stored lower-case, like every user name */
  userName: string;
  givenName: string;
  familyName: string;
  email: string;
  identifier: string;
  /** what Cashwise makes of the user's role; null for roles it has no place for (parents, aides…) */
  role: RosterRole | null;
  orgSourcedIds: string[];
  /** false: `status` tobedeleted or `enabledUser` false — treated as no longer listed */
  active: boolean;
  line: number;
}

export interface RosterClass {
  sourcedId: string;
  title: string;
  schoolSourcedId: string;
  active: boolean;
  line: number;
}

export interface RosterEnrollment {
  sourcedId: string;
  classSourcedId: string;
  schoolSourcedId: string;
  userSourcedId: string;
  role: 'student' | 'teacher';
  primary: boolean;
  line: number;
}

export interface RosterData {
  orgs: RosterOrg[];
  users: RosterUser[];
  classes: RosterClass[];
  enrollments: RosterEnrollment[];
  /** users whose role has no place in Cashwise (guardians, parents, aides, …), and enrolments of such roles */
  skippedUsers: number;
  skippedEnrollments: number;
}

/** The largest uncompressed file accepted: a district of 50,000 users is about 10 MB of users.csv. */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

const REQUIRED_FILES = ['orgs', 'users', 'classes', 'enrollments'] as const;
const KNOWN_FILES = ['manifest', ...REQUIRED_FILES, 'roles', 'courses', 'academicSessions'] as const;

/** OneRoster 1.2 role vocabulary (and 1.1's `administrator`), lower-cased, and what each becomes. */
const ROLES: Record<string, RosterRole | null> = {
  student: 'student',
  teacher: 'teacher',
  administrator: 'administrator',
  siteadministrator: 'administrator',
  districtadministrator: 'administrator',
  principal: 'administrator',
  systemadministrator: null,
  aide: null,
  counselor: null,
  proctor: null,
  guardian: null,
  parent: null,
  relative: null,
};

const ROLE_LIST = 'student, teacher, administrator, siteAdministrator, districtAdministrator, principal, aide, counselor, proctor, guardian, parent, relative, systemAdministrator';

type Row = Record<string, string>;

interface Table {
  file: string;
  header: string[];
  rows: { line: number; record: Row }[];
}

/** Unzips the export: the CSV files by lower-case name without folders; problems for what cannot be read. */
export function unzipRoster(zip: Uint8Array, problems: RosterProblem[]): Map<string, string> {
  const files = new Map<string, string>();
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip, {
      // only the CSV files we read, and none larger than a district needs (a ZIP bomb stops here)
      filter: (file) => {
        const base = file.name.split('/').pop()?.toLowerCase() ?? '';
        if (!base.endsWith('.csv')) return false;
        if (file.originalSize > MAX_FILE_BYTES) {
          problems.push({ file: base, message: `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB uncompressed.` });
          return false;
        }
        return true;
      },
    });
  } catch (error) {
    problems.push({ file: 'the ZIP file', message: `The file is not a ZIP archive that can be read (${(error as Error).message}).` });
    return files;
  }
  for (const [name, bytes] of Object.entries(entries)) {
    const base = name.split('/').pop()?.toLowerCase() ?? name;
    if (files.has(base)) {
      problems.push({ file: base, message: 'The ZIP holds this file twice (in different folders).' });
      continue;
    }
    files.set(base, new TextDecoder('utf-8').decode(bytes));
  }
  return files;
}

function readTable(file: string, text: string, required: readonly string[], problems: RosterProblem[]): Table | null {
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parse(text, { bom: true, info: true, relax_column_count: false, skip_empty_lines: true, trim: true }) as unknown as typeof parsed;
  } catch (error) {
    const e = error as Error & { lines?: number; records?: number; code?: string };
    // csv-parse names the line where it gave up; an unclosed quote began on the line after the last whole record
    if (e.code === 'CSV_QUOTE_NOT_CLOSED' && e.records !== undefined) {
      problems.push({ file, line: e.records + 1, message: 'The CSV cannot be read: a quoted field opened on this line is never closed.' });
    } else {
      problems.push({ file, line: e.lines, message: `The CSV cannot be read: ${e.message}` });
    }
    return null;
  }
  const [head, ...body] = parsed;
  if (!head) {
    problems.push({ file, line: 1, message: 'The file is empty: it needs a header row.' });
    return null;
  }
  const header = head.record;
  const missing = required.filter((name) => !header.includes(name));
  for (const name of missing) problems.push({ file, line: head.info.lines, column: name, message: `The header has no ${name} column.` });
  if (missing.length > 0) return null;
  const rows = body.map(({ record, info }) => ({ line: info.lines, record: Object.fromEntries(header.map((name, i) => [name, record[i] ?? ''])) }));
  return { file, header, rows };
}

function isActive(row: Row): boolean {
  return (row.status ?? '').toLowerCase() !== 'tobedeleted';
}

/** Each row's sourcedId: required and unique within its file. */
function checkSourcedIds(table: Table, problems: RosterProblem[]): Table['rows'] {
  const seen = new Map<string, number>();
  const good: Table['rows'] = [];
  for (const row of table.rows) {
    const id = row.record.sourcedId ?? '';
    if (id === '') {
      problems.push({ file: table.file, line: row.line, column: 'sourcedId', message: 'The sourcedId is empty.' });
      continue;
    }
    const first = seen.get(id);
    if (first !== undefined) {
      problems.push({ file: table.file, line: row.line, column: 'sourcedId', message: `The sourcedId "${id}" is also on line ${first}.` });
      continue;
    }
    seen.set(id, row.line);
    good.push(row);
  }
  return good;
}

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/**
 * The export's records. Problems are appended to `problems`; records are returned even with
 * problems (the caller refuses the whole file when there is any).
 */
export function readRoster(files: Map<string, string>, problems: RosterProblem[]): RosterData {
  const data: RosterData = { orgs: [], users: [], classes: [], enrollments: [], skippedUsers: 0, skippedEnrollments: 0 };

  const manifestText = files.get('manifest.csv');
  if (manifestText === undefined) {
    problems.push({ file: 'manifest.csv', message: 'The ZIP has no manifest.csv: this is not a OneRoster CSV export.' });
  } else {
    const manifest = readTable('manifest.csv', manifestText, ['propertyName', 'value'], problems);
    if (manifest) {
      const property = new Map(manifest.rows.map((r) => [r.record.propertyName ?? '', r]));
      const version = property.get('oneroster.version');
      if (version && !/^1\.[12]$/.test(version.record.value ?? '')) {
        problems.push({ file: 'manifest.csv', line: version.line, column: 'value', message: `OneRoster version ${version.record.value} is not supported (1.1 and 1.2 are).` });
      }
      for (const name of KNOWN_FILES.filter((n) => n !== 'manifest')) {
        const entry = property.get(`file.${name}`);
        const mode = (entry?.record.value ?? 'absent').toLowerCase();
        const required = (REQUIRED_FILES as readonly string[]).includes(name);
        if (mode === 'delta') {
          problems.push({ file: 'manifest.csv', line: entry?.line, column: 'value', message: `file.${name} is a delta: export a bulk file (the whole roster).` });
        } else if (required && mode !== 'bulk') {
          problems.push({ file: 'manifest.csv', line: entry?.line, column: entry ? 'value' : undefined, message: `file.${name} must be bulk: Cashwise needs ${name}.csv.` });
        } else if (mode === 'bulk' && !files.has(`${name.toLowerCase()}.csv`)) {
          problems.push({ file: `${name}.csv`, message: `The manifest lists ${name}.csv but the ZIP does not have it.` });
        }
      }
    }
  }
  for (const name of REQUIRED_FILES) {
    if (!files.has(`${name}.csv`) && manifestText === undefined) problems.push({ file: `${name}.csv`, message: `The ZIP has no ${name}.csv.` });
  }

  const table = (name: string, required: readonly string[]) => {
    const text = files.get(`${name.toLowerCase()}.csv`);
    return text === undefined ? null : readTable(`${name}.csv`, text, required, problems);
  };

  for (const name of ['courses', 'academicSessions']) {
    const t = table(name, ['sourcedId']);
    if (t) checkSourcedIds(t, problems);
  }

  const orgs = table('orgs', ['sourcedId', 'name', 'type']);
  if (orgs) {
    for (const { line, record } of checkSourcedIds(orgs, problems)) {
      if (!isActive(record)) continue;
      if ((record.name ?? '') === '') problems.push({ file: 'orgs.csv', line, column: 'name', message: 'The name is empty.' });
      data.orgs.push({ sourcedId: record.sourcedId ?? '', name: record.name ?? '', type: (record.type ?? '').toLowerCase(), identifier: record.identifier ?? '', line });
    }
  }
  // a file that cannot be read has its own problem; references to it are not checked on top
  const orgsRead = orgs !== null;
  const orgIds = new Set(data.orgs.map((o) => o.sourcedId));
  const schoolIds = new Set(data.orgs.filter((o) => o.type === 'school').map((o) => o.sourcedId));

  // roles.csv (1.2): the user's roles by org; the primary role decides
  const rolesByUser = new Map<string, { role: string; orgs: string[]; primary: boolean; line: number }[]>();
  const roles = table('roles', ['userSourcedId', 'role', 'orgSourcedId']);
  if (roles) {
    for (const { line, record } of roles.rows) {
      if (!isActive(record)) continue;
      const entry = { role: record.role ?? '', orgs: [record.orgSourcedId ?? ''], primary: (record.roleType ?? '').toLowerCase() === 'primary', line };
      if (!(entry.role.toLowerCase() in ROLES)) problems.push({ file: 'roles.csv', line, column: 'role', message: `"${entry.role}" is not a OneRoster role (${ROLE_LIST}).` });
      if (orgsRead && !orgIds.has(entry.orgs[0] ?? '')) problems.push({ file: 'roles.csv', line, column: 'orgSourcedId', message: `No org in orgs.csv has the sourcedId "${record.orgSourcedId}".` });
      const key = record.userSourcedId ?? '';
      rolesByUser.set(key, [...(rolesByUser.get(key) ?? []), entry]);
    }
  }

  const users = table('users', ['sourcedId', 'username', 'givenName', 'familyName']);
  if (users) {
    const roleColumn = users.header.includes('role') ? 'role' : users.header.includes('roles') ? 'roles' : null;
    if (!roleColumn && !roles) problems.push({ file: 'users.csv', line: 1, column: 'role', message: 'The users have no role: users.csv needs a role column, or the ZIP a roles.csv.' });
    const userNames = new Map<string, number>();
    for (const { line, record } of checkSourcedIds(users, problems)) {
      const sourcedId = record.sourcedId ?? '';
      const fromRoles = rolesByUser.get(sourcedId) ?? [];
      let rawRole: string;
      let orgSourcedIds: string[];
      if (fromRoles.length > 0) {
        const chosen = fromRoles.find((r) => r.primary) ?? fromRoles[0];
        rawRole = chosen?.role ?? '';
        orgSourcedIds = [...new Set(fromRoles.flatMap((r) => r.orgs))];
      } else {
        rawRole = list(roleColumn ? record[roleColumn] : '')[0] ?? '';
        orgSourcedIds = list(record.orgSourcedIds ?? record.primaryOrgSourcedId);
      }
      const roleKey = rawRole.toLowerCase();
      if (!(roleKey in ROLES)) {
        problems.push({
          file: fromRoles.length > 0 ? 'roles.csv' : 'users.csv',
          line: fromRoles[0]?.line ?? line,
          column: roleColumn ?? 'role',
          message: rawRole === '' ? 'The role is empty.' : `"${rawRole}" is not a OneRoster role (${ROLE_LIST}).`,
        });
        continue;
      }
      const role = ROLES[roleKey] ?? null;
      const active = isActive(record) && (record.enabledUser ?? '').toLowerCase() !== 'false';
      if (role === null) {
        data.skippedUsers += 1;
        continue;
      }
      const userName = (record.username ?? '').toLowerCase();
      if (userName === '') {
        problems.push({ file: 'users.csv', line, column: 'username', message: 'The username is empty.' });
        continue;
      }
      const firstLine = userNames.get(userName);
      if (firstLine !== undefined) {
        problems.push({ file: 'users.csv', line, column: 'username', message: `The username "${userName}" is also on line ${firstLine}.` });
        continue;
      }
      userNames.set(userName, line);
      for (const column of ['givenName', 'familyName'] as const) {
        if ((record[column] ?? '') === '') problems.push({ file: 'users.csv', line, column, message: `The ${column} is empty.` });
      }
      for (const org of orgSourcedIds) {
        if (orgsRead && !orgIds.has(org)) problems.push({ file: 'users.csv', line, column: 'orgSourcedIds', message: `No org in orgs.csv has the sourcedId "${org}".` });
      }
      data.users.push({
        sourcedId,
        userName,
        givenName: record.givenName ?? '',
        familyName: record.familyName ?? '',
        email: record.email ?? '',
        identifier: record.identifier ?? '',
        role,
        orgSourcedIds: orgSourcedIds.filter((o) => schoolIds.has(o)),
        active,
        line,
      });
    }
  }
  const userIds = new Map(data.users.map((u) => [u.sourcedId, u]));
  const allUserIds = new Set(users?.rows.map((r) => r.record.sourcedId ?? '') ?? []);

  const classes = table('classes', ['sourcedId', 'title', 'schoolSourcedId']);
  if (classes) {
    for (const { line, record } of checkSourcedIds(classes, problems)) {
      if ((record.title ?? '') === '') problems.push({ file: 'classes.csv', line, column: 'title', message: 'The title is empty.' });
      const school = record.schoolSourcedId ?? '';
      if (orgsRead && !schoolIds.has(school)) {
        problems.push({ file: 'classes.csv', line, column: 'schoolSourcedId', message: `No school in orgs.csv has the sourcedId "${school}".` });
      }
      data.classes.push({ sourcedId: record.sourcedId ?? '', title: record.title ?? '', schoolSourcedId: school, active: isActive(record), line });
    }
  }
  const classIds = new Set(data.classes.map((c) => c.sourcedId));

  const enrollments = table('enrollments', ['sourcedId', 'classSourcedId', 'userSourcedId', 'role']);
  if (enrollments) {
    const pairs = new Map<string, number>();
    for (const { line, record } of checkSourcedIds(enrollments, problems)) {
      const classSourcedId = record.classSourcedId ?? '';
      const userSourcedId = record.userSourcedId ?? '';
      const rawRole = record.role ?? '';
      let ok = true;
      if (classes !== null && !classIds.has(classSourcedId)) {
        problems.push({ file: 'enrollments.csv', line, column: 'classSourcedId', message: `No class in classes.csv has the sourcedId "${classSourcedId}".` });
        ok = false;
      }
      if (users !== null && !allUserIds.has(userSourcedId)) {
        problems.push({ file: 'enrollments.csv', line, column: 'userSourcedId', message: `No user in users.csv has the sourcedId "${userSourcedId}".` });
        ok = false;
      }
      const roleKey = rawRole.toLowerCase();
      if (!(roleKey in ROLES)) {
        problems.push({ file: 'enrollments.csv', line, column: 'role', message: rawRole === '' ? 'The role is empty.' : `"${rawRole}" is not a OneRoster role (${ROLE_LIST}).` });
        ok = false;
      }
      const primaryText = (record.primary ?? '').toLowerCase();
      if (!['', 'true', 'false'].includes(primaryText)) {
        problems.push({ file: 'enrollments.csv', line, column: 'primary', message: `primary must be true or false, not "${record.primary}".` });
        ok = false;
      }
      if (!ok || !isActive(record)) continue;
      const role = ROLES[roleKey];
      if ((role !== 'student' && role !== 'teacher') || !userIds.has(userSourcedId)) {
        data.skippedEnrollments += 1;
        continue;
      }
      const pair = `${classSourcedId}\u0000${userSourcedId}`;
      const first = pairs.get(pair);
      if (first !== undefined) {
        problems.push({ file: 'enrollments.csv', line, column: 'userSourcedId', message: `The user "${userSourcedId}" is enrolled in "${classSourcedId}" on line ${first} too.` });
        continue;
      }
      pairs.set(pair, line);
      data.enrollments.push({
        sourcedId: record.sourcedId ?? '',
        classSourcedId,
        schoolSourcedId: record.schoolSourcedId ?? '',
        userSourcedId,
        role,
        primary: primaryText === 'true',
        line,
      });
    }
  }
  return data;
}

/** "users.csv, line 12, column role: …" */
export function describeProblem(p: RosterProblem): string {
  const where = [p.file, p.line !== undefined ? `line ${p.line}` : null, p.column ? `column ${p.column}` : null].filter(Boolean).join(', ');
  return `${where}: ${p.message}`;
}
