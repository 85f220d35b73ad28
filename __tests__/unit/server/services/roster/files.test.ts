/** Reading a OneRoster CSV export: records, and each problem with its file, line and column. */
import { strToU8, zipSync } from 'fflate';
import {
  describeProblem,
  MAX_EXPORT_BYTES,
  MAX_PROBLEMS,
  MAX_RECORD_BYTES,
  MAX_ZIP_ENTRIES,
  readRoster,
  readRosterZip,
  unzipRoster,
  type RosterProblem,
} from '../../../../../src/server/services/roster/files';
import { HEADERS, MANIFEST, rosterZip, smallDistrict, toCsv } from '../../../../support/oneRoster';
import { deflatedEntry, handZip, zeroBomb } from '../../../../support/zipBomb';

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
  it('reads the CSV files by lower-case name, inside a folder too', () => {
    const problems: RosterProblem[] = [];
    const files = unzipRoster(zipSync({ 'export/': new Uint8Array(0), 'export/Manifest.csv': strToU8('a'), 'users.csv': strToU8('c') }), problems);
    expect(problems).toEqual([]);
    expect([...files.entries()]).toEqual([
      ['manifest.csv', 'a'],
      ['users.csv', 'c'],
    ]);
  });

  it('reads stored (uncompressed) entries too', () => {
    const problems: RosterProblem[] = [];
    const files = unzipRoster(zipSync({ 'users.csv': strToU8('stored') }, { level: 0 }), problems);
    expect(problems).toEqual([]);
    expect(files.get('users.csv')).toBe('stored');
  });

  it('refuses what is not a ZIP, and a file held twice', () => {
    const problems: RosterProblem[] = [];
    unzipRoster(strToU8('not a zip at all'), problems);
    unzipRoster(zipSync({ 'a/users.csv': strToU8('x'), 'b/users.csv': strToU8('y') }), problems);
    expect(problems.map((p) => p.file)).toEqual(['the ZIP file', 'users.csv']);
  });
});

/** The problems of unzipping `zip`, and the files it read. */
function unzip(zip: Uint8Array) {
  const problems: RosterProblem[] = [];
  const files = unzipRoster(zip, problems);
  return { problems, files: [...files.keys()] };
}

const MiB = 1024 * 1024;
const TOO_LARGE = { file: 'the ZIP file', message: expect.stringContaining(`larger than ${MAX_EXPORT_BYTES / MiB} MB uncompressed`) };

