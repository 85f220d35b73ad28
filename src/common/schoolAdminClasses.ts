/**
 * School administration's classes and teachers (/app/admin/classes) and the printable sheet of class
 * and access codes: the OneLook routes' paths and shapes, shared by the server
 * (services/classroom/schoolClassRoutes.ts), the operator CLI and the client's schoolAdmin feature. Like
 * every admin route, each acts on one school (common/schoolAdmin.ts: `school` for the superuser).
 */

export const CLASS_ADMIN_PATHS = {
  /** GET: every class of the school (AdminClass[]); POST NewClassInput: create a class for a teacher */
  classes: '/admin/classes',
  /** GET: one class with its teachers and students (AdminClassDetail) */
  class: (classId: number) => `/admin/classes/${classId}`,
  /** PUT: add a teacher (a TEACHER of the school); DELETE: remove one (never the last) */
  teacher: (classId: number, userId: number) => `/admin/classes/${classId}/teachers/${userId}`,
  /** POST: archive the class (students keep their work; the class code stops working) */
  archive: (classId: number) => `/admin/classes/${classId}/archive`,
  /** GET: the school's teachers (AdminTeacher[]), for choosing one */
  teachers: '/admin/teachers',
  /** GET ?class=&copies=: the printable code sheet (CodeSheet) */
  codeSheet: '/admin/code-sheet',
} as const;

export interface AdminClassTeacher {
  userId: number;
  name: string;
  userName: string;
  role: 'owner' | 'co-teacher';
}

export interface AdminClass {
  id: number;
  name: string;
  teachers: AdminClassTeacher[];
  students: number;
  /** made by the OneRoster import: the next import undoes changes to it */
  rosterManaged: boolean;
  archivedAt: number | null;
  createdAt: number;
}

export interface AdminClassStudent {
  userId: number;
  name: string;
  userName: string;
  /** how they came into the class */
  source: 'code' | 'roster' | 'teacher';
  joinedAt: number;
}

export interface AdminClassDetail extends AdminClass {
  /** the class's working class code (formatted), null when archived */
  joinCode: string | null;
  studentList: AdminClassStudent[];
}

export interface AdminTeacher {
  userId: number;
  name: string;
  userName: string;
  /** from the roster (OneRoster sourcedId): a roster class's teachers come from the roster only */
  rosterManaged: boolean;
}

export interface NewClassInput {
  name: string;
  teacherId: number;
}

/** One card of the sheet: a code, and where it leads. */
export interface CodeCard {
  code: string;
  /** the class a class code is for; null for the school's access code */
  className: string | null;
  /** the student the card is for, when the sheet is one card per student */
  studentName: string | null;
  expiresAt: number | null;
}

export interface CodeSheet {
  school: string;
  title: string;
  /** where a new student registers with the code */
  registerUrl: string;
  /** where a student who has an account adds the code */
  joinUrl: string;
  cards: CodeCard[];
}

/** A class sheet holds one card per student of the class, or this many when it has none yet. */
export const CODE_SHEET_COPIES = { default: 30, max: 200 } as const;

export const CLASS_ADMIN_MESSAGES = {
  classNotFound: 'This class does not exist at your school.',
  teacherNotFound: 'This person is not a teacher at your school. Give them the Teacher role first (Users).',
  alreadyTeacher: 'That teacher already teaches this class.',
  notATeacherOfClass: 'That person does not teach this class.',
  lastTeacher: 'A class needs a teacher: add another before removing the last one.',
  archived: 'This class is archived: it cannot change.',
  alreadyArchived: 'This class is already archived.',
  nameRequired: 'Enter a name for the class.',
  nameTooLong: 'A class name can be at most 100 characters.',
  teacherRequired: 'Choose the class’s teacher.',
  noProduct: 'No course is set up for this school yet, so the class cannot have a class code. Ask your district’s Cashwise administrator.',
  badCopies: `The number of cards must be a whole number from 1 to ${CODE_SHEET_COPIES.max}.`,
  noCodes: 'There is no working code to print. Create an access code, or a class to get its class code.',
  rosterArchive: 'This class comes from the school’s roster (OneRoster): archiving it here would be undone by the next import. Drop it from the roster instead.',
  rosterTeacherRemove: 'This teacher comes from the school’s roster for this class: removing them here would be undone by the next import. Change the roster instead.',
  rosterTeacherAdd: 'This teacher is managed by the school’s roster: adding them to a roster class here would be undone by the next import. Enrol them in the roster instead.',
  created: (name: string) => `The class “${name}” was created.`,
  teacherAdded: (name: string) => `${name} now teaches this class.`,
  teacherRemoved: (name: string) => `${name} no longer teaches this class.`,
  archivedDone: 'The class was archived. Its class code no longer works; students keep their work.',
} as const;
