/**
 * A school's classes as its administrator runs them, shared by the school administration routes
 * (./schoolClassRoutes.ts) and the operator CLI (cli/admin.ts `class …`): the list, one
 * class with its teachers and students, creating a class for a teacher, adding and removing a
 * teacher, archiving, and the printable sheet of codes. Every read and change is scoped to one school
 * (`schoolId`): a class of another school is "not found". Each change writes and records its audit
 * entry in one transaction; a change the next roster import would undo is refused (rosterGuard.ts).
 * Refusals are HttpErrors (4xx with the reason); the CLI prints their message.
 */
import { TEACHER_PERMISSION } from '../../../common/classroom';
import type { AdminAccessCode } from '../../../common/schoolAdmin';
import {
  CLASS_ADMIN_MESSAGES,
  type AdminClass,
  type AdminClassDetail,
  type AdminTeacher,
  type CodeCard,
  type CodeSheet,
} from '../../../common/schoolAdminClasses';
import type { Db } from '../../db';
import { HttpError } from '../../http/errors';
import { schoolCodes } from '../accounts/schoolCodes';
import { auditNameOf } from '../audit/actor';
import { recordAudit, type AuditActor } from '../audit/record';
import * as repo from './repository';
import { retryingTransaction } from '../../db/transaction';
import { bumpClassVersions, lockClassWrites } from './versions';
import { rosterRefusal } from './rosterGuard';
import { codeAddresses } from './shapes';

/** Who acts at which school. */
export interface SchoolActor {
  actor: AuditActor;
  schoolId: number;
}

/** A class name as stored: trimmed, inner runs of spaces made one. */
export const tidyClassName = (name: string): string => name.trim().replace(/\s+/g, ' ');

const personName = (u: { first_name: string; last_name: string; user_name: string }) => `${u.first_name} ${u.last_name}`.trim() || u.user_name;

/** Every class of the school, by name: teachers, live student count, roster or not, archived. */
export async function schoolClasses(db: Db, schoolId: number, now: number): Promise<AdminClass[]> {
  return classesOf(db, schoolId, await repo.classIdsAt(db, schoolId, null), now);
}

async function classesOf(db: Db, schoolId: number, ids: readonly number[], now: number): Promise<AdminClass[]> {
  if (ids.length === 0) return [];
  const [summaries, extra, teachers] = await Promise.all([
    repo.classSummaries(db, ids, now),
    repo.classOrigins(db, schoolId, ids),
    repo.teacherUserNames(db, ids),
  ]);
  const userNames = new Map(teachers.map((t) => [t.user_id, t.user_name]));
  const extraOf = new Map(extra.map((e) => [e.id, e]));
  return summaries.flatMap((s) => {
    const e = extraOf.get(s.id);
    if (!e) return [];
    return [
      {
        id: s.id,
        name: s.name,
        teachers: s.teachers.map((t) => ({ userId: t.userId, name: t.name, userName: userNames.get(t.userId) ?? '', role: t.role })),
        students: s.studentCount,
        rosterManaged: e.sourced_id !== null,
        archivedAt: s.archivedAt,
        createdAt: Number(e.created_at),
      },
    ];
  });
}

/** The class, if it is one of the school's; else 404. */
async function classAt(db: Db, schoolId: number, classId: number): Promise<repo.ClassRow & { sourcedId: string | null }> {
  const cls = await repo.findClass(db, classId);
  if (!cls || cls.clientId !== schoolId) throw new HttpError(404, CLASS_ADMIN_MESSAGES.classNotFound);
  return { ...cls, sourcedId: await repo.classSourcedId(db, classId) };
}

export async function schoolClassDetail(db: Db, schoolId: number, classId: number, now: number): Promise<AdminClassDetail> {
  const cls = await classAt(db, schoolId, classId);
  const [[summary], students, joinCode] = await Promise.all([
    classesOf(db, schoolId, [cls.id], now),
    repo.enrolledStudents(db, cls.id),
    repo.liveJoinCode(db, cls.id, now),
  ]);
  return {
    ...summary!,
    joinCode: cls.archivedAt === null ? (joinCode?.code ?? null) : null,
    studentList: students.map((s) => ({ userId: s.id, name: personName(s), userName: s.user_name, source: s.source, joinedAt: Number(s.joined_at) })),
  };
}

