/**
 * School administration's classes and teachers and the printable code sheet, through the service
 * proxy on a real database (SQLite, or PostgreSQL under TEST_DATABASE_URL): the list and a class's
 * detail, creating a class for a teacher, adding and removing teachers, archiving, refusing what the
 * next roster import would undo, the audit entries, and a Roosevelt admin seeing nothing of Lincoln.
 */
import type { AuditPage } from '../../src/common/schoolAdmin';
import { ADMIN_MESSAGES, ADMIN_PATHS } from '../../src/common/schoolAdmin';
import {
  CLASS_ADMIN_MESSAGES,
  CLASS_ADMIN_PATHS,
  CODE_SHEET_COPIES,
  type AdminClass,
  type AdminClassDetail,
  type AdminTeacher,
  type CodeSheet,
} from '../../src/common/schoolAdminClasses';
import type { Session } from '../../src/common/types';
import { addUser } from './support/classroom';
import { refused, serviceClient } from './support/serviceClient';
import { createTestApp, signIn, type TestApp } from './support/testApp';

let t: TestApp;
const { call, ok } = serviceClient(() => t.app, 33);

let admin: Session;
let superuser: Session;
let rAdmin: string;
let teacherA: number;
let teacherB: number;
let rosterTeacher: number;
let rTeacher: number;
let learnerId: number;
let lincolnId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, 'schooladmin');
  superuser = await signIn(t.app, 'admin');
  learnerId = (await signIn(t.app, 'learner')).user.id;
  teacherA = await addUser(t, 'ateach', { schoolPermissions: ['TEACHER'], firstName: 'Ada', lastName: 'Teach' });
  teacherB = await addUser(t, 'bteach', { schoolPermissions: ['TEACHER'], firstName: 'Ben', lastName: 'Teach' });
  rosterTeacher = await addUser(t, 'rosterteach', { schoolPermissions: ['TEACHER'], firstName: 'Rory', lastName: 'Roster' });
  await t.db.updateTable('users').set({ sourced_id: 'T-ROSTER-1' }).where('id', '=', rosterTeacher).execute();
  await addUser(t, 'radmin2', { schools: ['ROOSEVELT-AC'], schoolPermissions: ['SCHOOLADMIN'] });
  rAdmin = (await signIn(t.app, 'radmin2')).token;
  rTeacher = await addUser(t, 'rteach2', { schools: ['ROOSEVELT-AC'], schoolPermissions: ['TEACHER'] });
  lincolnId = (await t.db.selectFrom('clients').select('id').where('lsclient_id', '=', 'LINCOLN-HS').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t.close();
});

