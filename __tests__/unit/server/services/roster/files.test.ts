/** Reading a OneRoster CSV export: records, and each problem with its file, line and column. */
import { strToU8, zipSync } from 'fflate';
import { describeProblem, readRoster, unzipRoster, type RosterProblem } from '../../../../../src/server/services/roster/files';
import { HEADERS, MANIFEST, smallDistrict, toCsv } from '../../../../support/oneRoster';

function filesOf(override: Record<string, string | null> = {}): Map<string, string> {
  const d = smallDistrict();
  const files: Record<string, string> = {
    'manifest.csv': toCsv(HEADERS.manifest, MANIFEST),
    'orgs.csv': toCsv(HEADERS.orgs, d.orgs),
    'users.csv': toCsv(HEADERS.users, d.users),
    'classes.csv': toCsv(HEADERS.classes, d.classes),
    'enrollments.csv': toCsv(HEADERS.enrollments, d.enrollments),
    'courses.csv': toCsv(HEADERS.courses, d.courses),
    'academicsessions.csv': toCsv(HEADERS.academicSessions, d.academicSessions),
  };
  for (const [name, text] of Object.entries(override)) {
    if (text === null) delete files[name];
    else files[name] = text;
  }
  return new Map(Object.entries(files));
}

function read(override: Record<string, string | null> = {}) {
  const problems: RosterProblem[] = [];
  const data = readRoster(filesOf(override), problems);
  return { data, problems };
}

it('reads a valid export: schools, users with roles and orgs, classes and enrolments', () => {
  const { data, problems } = read();
  expect(problems).toEqual([]);
  expect(data.orgs.map((o) => [o.sourcedId, o.type])).toEqual([
    ['dist-1', 'district'],
    ['sch-1', 'school'],
    ['sch-2', 'school'],
  ]);
  expect(data.users.map((u) => [u.sourcedId, u.userName, u.role, u.orgSourcedIds])).toEqual([
    ['t-1', 'mrivera', 'teacher', ['sch-1']],
    ['t-2', 'jlee', 'teacher', ['sch-1']],
    ['a-1', 'principal.hall', 'administrator', ['sch-1']],
    ['s-1', 'ava.stone', 'student', ['sch-1']],
    ['s-2', 'ben.ortiz', 'student', ['sch-1']],
    ['s-3', 'cara.nash', 'student', ['sch-1']],
    ['s-4', 'dev.patel', 'student', ['sch-2']],
  ]);
  expect(data.skippedUsers).toBe(1);
  expect(data.skippedEnrollments).toBe(1);
  expect(data.enrollments.filter((e) => e.role === 'teacher').map((e) => [e.userSourcedId, e.classSourcedId, e.primary])).toEqual([
    ['t-1', 'c-1', true],
    ['t-2', 'c-1', false],
    ['t-2', 'c-2', true],
  ]);
});

const users = (...rows: string[]) => [HEADERS.users.join(','), ...rows].join('\n');
const userRow = (id: string, role: string, orgs: string, name: string, extra = '') =>
  `${id},active,2026-08-15,true,${orgs},${role},${name},,Given,Family,,,${name}@x.edu,,,,10,${extra}`;

it.each<[string, Record<string, string | null>, Partial<RosterProblem>[]]>([
  ['no users.csv while the manifest says bulk', { 'users.csv': null }, [{ file: 'users.csv', message: 'The manifest lists users.csv but the ZIP does not have it.' }]],
  ['a header without sourcedId', { 'classes.csv': 'id,title,schoolSourcedId\nc-1,X,sch-1\n' }, [{ file: 'classes.csv', line: 1, column: 'sourcedId' }]],
  ['an empty sourcedId', { 'users.csv': users(userRow('', 'student', 'sch-1', 'a')) }, [{ file: 'users.csv', line: 2, column: 'sourcedId', message: 'The sourcedId is empty.' }]],
  ['an empty username', { 'users.csv': users(userRow('u1', 'student', 'sch-1', '')) }, [{ file: 'users.csv', line: 2, column: 'username' }]],
  [
    'the same username twice, in any letter case',
    { 'users.csv': users(userRow('u1', 'student', 'sch-1', 'Sam'), userRow('u2', 'student', 'sch-1', 'sam')) },
    [{ file: 'users.csv', line: 3, column: 'username', message: 'The username "sam" is also on line 2.' }],
  ],
  ['an org that is not in orgs.csv', { 'users.csv': users(userRow('u1', 'student', 'sch-9', 'sam')) }, [{ file: 'users.csv', line: 2, column: 'orgSourcedIds' }]],
  ['a row with too many fields', { 'users.csv': users(`${userRow('u1', 'student', 'sch-1', 'sam')},extra`) }, [{ file: 'users.csv', line: 2 }]],
  ['a bad primary', { 'enrollments.csv': `${HEADERS.enrollments.join(',')}\ne1,active,,c-1,sch-1,s-1,student,maybe,,\n` }, [{ file: 'enrollments.csv', line: 2, column: 'primary' }]],
  [
    'a class at an org that is not a school',
    { 'classes.csv': `${HEADERS.classes.join(',')}\nc-1,active,,Finance,10,,,,,dist-1,,,,\n` },
    [{ file: 'classes.csv', line: 2, column: 'schoolSourcedId', message: 'No school in orgs.csv has the sourcedId "dist-1".' }],
  ],
  ['OneRoster 1.0', { 'manifest.csv': toCsv(HEADERS.manifest, MANIFEST.map((r) => (r[0] === 'oneroster.version' ? [r[0], '1.0'] : r))) }, [{ file: 'manifest.csv', line: 3, column: 'value' }]],
])('%s', (_name, override, expected) => {
  const { problems } = read(override);
  // the enrolments of the replaced files' users and classes may add problems of their own: only the first counts here
  expect(problems[0]).toMatchObject(expected[0] ?? {});
});