describe('[ASVS 5.0 v15.2.2] [ASVS 5.0 v5.2.3] the ZIP limits: a bomb is refused before it fills the memory', () => {
  it(`refuses a ZIP of more than ${MAX_ZIP_ENTRIES} entries before reading any`, () => {
    const entries = Object.fromEntries(Array.from({ length: MAX_ZIP_ENTRIES + 1 }, (_, i) => [`export/part${i}/`, new Uint8Array(0)]));
    expect(unzip(zipSync({ ...entries, 'users.csv': strToU8('x') }))).toEqual({
      problems: [{ file: 'the ZIP file', message: expect.stringMatching(/^The ZIP holds 14 entries: a OneRoster export has at most 12 \(manifest\.csv, .*academicSessions\.csv\)\.$/) }],
      files: [],
    });
    // a dozen is fine
    expect(unzip(zipSync(Object.fromEntries(Object.entries(entries).slice(0, MAX_ZIP_ENTRIES)))).problems).toEqual([]);
  });

  it.each([
    ['a CSV file OneRoster has but Cashwise does not read', 'export/demographics.csv'],
    ['a file of another kind', 'readme.txt'],
    ['a name that only ends like a known one', 'my-users.csv'],
  ])('names %s and reads nothing', (_what, name) => {
    expect(unzip(zipSync({ 'users.csv': strToU8('u'), [name]: strToU8('x') }))).toEqual({
      problems: [{ file: name, message: expect.stringMatching(/^This is not a OneRoster file Cashwise reads \(manifest\.csv, orgs\.csv, .*\): take it out of the ZIP\.$/) }],
      files: [],
    });
  });

  it('caps the files together, not each: two entries that each fit but not both are refused, from their honest headers', () => {
    const half = MAX_EXPORT_BYTES / 2 + 1;
    expect(unzip(zeroBomb(['users.csv', 'enrollments.csv'], half))).toEqual({ problems: [TOO_LARGE], files: [] });
    expect(unzip(zeroBomb(['users.csv'], half)).problems).toEqual([]);
  });

  it('counts the bytes actually inflated: entries whose headers declare a few bytes and inflate to 80 MB are stopped at the cap', () => {
    // what a bomb declares is its own word: 1 KB each, inflating to 80 MB each
    expect(unzip(zeroBomb(['users.csv', 'orgs.csv', 'classes.csv'], 80 * MiB, 1024))).toEqual({ problems: [TOO_LARGE], files: [] });
    // under the cap, the first entry whose bytes are not what it declared ends the reading
    expect(unzip(zeroBomb(['users.csv', 'orgs.csv', 'classes.csv'], 30 * MiB, 1024))).toEqual({
      problems: [{ file: 'users.csv', message: 'The file cannot be read from the ZIP: an entry is not of the size its header declares.' }],
      files: [],
    });
  });

  it('refuses an entry that is not the size its header declares, or cut short', () => {
    const lying = handZip([deflatedEntry('users.csv', 'a,b\n1,2\n', 3)]);
    expect(unzip(lying).problems).toEqual([{ file: 'users.csv', message: 'The file cannot be read from the ZIP: an entry is not of the size its header declares.' }]);
    const whole = zipSync({ 'users.csv': strToU8('a,b\n'.repeat(1000)) });
    expect(unzip(whole.subarray(0, whole.length - 30)).problems).toEqual([{ file: 'the ZIP file', message: expect.stringMatching(/^The file is not a ZIP archive that can be read/) }]);
  });

  it(`refuses a record longer than ${MAX_RECORD_BYTES / 1024} KB at its line`, () => {
    const long = 'y'.repeat(MAX_RECORD_BYTES);
    const { problems } = read({ 'users.csv': users(userRow('u1', 'student', 'sch-1', 'sam'), userRow('u2', 'student', 'sch-1', long)) });
    expect(problems[0]).toEqual({ file: 'users.csv', line: 3, message: `The CSV cannot be read: the row on this line is longer than ${MAX_RECORD_BYTES / 1024} KB.` });
  });
});

describe('readRosterZip', () => {
  it('reads a valid export whole', () => {
    const { data, problems } = readRosterZip(rosterZip(smallDistrict()));
    expect(problems).toEqual([]);
    expect(data).toEqual(readRoster(filesOf(), []));
  });

  it(`lists at most ${MAX_PROBLEMS} problems, and says how many more there are`, () => {
    const rows = Array.from({ length: MAX_PROBLEMS + 100 }, (_, i) => userRow('', 'student', 'sch-1', `u${i}`));
    const { data, problems } = readRosterZip(rosterZip(smallDistrict(), { 'users.csv': users(...rows) }));
    expect(data).toBeNull();
    expect(problems).toHaveLength(MAX_PROBLEMS + 1);
    expect(problems.at(-1)?.message).toMatch(/^\d+ more problems are not listed: fix these first\.$/);
  });
});

it.each<[RosterProblem, string]>([
  [{ file: 'users.csv', line: 12, column: 'role', message: 'Bad.' }, 'users.csv, line 12, column role: Bad.'],
  [{ file: 'orgs.csv', line: 3, message: 'Bad.' }, 'orgs.csv, line 3: Bad.'],
  [{ file: 'manifest.csv', message: 'Missing.' }, 'manifest.csv: Missing.'],
])('describes %j', (problem, text) => {
  expect(describeProblem(problem)).toBe(text);
});