/** A roster class at Lincoln taught by the roster teacher, as the OneRoster import leaves one. */
let rosterClasses = 0;
async function rosterClass(): Promise<number> {
  const now = t.clock();
  rosterClasses += 1;
  const cls = await t.db
    .insertInto('classes')
    .values({ client_id: lincolnId, name: `Economics ${rosterClasses} (roster)`, sourced_id: `CLS-ROSTER-1${rosterClasses}`, created_at: now, updated_at: now, archived_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('class_teachers').values({ class_id: cls.id, user_id: rosterTeacher, role: 'owner', added_at: now }).execute();
  return cls.id;
}

async function newClass(name: string, teacherId = teacherA): Promise<AdminClassDetail> {
  return (await ok<{ class: AdminClassDetail }>(admin.token, 'POST', CLASS_ADMIN_PATHS.classes, { name, teacherId })).class;
}

const lastEntry = async (token = admin.token) => (await ok<AuditPage>(token, 'GET', ADMIN_PATHS.audit)).entries[0];

describe('classes and teachers', () => {
  it('creates a class for a teacher, with a join code, recorded in the audit trail', async () => {
    const res = await call(admin.token, 'POST', CLASS_ADMIN_PATHS.classes, { name: '  Personal   Finance — P1 ', teacherId: teacherA });
    expect(res.statusCode).toBe(201);
    const { class: cls, message } = res.json() as { class: AdminClassDetail; message: string };
    expect(message).toBe(CLASS_ADMIN_MESSAGES.created('Personal Finance — P1'));
    expect(cls).toMatchObject({ name: 'Personal Finance — P1', students: 0, rosterManaged: false, archivedAt: null, studentList: [] });
    expect(cls.teachers).toEqual([{ userId: teacherA, name: 'Ada Teach', userName: 'ateach', role: 'owner' }]);
    expect(cls.joinCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(await lastEntry()).toMatchObject({ action: 'class.create', targetName: 'Ada Teach (ateach)', detail: { classId: cls.id, class: 'Personal Finance — P1' }, actorName: expect.stringContaining('schooladmin') });
    // the teacher sees it among their classes
    const teacherToken = (await signIn(t.app, 'ateach')).token;
    expect((await ok<{ id: number }[]>(teacherToken, 'GET', '/classes')).map((c) => c.id)).toContain(cls.id);
  });

  it('refuses a bad class with a clear 4xx and creates nothing', async () => {
    const before = (await ok<AdminClass[]>(admin.token, 'GET', CLASS_ADMIN_PATHS.classes)).length;
    refused(await call(admin.token, 'POST', CLASS_ADMIN_PATHS.classes, { name: '   ', teacherId: teacherA }), 400, CLASS_ADMIN_MESSAGES.nameRequired);
    refused(await call(admin.token, 'POST', CLASS_ADMIN_PATHS.classes, { name: 'x'.repeat(101), teacherId: teacherA }), 400, CLASS_ADMIN_MESSAGES.nameTooLong);
    refused(await call(admin.token, 'POST', CLASS_ADMIN_PATHS.classes, { name: 'P9' }), 400, CLASS_ADMIN_MESSAGES.teacherRequired);
    refused(await call(admin.token, 'POST', CLASS_ADMIN_PATHS.classes, { name: 'P9', teacherId: '12' }), 400, CLASS_ADMIN_MESSAGES.teacherRequired);
    refused(await call(admin.token, 'POST', CLASS_ADMIN_PATHS.classes, { name: 'P9', teacherId: teacherA, school: 'X' }), 400);
    // a learner, and a teacher of another school, are not teachers here
    refused(await call(admin.token, 'POST', CLASS_ADMIN_PATHS.classes, { name: 'P9', teacherId: learnerId }), 404, CLASS_ADMIN_MESSAGES.teacherNotFound);
    refused(await call(admin.token, 'POST', CLASS_ADMIN_PATHS.classes, { name: 'P9', teacherId: rTeacher }), 404, CLASS_ADMIN_MESSAGES.teacherNotFound);
    expect(await ok<AdminClass[]>(admin.token, 'GET', CLASS_ADMIN_PATHS.classes)).toHaveLength(before);
  });

  it('lists the school’s classes with teachers, student counts, roster and archive state; the teachers to choose from', async () => {
    const cls = await newClass('Listing P3');
    const roster = await rosterClass();
    const list = await ok<AdminClass[]>(admin.token, 'GET', CLASS_ADMIN_PATHS.classes);
    expect(list.find((c) => c.id === cls.id)).toMatchObject({ name: 'Listing P3', students: 0, rosterManaged: false });
    expect(list.find((c) => c.id === roster)).toMatchObject({ rosterManaged: true, teachers: [expect.objectContaining({ userName: 'rosterteach' })] });
    const teachers = await ok<AdminTeacher[]>(admin.token, 'GET', CLASS_ADMIN_PATHS.teachers);
    expect(teachers.map((x) => x.userName)).toEqual(expect.arrayContaining(['ateach', 'bteach', 'rosterteach']));
    expect(teachers.map((x) => x.userName)).not.toContain('rteach2');
    expect(teachers.find((x) => x.userName === 'rosterteach')?.rosterManaged).toBe(true);
  });

  it('shows a class with its students, adds and removes a teacher (never the last), each recorded', async () => {
    const cls = await newClass('Detail P4');
    const learner = await signIn(t.app, 'learner');
    await ok(learner.token, 'POST', '/me/access-codes', { code: cls.joinCode });
    const detail = await ok<AdminClassDetail>(admin.token, 'GET', CLASS_ADMIN_PATHS.class(cls.id));
    expect(detail.students).toBe(1);
    expect(detail.studentList).toEqual([expect.objectContaining({ userId: learnerId, userName: 'learner', source: 'code' })]);

    const added = await ok<{ class: AdminClassDetail; message: string }>(admin.token, 'PUT', CLASS_ADMIN_PATHS.teacher(cls.id, teacherB));
    expect(added.message).toBe(CLASS_ADMIN_MESSAGES.teacherAdded('Ben Teach'));
    expect(added.class.teachers.map((x) => [x.userName, x.role])).toEqual([['ateach', 'owner'], ['bteach', 'co-teacher']]);
    expect(await lastEntry()).toMatchObject({ action: 'class.teacher.add', targetUserId: teacherB, detail: { classId: cls.id, class: 'Detail P4' } });
    refused(await call(admin.token, 'PUT', CLASS_ADMIN_PATHS.teacher(cls.id, teacherB)), 409, CLASS_ADMIN_MESSAGES.alreadyTeacher);
    refused(await call(admin.token, 'PUT', CLASS_ADMIN_PATHS.teacher(cls.id, learnerId)), 404, CLASS_ADMIN_MESSAGES.teacherNotFound);
    refused(await call(admin.token, 'PUT', CLASS_ADMIN_PATHS.teacher(cls.id, teacherB), { extra: 1 }), 400);

    const removed = await ok<{ class: AdminClassDetail; message: string }>(admin.token, 'DELETE', CLASS_ADMIN_PATHS.teacher(cls.id, teacherA));
    expect(removed.message).toBe(CLASS_ADMIN_MESSAGES.teacherRemoved('Ada Teach'));
    expect(removed.class.teachers.map((x) => x.userName)).toEqual(['bteach']);
    expect(await lastEntry()).toMatchObject({ action: 'class.teacher.remove', targetUserId: teacherA });
    refused(await call(admin.token, 'DELETE', CLASS_ADMIN_PATHS.teacher(cls.id, teacherB)), 409, CLASS_ADMIN_MESSAGES.lastTeacher);
    refused(await call(admin.token, 'DELETE', CLASS_ADMIN_PATHS.teacher(cls.id, teacherA)), 404, CLASS_ADMIN_MESSAGES.notATeacherOfClass);
    refused(await call(admin.token, 'GET', '/admin/classes/abc'), 400, ADMIN_MESSAGES.badId);
    refused(await call(admin.token, 'GET', CLASS_ADMIN_PATHS.class(999_999)), 404, CLASS_ADMIN_MESSAGES.classNotFound);
  });

  it('archives a class: its join code stops working and nothing more changes', async () => {
    const cls = await newClass('Archive P6');
    const done = await ok<{ class: AdminClassDetail; message: string }>(admin.token, 'POST', CLASS_ADMIN_PATHS.archive(cls.id));
    expect(done.message).toBe(CLASS_ADMIN_MESSAGES.archivedDone);
    expect(done.class.archivedAt).toBe(t.clock());
    expect(done.class.joinCode).toBeNull();
    expect(await lastEntry()).toMatchObject({ action: 'class.archive', detail: { classId: cls.id, class: 'Archive P6' } });
    refused(await call(admin.token, 'POST', CLASS_ADMIN_PATHS.archive(cls.id)), 409, CLASS_ADMIN_MESSAGES.alreadyArchived);
    refused(await call(admin.token, 'PUT', CLASS_ADMIN_PATHS.teacher(cls.id, teacherB)), 409, CLASS_ADMIN_MESSAGES.archived);
    refused(await call(admin.token, 'GET', CLASS_ADMIN_PATHS.codeSheet, undefined, { class: cls.id }), 409, CLASS_ADMIN_MESSAGES.archived);
    const learner = await signIn(t.app, 'learner');
    expect((await call(learner.token, 'POST', '/me/access-codes', { code: cls.joinCode })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('a roster class says so and refuses what the next import would undo, with the reason', async () => {
    const roster = await rosterClass();
    const entries = (await ok<AuditPage>(admin.token, 'GET', ADMIN_PATHS.audit)).total;
    refused(await call(admin.token, 'POST', CLASS_ADMIN_PATHS.archive(roster)), 409, CLASS_ADMIN_MESSAGES.rosterArchive);
    refused(await call(admin.token, 'DELETE', CLASS_ADMIN_PATHS.teacher(roster, rosterTeacher)), 409, CLASS_ADMIN_MESSAGES.rosterTeacherRemove);
    // a teacher made by hand stays through imports: adding one (and removing them again) is fine
    await ok(admin.token, 'PUT', CLASS_ADMIN_PATHS.teacher(roster, teacherA));
    await ok(admin.token, 'DELETE', CLASS_ADMIN_PATHS.teacher(roster, teacherA));
    // a roster teacher added to another roster class would be dropped by the import
    const other = await t.db
      .insertInto('classes')
      .values({ client_id: lincolnId, name: 'Civics (roster)', sourced_id: 'CLS-ROSTER-2', created_at: t.clock(), updated_at: t.clock(), archived_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('class_teachers').values({ class_id: other.id, user_id: teacherB, role: 'owner', added_at: t.clock() }).execute();
    refused(await call(admin.token, 'PUT', CLASS_ADMIN_PATHS.teacher(other.id, rosterTeacher)), 409, CLASS_ADMIN_MESSAGES.rosterTeacherAdd);
    const detail = await ok<AdminClassDetail>(admin.token, 'GET', CLASS_ADMIN_PATHS.class(roster));
    expect(detail).toMatchObject({ rosterManaged: true, archivedAt: null, teachers: [expect.objectContaining({ userId: rosterTeacher })] });
    // only the two allowed changes were recorded
    expect((await ok<AuditPage>(admin.token, 'GET', ADMIN_PATHS.audit)).total).toBe(entries + 2);
  });
});

describe('the code sheet', () => {
  it('a class’s sheet: one card per student, or unnamed copies while nobody has joined', async () => {
    const cls = await newClass('Sheet P7');
    const empty = await ok<CodeSheet>(admin.token, 'GET', CLASS_ADMIN_PATHS.codeSheet, undefined, { class: cls.id, copies: 3 });
    expect(empty).toMatchObject({ school: 'Lincoln High School', title: 'Class codes — Sheet P7' });
    expect(empty.registerUrl).toBe(`${t.config.publicUrl}/register/code`);
    expect(empty.joinUrl).toBe(`${t.config.publicUrl}/app/profile/code`);
    expect(empty.cards).toEqual(Array.from({ length: 3 }, () => ({ code: cls.joinCode, className: 'Sheet P7', studentName: null, expiresAt: null })));
    expect((await ok<CodeSheet>(admin.token, 'GET', CLASS_ADMIN_PATHS.codeSheet, undefined, { class: cls.id })).cards).toHaveLength(CODE_SHEET_COPIES.default);
    const learner = await signIn(t.app, 'learner');
    await ok(learner.token, 'POST', '/me/access-codes', { code: cls.joinCode });
    const named = await ok<CodeSheet>(admin.token, 'GET', CLASS_ADMIN_PATHS.codeSheet, undefined, { class: cls.id });
    expect(named.cards).toEqual([expect.objectContaining({ code: cls.joinCode, studentName: expect.stringMatching(/\S/) })]);
    for (const copies of ['0', '201', 'many', '1.5']) {
      refused(await call(admin.token, 'GET', CLASS_ADMIN_PATHS.codeSheet, undefined, { class: cls.id, copies }), 400, CLASS_ADMIN_MESSAGES.badCopies);
    }
    refused(await call(admin.token, 'GET', CLASS_ADMIN_PATHS.codeSheet, undefined, { class: 'x' }), 400);
  });

  it('the school’s sheet: one card per working code, the access codes first, then the class codes', async () => {
    const created = await ok<{ code: { code: string } }>(admin.token, 'POST', ADMIN_PATHS.codes, { seats: 5 });
    const cls = await newClass('Sheet P9');
    const sheet = await ok<CodeSheet>(admin.token, 'GET', CLASS_ADMIN_PATHS.codeSheet);
    expect(sheet.title).toBe('Access codes and class codes — Lincoln High School');
    expect(sheet.cards).toContainEqual({ code: created.code.code, className: null, studentName: null, expiresAt: null });
    expect(sheet.cards).toContainEqual({ code: cls.joinCode, className: 'Sheet P9', studentName: null, expiresAt: null });
    const kinds = sheet.cards.map((c) => (c.className === null ? 'access' : 'class'));
    expect(kinds).toEqual([...kinds].sort());
    const theirs = await ok<{ code: { code: string } }>(superuser.token, 'POST', ADMIN_PATHS.codes, { seats: 2 }, { school: 'ROOSEVELT-AC' });
    expect(sheet.cards.map((c) => c.code)).not.toContain(theirs.code.code);
    const roosevelt = await ok<CodeSheet>(rAdmin, 'GET', CLASS_ADMIN_PATHS.codeSheet);
    expect(roosevelt.cards.map((c) => c.code)).toEqual(expect.arrayContaining([theirs.code.code]));
    expect(roosevelt.cards.map((c) => c.code)).not.toContain(created.code.code);
  });
});

describe('who may run which school’s classes', () => {
  it('a learner and a teacher are refused; a Roosevelt admin sees and changes nothing of Lincoln', async () => {
    const cls = await newClass('Tenant P8');
    const learner = (await signIn(t.app, 'learner')).token;
    const teacher = (await signIn(t.app, 'ateach')).token;
    for (const token of [learner, teacher]) {
      refused(await call(token, 'GET', CLASS_ADMIN_PATHS.classes), 403, ADMIN_MESSAGES.notAdmin);
      refused(await call(token, 'GET', CLASS_ADMIN_PATHS.class(cls.id)), 403, ADMIN_MESSAGES.notAdmin);
      refused(await call(token, 'PUT', CLASS_ADMIN_PATHS.teacher(cls.id, teacherB)), 403, ADMIN_MESSAGES.notAdmin);
      refused(await call(token, 'GET', CLASS_ADMIN_PATHS.codeSheet, undefined, { class: cls.id }), 403, ADMIN_MESSAGES.notAdmin);
    }
    const rList = await call(rAdmin, 'GET', CLASS_ADMIN_PATHS.classes);
    expect(rList.statusCode).toBe(200);
    expect(rList.body).not.toContain('Tenant P8');
    refused(await call(rAdmin, 'GET', CLASS_ADMIN_PATHS.classes, undefined, { school: 'LINCOLN-HS' }), 404, ADMIN_MESSAGES.unknownSchool);
    refused(await call(rAdmin, 'GET', CLASS_ADMIN_PATHS.class(cls.id)), 404, CLASS_ADMIN_MESSAGES.classNotFound);
    refused(await call(rAdmin, 'PUT', CLASS_ADMIN_PATHS.teacher(cls.id, rTeacher)), 404, CLASS_ADMIN_MESSAGES.classNotFound);
    refused(await call(rAdmin, 'DELETE', CLASS_ADMIN_PATHS.teacher(cls.id, teacherA)), 404, CLASS_ADMIN_MESSAGES.classNotFound);
    refused(await call(rAdmin, 'POST', CLASS_ADMIN_PATHS.archive(cls.id)), 404, CLASS_ADMIN_MESSAGES.classNotFound);
    refused(await call(rAdmin, 'GET', CLASS_ADMIN_PATHS.codeSheet, undefined, { class: cls.id }), 404, CLASS_ADMIN_MESSAGES.classNotFound);
    refused(await call(rAdmin, 'POST', CLASS_ADMIN_PATHS.classes, { name: 'Sneaky', teacherId: teacherA }), 404, CLASS_ADMIN_MESSAGES.teacherNotFound);
    expect((await ok<AdminTeacher[]>(rAdmin, 'GET', CLASS_ADMIN_PATHS.teachers)).map((x) => x.userName)).toEqual(['rteach2']);
    const after = await ok<AdminClassDetail>(admin.token, 'GET', CLASS_ADMIN_PATHS.class(cls.id));
    expect(after).toMatchObject({ archivedAt: null, teachers: [expect.objectContaining({ userId: teacherA })] });
  });

  it('the superuser runs any school’s classes by its id', async () => {
    const cls = await newClass('Super P9');
    const inRoosevelt = await call(superuser.token, 'GET', CLASS_ADMIN_PATHS.class(cls.id), undefined, { school: 'ROOSEVELT-AC' });
    refused(inRoosevelt, 404, CLASS_ADMIN_MESSAGES.classNotFound);
    const created = await ok<{ class: AdminClassDetail }>(superuser.token, 'POST', CLASS_ADMIN_PATHS.classes, { name: 'Roosevelt P1', teacherId: rTeacher }, { school: 'ROOSEVELT-AC' });
    expect(created.class.teachers.map((x) => x.userId)).toEqual([rTeacher]);
    expect((await ok<AdminClass[]>(rAdmin, 'GET', CLASS_ADMIN_PATHS.classes)).map((c) => c.name)).toContain('Roosevelt P1');
    expect((await lastEntry(rAdmin))).toMatchObject({ action: 'class.create', actorName: expect.stringContaining('(admin)') });
  });
});