it('reads quoted fields, a byte order mark and several orgs in orgSourcedIds', () => {
  const text = `\uFEFF${users(userRow('u1', 'teacher', '"sch-1,sch-2"', 'sam', '').replace('Given', '"Sam ""Sammy"""'))}`;
  const { data, problems } = read({ 'users.csv': text, 'enrollments.csv': `${HEADERS.enrollments.join(',')}\n` });
  expect(problems).toEqual([]);
  expect(data.users).toMatchObject([{ sourcedId: 'u1', givenName: 'Sam "Sammy"', orgSourcedIds: ['sch-1', 'sch-2'], role: 'teacher' }]);
});

it('takes roles from roles.csv (OneRoster 1.2) when users.csv has no role column', () => {
  const header = HEADERS.users.filter((h) => h !== 'role' && h !== 'orgSourcedIds');
  const usersCsv = toCsv(header, [
    ['u1', 'active', '', 'true', 'sam', '', 'Sam', 'Lee', '', '', '', '', '', '', '', ''],
    ['u2', 'active', '', 'true', 'kim', '', 'Kim', 'Ray', '', '', '', '', '', '', '', ''],
  ]);
  const rolesCsv = toCsv(
    ['sourcedId', 'status', 'dateLastModified', 'userSourcedId', 'roleType', 'role', 'beginDate', 'endDate', 'orgSourcedId', 'userProfileSourcedId'],
    [
      ['r1', 'active', '', 'u1', 'primary', 'teacher', '', '', 'sch-1', ''],
      ['r2', 'active', '', 'u2', 'primary', 'student', '', '', 'sch-2', ''],
      ['r3', 'active', '', 'u2', 'secondary', 'student', '', '', 'sch-1', ''],
    ],
  );
  const { data, problems } = read({ 'users.csv': usersCsv, 'roles.csv': rolesCsv, 'enrollments.csv': `${HEADERS.enrollments.join(',')}\n` });
  expect(problems).toEqual([]);
  expect(data.users.map((u) => [u.userName, u.role, u.orgSourcedIds])).toEqual([
    ['sam', 'teacher', ['sch-1']],
    ['kim', 'student', ['sch-2', 'sch-1']],
  ]);
});

it('treats tobedeleted and disabled users as no longer listed', () => {
  const { data } = read({
    'users.csv': users(userRow('u1', 'student', 'sch-1', 'a').replace(',active,', ',tobedeleted,'), userRow('u2', 'student', 'sch-1', 'b').replace(',true,', ',false,'), userRow('u3', 'student', 'sch-1', 'c')),
    'enrollments.csv': `${HEADERS.enrollments.join(',')}\n`,
  });
  expect(data.users.map((u) => [u.sourcedId, u.active])).toEqual([
    ['u1', false],
    ['u2', false],
    ['u3', true],
  ]);
});

describe('unzipRoster', () => {
  it('reads the CSV files by lower-case name, inside a folder too, and ignores other files', () => {
    const problems: RosterProblem[] = [];
    const files = unzipRoster(zipSync({ 'export/Manifest.csv': strToU8('a'), 'export/readme.txt': strToU8('b'), 'users.csv': strToU8('c') }), problems);
    expect(problems).toEqual([]);
    expect([...files.entries()]).toEqual([
      ['manifest.csv', 'a'],
      ['users.csv', 'c'],
    ]);
  });

  it('refuses what is not a ZIP, and a file held twice', () => {
    const problems: RosterProblem[] = [];
    unzipRoster(strToU8('not a zip at all'), problems);
    unzipRoster(zipSync({ 'a/users.csv': strToU8('x'), 'b/users.csv': strToU8('y') }), problems);
    expect(problems.map((p) => p.file)).toEqual(['the ZIP file', 'users.csv']);
  });
});

it.each<[RosterProblem, string]>([
  [{ file: 'users.csv', line: 12, column: 'role', message: 'Bad.' }, 'users.csv, line 12, column role: Bad.'],
  [{ file: 'orgs.csv', line: 3, message: 'Bad.' }, 'orgs.csv, line 3: Bad.'],
  [{ file: 'manifest.csv', message: 'Missing.' }, 'manifest.csv: Missing.'],
])('describes %j', (problem, text) => {
  expect(describeProblem(problem)).toBe(text);
});