/** The school's members who hold TEACHER there (the ones a class can be given to), by name. */
export async function schoolTeachers(db: Db, schoolId: number): Promise<AdminTeacher[]> {
  const rows = await repo.holdersAtSchool(db, schoolId, TEACHER_PERMISSION);
  return rows.map((r) => ({ userId: r.id, name: personName(r), userName: r.user_name, rosterManaged: r.sourced_id !== null }));
}

async function teacherAt(db: Db, schoolId: number, userId: number): Promise<AdminTeacher> {
  const teacher = (await schoolTeachers(db, schoolId)).find((t) => t.userId === userId);
  if (!teacher) throw new HttpError(404, CLASS_ADMIN_MESSAGES.teacherNotFound);
  return teacher;
}

const targetOf = (t: AdminTeacher) => ({ targetUserId: t.userId, targetName: auditNameOf({ firstName: t.name, lastName: '', userName: t.userName }) });

/** A new class taught by `teacherId`, with its class code; the class's id. */
export async function createClassFor(db: Db, by: SchoolActor, input: { name: string; teacherId: number }, now: number): Promise<number> {
  const name = tidyClassName(input.name);
  if (name === '') throw new HttpError(400, CLASS_ADMIN_MESSAGES.nameRequired);
  if (name.length > 100) throw new HttpError(400, CLASS_ADMIN_MESSAGES.nameTooLong);
  const teacher = await teacherAt(db, by.schoolId, input.teacherId);
  const productId = await repo.joinCodeProduct(db, by.schoolId);
  if (productId === undefined) throw new HttpError(409, CLASS_ADMIN_MESSAGES.noProduct);
  return db.transaction().execute(async (trx) => {
    const id = await repo.insertClass(trx, { clientId: by.schoolId, name, ownerId: teacher.userId, productId }, now);
    await recordAudit(trx, by.actor, { action: 'class.create', schoolId: by.schoolId, ...targetOf(teacher), detail: { classId: id, class: name } }, now);
    return id;
  });
}

export async function addClassTeacher(db: Db, by: SchoolActor, classId: number, userId: number, now: number): Promise<AdminTeacher> {
  const cls = await classAt(db, by.schoolId, classId);
  if (cls.archivedAt !== null) throw new HttpError(409, CLASS_ADMIN_MESSAGES.archived);
  const teacher = await teacherAt(db, by.schoolId, userId);
  if (await repo.teacherRole(db, cls.id, teacher.userId)) throw new HttpError(409, CLASS_ADMIN_MESSAGES.alreadyTeacher);
  const refusal = rosterRefusal('add-teacher', { classFromRoster: cls.sourcedId !== null, teacherFromRoster: teacher.rosterManaged });
  if (refusal) throw new HttpError(409, refusal);
  await db.transaction().execute(async (trx) => {
    await repo.addTeacher(trx, cls.id, teacher.userId, now);
    await recordAudit(trx, by.actor, { action: 'class.teacher.add', schoolId: by.schoolId, ...targetOf(teacher), detail: { classId: cls.id, class: cls.name } }, now);
  });
  return teacher;
}

