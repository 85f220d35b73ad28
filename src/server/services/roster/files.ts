/**
 * Reading a OneRoster 1.2 CSV bulk export (a ZIP of CSV files) into plain records, with every problem
 * named by file, line and column so a school's IT person can fix the export. Pure: no database.
 *
 * Accepted: manifest.csv, orgs.csv, users.csv, classes.csv, enrollments.csv (required); roles.csv
 * (1.2 keeps roles there), courses.csv and academicSessions.csv (read for well-formedness only).
 * users.csv may carry the 1.1 `role`/`orgSourcedIds` columns (or `roles`, `primaryOrgSourcedId`)
 * instead of roles.csv. Delta files are refused: an import is a whole picture of the schools.
 * Any other file in the ZIP is refused too, and the ZIP's size is bounded (MAX_ZIP_ENTRIES,
 * MAX_EXPORT_BYTES, MAX_RECORD_BYTES). The server runs this in a worker thread (readerThread.ts).
 */
import { parse } from 'csv-parse/sync';

import type { RosterProblem } from '../../../common/roster';
import { entryBytes, zipEntries, zipEntryCount, ZipTooLarge, type ZipEntry } from './zip';

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

/**
 * The export's files together, uncompressed, counted as they inflate: a district of 50,000 users is
 * about 10 MB of users.csv and a few times that in enrollments.csv.
 */
export const MAX_EXPORT_BYTES = 64 * 1024 * 1024;

/** Entries of the ZIP, folders included: the eight files below, in a folder or two, and some room. */
export const MAX_ZIP_ENTRIES = 12;

/**
 * The longest CSV record (one row), in characters: a user's row is a few hundred, a district
 * admin's orgs a few thousand. Room above that lets a field too long for the account rules be
 * named by its column instead of refusing the whole file.
 */
export const MAX_RECORD_BYTES = 256 * 1024;

const REQUIRED_FILES = ['orgs', 'users', 'classes', 'enrollments'] as const;
const KNOWN_FILES = ['manifest', ...REQUIRED_FILES, 'roles', 'courses', 'academicSessions'] as const;
const KNOWN_NAMES = new Set(KNOWN_FILES.map((name) => `${name.toLowerCase()}.csv`));
const FILE_LIST = KNOWN_FILES.map((name) => `${name}.csv`).join(', ');
const ZIP_FILE = 'the ZIP file';
const TOO_LARGE = `The export is larger than ${MAX_EXPORT_BYTES / 1024 / 1024} MB uncompressed, more than a OneRoster export of a district needs.`;

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

/**
 * Unzips the export: the CSV files by lower-case name without folders; problems for what cannot be
 * read. Only the OneRoster files Cashwise knows are inflated, and all of them together up to
 * MAX_EXPORT_BYTES counted as they inflate: a ZIP bomb (a small file that inflates to gigabytes,
 * whatever its headers declare) stops there.
 */
export function unzipRoster(zip: Uint8Array, problems: RosterProblem[]): Map<string, string> {
  const files = new Map<string, string>();
  let entries: ZipEntry[];
  try {
    const count = zipEntryCount(zip);
    if (count > MAX_ZIP_ENTRIES) {
      problems.push({ file: ZIP_FILE, message: `The ZIP holds ${count} entries: a OneRoster export has at most ${MAX_ZIP_ENTRIES} (${FILE_LIST}).` });
      return files;
    }
    entries = zipEntries(zip);
  } catch (error) {
    problems.push({ file: ZIP_FILE, message: `The file is not a ZIP archive that can be read (${(error as Error).message}).` });
    return files;
  }
  const wanted: { base: string; entry: ZipEntry }[] = [];
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    const base = entry.name.split('/').pop()?.toLowerCase() ?? '';
    if (!KNOWN_NAMES.has(base)) {
      problems.push({ file: entry.name.slice(0, 200), message: `This is not a OneRoster file Cashwise reads (${FILE_LIST}): take it out of the ZIP.` });
    } else if (wanted.some((w) => w.base === base)) {
      problems.push({ file: base, message: 'The ZIP holds this file twice (in different folders).' });
    } else {
      wanted.push({ base, entry });
    }
  }
  // honest headers are refused before anything is inflated; lying ones when the bytes pass the bound
  if (problems.length > 0) return files;
  if (wanted.reduce((sum, w) => sum + w.entry.size, 0) > MAX_EXPORT_BYTES) {
    problems.push({ file: ZIP_FILE, message: TOO_LARGE });
    return files;
  }
  let left = MAX_EXPORT_BYTES;
  for (const { base, entry } of wanted) {
    try {
      const bytes = entryBytes(zip, entry, left);
      left -= bytes.length;
      files.set(base, new TextDecoder('utf-8').decode(bytes));
    } catch (error) {
      if (error instanceof ZipTooLarge) {
        problems.push({ file: ZIP_FILE, message: TOO_LARGE });
        return files;
      }
      // a damaged entry (one that lies about its size among them) ends the reading: nothing after it is trusted
      problems.push({ file: base, message: `The file cannot be read from the ZIP: ${(error as Error).message}.` });
      return files;
    }
  }
  return files;
}

function readTable(file: string, text: string, required: readonly string[], problems: RosterProblem[]): Table | null {
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parse(text, { bom: true, info: true, max_record_size: MAX_RECORD_BYTES, relax_column_count: false, skip_empty_lines: true, trim: true }) as unknown as typeof parsed;
  } catch (error) {
    const e = error as Error & { lines?: number; records?: number; code?: string };
    // csv-parse names the line where it gave up; an unclosed quote began on the line after the last whole record
    if (e.code === 'CSV_QUOTE_NOT_CLOSED' && e.records !== undefined) {
      problems.push({ file, line: e.records + 1, message: 'The CSV cannot be read: a quoted field opened on this line is never closed.' });
    } else if (e.code === 'CSV_MAX_RECORD_SIZE') {
      problems.push({ file, line: e.lines, message: `The CSV cannot be read: the row on this line is longer than ${MAX_RECORD_BYTES / 1024} KB.` });
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

/** The most problems a read lists: a hostile file can have millions, and the report goes to a browser. */
export const MAX_PROBLEMS = 500;

export interface RosterRead {
  /** null when there is any problem */
  data: RosterData | null;
  /** at most MAX_PROBLEMS, and one more saying how many were left out */
  problems: RosterProblem[];
}

/** The export read whole: unzipped, then its records (what the reader's worker thread runs). */
export function readRosterZip(zip: Uint8Array): RosterRead {
  const problems: RosterProblem[] = [];
  const files = unzipRoster(zip, problems);
  const data = problems.length === 0 ? readRoster(files, problems) : null;
  if (problems.length === 0) return { data, problems };
  const more = problems.length - MAX_PROBLEMS;
  if (more <= 0) return { data: null, problems };
  return { data: null, problems: [...problems.slice(0, MAX_PROBLEMS), { file: ZIP_FILE, message: `${more} more problems are not listed: fix these first.` }] };
}

/** "users.csv, line 12, column role: …" */
export function describeProblem(p: RosterProblem): string {
  const where = [p.file, p.line !== undefined ? `line ${p.line}` : null, p.column ? `column ${p.column}` : null].filter(Boolean).join(', ');
  return `${where}: ${p.message}`;
}
