/**
 * OneRoster 1.2 CSV bulk exports built in code: a small district for the import tests (changed and
 * broken a file at a time) and a generated district of any size for the scale bench.
 */
import { strToU8, zipSync } from 'fflate';

export type Rows = (string | number | boolean)[][];

export const HEADERS = {
  manifest: ['propertyName', 'value'],
  orgs: ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'],
  users: ['sourcedId', 'status', 'dateLastModified', 'enabledUser', 'orgSourcedIds', 'role', 'username', 'userIds', 'givenName', 'familyName', 'middleName', 'identifier', 'email', 'sms', 'phone', 'agentSourcedIds', 'grades', 'password'],
  classes: ['sourcedId', 'status', 'dateLastModified', 'title', 'grades', 'courseSourcedId', 'classCode', 'classType', 'location', 'schoolSourcedId', 'termSourcedIds', 'subjects', 'subjectCodes', 'periods'],
  enrollments: ['sourcedId', 'status', 'dateLastModified', 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role', 'primary', 'beginDate', 'endDate'],
  courses: ['sourcedId', 'status', 'dateLastModified', 'schoolYearSourcedId', 'title', 'courseCode', 'grades', 'orgSourcedId', 'subjects', 'subjectCodes'],
  academicSessions: ['sourcedId', 'status', 'dateLastModified', 'title', 'type', 'startDate', 'endDate', 'parentSourcedId', 'schoolYear'],
} as const;

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
export function toCsv(header: readonly string[], rows: Rows): string {
  const field = (v: string | number | boolean) => {
    const s = String(v);
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return [header, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

export const MANIFEST: Rows = [
  ['manifest.version', '1.0'],
  ['oneroster.version', '1.2'],
  ['file.academicSessions', 'bulk'],
  ['file.categories', 'absent'],
  ['file.classes', 'bulk'],
  ['file.courses', 'bulk'],
  ['file.demographics', 'absent'],
  ['file.enrollments', 'bulk'],
  ['file.orgs', 'bulk'],
  ['file.users', 'bulk'],
  ['source.systemName', 'Test SIS'],
];

export interface District {
  orgs: Rows;
  users: Rows;
  classes: Rows;
  enrollments: Rows;
  courses: Rows;
  academicSessions: Rows;
}

const DATE = '2026-08-15T12:00:00.000Z';

export function org(sourcedId: string, name: string, type: string, identifier = '', parent = ''): Rows[number] {
  return [sourcedId, 'active', DATE, name, type, identifier, parent];
}
export function user(sourcedId: string, role: string, orgs: string, username: string, given: string, family: string, extra: { status?: string; email?: string; enabled?: string } = {}): Rows[number] {
  return [sourcedId, extra.status ?? 'active', DATE, extra.enabled ?? 'true', orgs, role, username, '', given, family, '', `ID-${sourcedId}`, extra.email ?? `${username}@district.example.edu`, '', '', '', '10', ''];
}
export function klass(sourcedId: string, title: string, school: string): Rows[number] {
  return [sourcedId, 'active', DATE, title, '10', 'course-1', sourcedId.toUpperCase(), 'scheduled', '', school, 'term-1', 'Economics', '', '2'];
}
export function enrollment(sourcedId: string, cls: string, school: string, userId: string, role: string, primary: string | boolean = false): Rows[number] {
  return [sourcedId, 'active', DATE, cls, school, userId, role, primary, '2026-08-20', '2027-06-10'];
}

/** A small district: one district org, two schools, teachers, an administrator, students, a parent. */
export function smallDistrict(): District {
  return {
    orgs: [org('dist-1', 'Maple Unified', 'district'), org('sch-1', 'Maple High School', 'school', 'MAPLE-HS', 'dist-1'), org('sch-2', 'Oak Middle School', 'school', 'OAK-MS', 'dist-1')],
    users: [
      user('t-1', 'teacher', 'sch-1', 'mrivera', 'Marco', 'Rivera'),
      user('t-2', 'teacher', 'sch-1', 'jlee', 'Jin', 'Lee'),
      user('a-1', 'administrator', 'sch-1', 'principal.hall', 'Dana', 'Hall'),
      user('s-1', 'student', 'sch-1', 'ava.stone', 'Ava', 'Stone'),
      user('s-2', 'student', 'sch-1', 'ben.ortiz', 'Ben', 'Ortiz'),
      user('s-3', 'student', 'sch-1', 'cara.nash', 'Cara', 'Nash'),
      user('s-4', 'student', 'sch-2', 'dev.patel', 'Dev', 'Patel'),
      user('p-1', 'parent', 'sch-1', 'parent.stone', 'Pat', 'Stone'),
    ],
    classes: [klass('c-1', 'Personal Finance, Period 1', 'sch-1'), klass('c-2', 'Economics', 'sch-1'), klass('c-3', 'Money Basics', 'sch-2')],
    enrollments: [
      enrollment('e-1', 'c-1', 'sch-1', 't-1', 'teacher', true),
      enrollment('e-2', 'c-1', 'sch-1', 't-2', 'teacher', false),
      enrollment('e-3', 'c-1', 'sch-1', 's-1', 'student'),
      enrollment('e-4', 'c-1', 'sch-1', 's-2', 'student'),
      enrollment('e-5', 'c-2', 'sch-1', 't-2', 'teacher', true),
      enrollment('e-6', 'c-2', 'sch-1', 's-2', 'student'),
      enrollment('e-7', 'c-2', 'sch-1', 's-3', 'student'),
      enrollment('e-8', 'c-3', 'sch-2', 's-4', 'student'),
      enrollment('e-9', 'c-1', 'sch-1', 'p-1', 'guardian'),
    ],
    courses: [['course-1', 'active', DATE, 'year-1', 'Personal Finance', 'PF101', '10', 'sch-1', 'Economics', '']],
    academicSessions: [['term-1', 'active', DATE, 'Fall 2026', 'term', '2026-08-20', '2026-12-20', 'year-1', '2027']],
  };
}

/** A ZIP of the district's files; `override` replaces (string) or drops (null) a file by name. */
export function rosterZip(district: District, override: Record<string, string | null> = {}): Uint8Array {
  const files: Record<string, string> = {
    'manifest.csv': toCsv(HEADERS.manifest, MANIFEST),
    'orgs.csv': toCsv(HEADERS.orgs, district.orgs),
    'users.csv': toCsv(HEADERS.users, district.users),
    'classes.csv': toCsv(HEADERS.classes, district.classes),
    'enrollments.csv': toCsv(HEADERS.enrollments, district.enrollments),
    'courses.csv': toCsv(HEADERS.courses, district.courses),
    'academicSessions.csv': toCsv(HEADERS.academicSessions, district.academicSessions),
  };
  for (const [name, text] of Object.entries(override)) {
    if (text === null) delete files[name];
    else files[name] = text;
  }
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
}

/**
 * A generated district: `schools` schools, `users` users (one in 25 a teacher, one administrator a
 * school, the rest students), `classes` classes each with a primary teacher, and `enrollments`
 * enrolments in all (the teachers' among them). Deterministic.
 */
export function generatedDistrict(size: { schools: number; users: number; classes: number; enrollments: number }): District {
  const orgs: Rows = [org('district', 'Generated District', 'district')];
  for (let s = 0; s < size.schools; s += 1) orgs.push(org(`school-${s}`, `School ${s}`, 'school', `GEN-${s}`, 'district'));
  const users: Rows = [];
  const teachers: string[][] = Array.from({ length: size.schools }, () => []);
  const students: string[][] = Array.from({ length: size.schools }, () => []);
  for (let u = 0; u < size.users; u += 1) {
    const school = u % size.schools;
    const role = u < size.schools ? 'administrator' : u % 25 === 0 ? 'teacher' : 'student';
    const id = `user-${u}`;
    users.push(user(id, role, `school-${school}`, `gen.user${u}`, `Given${u}`, `Family${u}`));
    if (role === 'teacher') teachers[school]?.push(id);
    if (role === 'student') students[school]?.push(id);
  }
  const classes: Rows = [];
  const enrollments: Rows = [];
  let e = 0;
  for (let c = 0; c < size.classes; c += 1) {
    const school = c % size.schools;
    classes.push(klass(`class-${c}`, `Class ${c}`, `school-${school}`));
    const pool = teachers[school] ?? [];
    enrollments.push(enrollment(`enr-${e++}`, `class-${c}`, `school-${school}`, pool[c % pool.length] ?? 'user-0', 'teacher', true));
  }
  const perClass = Math.ceil((size.enrollments - enrollments.length) / size.classes);
  for (let c = 0; c < size.classes && enrollments.length < size.enrollments; c += 1) {
    const school = c % size.schools;
    const pool = students[school] ?? [];
    for (let i = 0; i < perClass && enrollments.length < size.enrollments; i += 1) {
      const student = pool[(Math.floor(c / size.schools) * perClass + i) % pool.length];
      if (student) enrollments.push(enrollment(`enr-${e++}`, `class-${c}`, `school-${school}`, student, 'student'));
    }
  }
  return { orgs, users, classes, enrollments, courses: [], academicSessions: [] };
}