export async function removeClassTeacher(db: Db, by: SchoolActor, classId: number, userId: number, now: number): Promise<{ name: string }> {
  const cls = await classAt(db, by.schoolId, classId);
  if (cls.archivedAt !== null) throw new HttpError(409, CLASS_ADMIN_MESSAGES.archived);
  const user = await repo.userNamed(db, userId);
  if (!user || !(await repo.teacherRole(db, cls.id, user.id))) throw new HttpError(404, CLASS_ADMIN_MESSAGES.notATeacherOfClass);
  const refusal = rosterRefusal('remove-teacher', { classFromRoster: cls.sourcedId !== null, teacherFromRoster: user.sourced_id !== null });
  if (refusal) throw new HttpError(409, refusal);
  await db.transaction().execute(async (trx) => {
    // counted inside the transaction: two removals at once never leave the class without a teacher
    if ((await repo.teacherCount(trx, cls.id)) <= 1) throw new HttpError(409, CLASS_ADMIN_MESSAGES.lastTeacher);
    await repo.removeTeacher(trx, cls.id, user.id);
    const targetName = auditNameOf({ firstName: user.first_name, lastName: user.last_name, userName: user.user_name });
    await recordAudit(trx, by.actor, { action: 'class.teacher.remove', schoolId: by.schoolId, targetUserId: user.id, targetName, detail: { classId: cls.id, class: cls.name } }, now);
  });
  return { name: personName(user) };
}

/** Archives the class: it leaves the lists, its class code stops working, everyone's work stays. */
export async function archiveSchoolClass(db: Db, by: SchoolActor, classId: number, now: number): Promise<void> {
  const cls = await classAt(db, by.schoolId, classId);
  if (cls.archivedAt !== null) throw new HttpError(409, CLASS_ADMIN_MESSAGES.alreadyArchived);
  const refusal = rosterRefusal('archive', { classFromRoster: cls.sourcedId !== null, teacherFromRoster: false });
  if (refusal) throw new HttpError(409, refusal);
  await retryingTransaction(db, async (trx) => {
    await lockClassWrites(trx, { classIds: [cls.id] });
    await repo.updateClass(trx, cls.id, { archived: true }, now);
    await bumpClassVersions(trx, { classIds: [cls.id] });
    await recordAudit(trx, by.actor, { action: 'class.archive', schoolId: by.schoolId, detail: { classId: cls.id, class: cls.name } }, now);
  });
}

export interface SheetRequest {
  school: { id: number; name: string };
  /** a class: its class code; none: every working code of the school, one card each */
  classId: number | null;
  /** for a class without students: how many unnamed cards */
  copies: number;
  publicUrl: string;
}

/**
 * The cards to print. A class's sheet has one card per student on its roster (their name on it, so
 * each gets theirs), or `copies` unnamed cards while nobody has joined; the school's sheet has one
 * card per working code (accounts/schoolCodes.ts, as the codes list and the overview count them):
 * the school's access codes, then the classes' class codes by class.
 */
export async function codeSheet(db: Db, request: SheetRequest, now: number): Promise<CodeSheet> {
  const { registerUrl, joinUrl } = codeAddresses(request.publicUrl);
  const urls = { registerUrl, joinUrl };
  if (request.classId !== null) {
    const detail = await schoolClassDetail(db, request.school.id, request.classId, now);
    if (detail.joinCode === null) throw new HttpError(409, detail.archivedAt !== null ? CLASS_ADMIN_MESSAGES.archived : CLASS_ADMIN_MESSAGES.noCodes);
    const live = await repo.liveJoinCode(db, detail.id, now);
    const card = (studentName: string | null): CodeCard => ({ code: detail.joinCode!, className: detail.name, studentName, expiresAt: live?.expiresAt ?? null });
    const cards = detail.studentList.length > 0 ? detail.studentList.map((s) => card(s.name)) : Array.from({ length: request.copies }, () => card(null));
    return { school: request.school.name, title: `Class codes — ${detail.name}`, ...urls, cards };
  }
  const working = (await schoolCodes(db, request.school.id, now)).filter((c) => c.status === 'working');
  // the school's access codes first (newest first, as listed), then the class codes by class name
  const byClass = (a: AdminAccessCode, b: AdminAccessCode) => Number(a.className !== null) - Number(b.className !== null) || (a.className ?? '').localeCompare(b.className ?? '');
  const cards = working
    .sort(byClass)
    .map((c): CodeCard => ({ code: c.code, className: c.className, studentName: null, expiresAt: c.expiresAt }));
  if (cards.length === 0) throw new HttpError(409, CLASS_ADMIN_MESSAGES.noCodes);
  return { school: request.school.name, title: `Access codes and class codes — ${request.school.name}`, ...urls, cards };
}
