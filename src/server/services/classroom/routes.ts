/**
 * The classroom's routes (paths and shapes: common/classroom.ts). Every route is of access 'user'
 * and checks its caller here:
 * - a class is reached only at the caller's current school, by one of its teachers, or by a
 *   SCHOOLADMIN of that school (read and act, not change; GADMINSUPERUSER passes every check);
 *   anyone else hears that the class does not exist (404) and sees nothing of it;
 * - a student reaches only their own classes, assignments and turn-ins.
 * Queries live in ./repository.ts; the answers' shapes in ./shapes.ts, the status rules in
 * ./status.ts. The school administration's class routes are ./schoolClassRoutes.ts.
 */
import { mixed, number, object, string } from 'yup';
import {
  SCHOOLADMIN_PERMISSION,
  TEACHER_PERMISSION,
  type Assignment,
  type AssignmentException,
  type AssignmentKind,
  type AssignmentWork,
  type ClassDashboard,
  type ClassDetail,
  type ClassReviewQuestions,
  type ClassStudentRecord,
  type ClassSummary,
  type DashboardStudent,
  type MyAssignment,
  type ReteachResult,
  type StudentClass,
  type TurnInComment,
  type TurnInRecord,
  type TurnInSummary,
} from '../../../common/classroom';
import { SUPERUSER_PERMISSION } from '../../../common/constants';
import { hasPermission } from '../../../common/permissions';
import { WORKSHEET_INFO, WORKSHEET_KINDS, isWorksheetKind, type WorksheetKind } from '../../../common/worksheets';
import type { Db } from '../../db';
import { HttpError } from '../../http/errors';
import { endSessions as endUserSessions, giveTemporaryPassword, type StaffAction } from '../accounts/staffActions';
import { auditActorOf, auditNameOf, auditNameOfUser } from '../audit/actor';
import { recordAudit } from '../audit/record';
import { transcriptRows } from '../catalog/progress';
import { bankOf, loadProgress, loadTree, schoolCatalog, type TreeModule } from '../catalog/repository';
import { sectionsOf } from '../catalog/reviewServing';
import { parseData } from '../ownedDocuments/routes';
import { actorOf, requireAuthority } from '../authority';
import { signedInIdentity } from '../signedIn';
import { Result, Tagged, type ServiceContext, type ServiceRoute } from '../types';
import { csvDocument } from './csv';
import { dueAtOf, parseDueDay } from './dueDates';
import { gradebookFileName, gradebookRows, missingMarkOf } from './gradebook';
import { dashboardRows } from './dashboardRows';
import { CLASSROOM_MESSAGES } from './messages';
import { questionTallies } from './missedQuestions';
import * as repo from './repository';
import { tidyClassName } from './schoolClasses';
import { assignmentOf, byUrgency, codeAddresses, factsOf, summaryOf, turnInSummariesOf, type TurnInViewer } from './shapes';
import { exceptionsOf, ownDueAts } from './exceptions';
import { cellAt, studentDueAt, workCell, type StudentWork } from './status';
import { dashboardTag, withClassVersions } from './versions';
import { materialsOf, workOf } from './work';

const ID_PATTERN = /^[1-9]\d{0,9}$/;

export function idParam(ctx: ServiceContext, name: string, what: string): number {
  const raw = ctx.params[name] ?? '';
  const value = Number(raw);
  if (!ID_PATTERN.test(raw) || value > 2_147_483_647) throw new HttpError(400, CLASSROOM_MESSAGES.badId(what));
  return value;
}

// ---------------------------------------------------------------- who may do what

export interface Staff {
  userId: number;
  isSuperuser: boolean;
  isTeacher: boolean;
  isAdmin: boolean;
}

/** A teacher or school admin at the current school (SPEC §6 comparisons), else 403. */
function staffOf(ctx: ServiceContext): Staff {
  const identity = signedInIdentity(ctx);
  const isTeacher = hasPermission(identity.permissions, TEACHER_PERMISSION);
  const isAdmin = hasPermission(identity.permissions, SCHOOLADMIN_PERMISSION);
  if (!isTeacher && !isAdmin) throw new HttpError(403, CLASSROOM_MESSAGES.notStaff);
  return { userId: identity.user.id, isSuperuser: identity.permissions.includes(SUPERUSER_PERMISSION), isTeacher, isAdmin };
}

/** The caller's current school's row id (SPEC §1: the first client), else 403. */
async function currentClientId(ctx: ServiceContext): Promise<number> {
  const current = signedInIdentity(ctx).clients[0];
  const id = current ? await repo.clientIdOf(ctx.db, current.lsclientID) : undefined;
  if (id === undefined) throw new HttpError(403, CLASSROOM_MESSAGES.noSchool);
  return id;
}

export interface StaffClass {
  staff: Staff;
  cls: repo.ClassRow;
  /** may change the class: one of its teachers (or a superuser) */
  teaches: boolean;
}

/**
 * The class the route names, for staff: at the caller's current school, taught by them or read by
 * that school's admin. `change`: only its teachers; `live`: and not archived.
 */
export async function staffClass(ctx: ServiceContext, need: 'read' | 'change' | 'live' = 'read'): Promise<StaffClass> {
  const staff = staffOf(ctx);
  const classId = idParam(ctx, 'classId', 'class');
  const cls = await repo.findClass(ctx.db, classId);
  const current = signedInIdentity(ctx).clients[0];
  if (!cls || !current || cls.lsclientID.toLowerCase() !== current.lsclientID.toLowerCase()) throw new HttpError(404, CLASSROOM_MESSAGES.classNotFound);
  const role = await repo.teacherRole(ctx.db, cls.id, staff.userId);
  const teaches = role !== null || staff.isSuperuser;
  if (!teaches && !staff.isAdmin) throw new HttpError(404, CLASSROOM_MESSAGES.classNotFound);
  if (need !== 'read' && !teaches) throw new HttpError(403, CLASSROOM_MESSAGES.readOnly);
  if (need === 'live' && cls.archivedAt !== null) throw new HttpError(409, CLASSROOM_MESSAGES.archived);
  return { staff, cls, teaches };
}

/** A student of the class named by :userId (live enrolment), else 404. */
export async function studentParam(ctx: ServiceContext, cls: repo.ClassRow): Promise<number> {
  const userId = idParam(ctx, 'userId', 'student');
  if (!(await repo.isEnrolled(ctx.db, cls.id, userId))) throw new HttpError(404, CLASSROOM_MESSAGES.studentNotFound);
  return userId;
}

// ---------------------------------------------------------------- shapes

async function schoolTree(db: Db, lsclientID: string): Promise<TreeModule[]> {
  const school = await schoolCatalog(db, lsclientID);
  return loadTree(db, school.slugs, school.contentVersion);
}

async function classDetail(ctx: ServiceContext, cls: repo.ClassRow): Promise<ClassDetail> {
  const [summaries, rows, tree] = await Promise.all([
    repo.classSummaries(ctx.db, [cls.id], ctx.clock()),
    repo.classAssignments(ctx.db, [cls.id]),
    schoolTree(ctx.db, cls.lsclientID),
  ]);
  const summary = summaries[0];
  if (!summary) throw new HttpError(404, CLASSROOM_MESSAGES.classNotFound);
  // the class's own assignments; a re-teach for a few students is listed with its review's questions
  const assignments = rows.filter((row) => row.student_ids === null).map((row) => assignmentOf(row, tree));
  return { ...summaryOf(summary), schoolName: cls.schoolName, timezone: cls.timezone, assignments, ...codeAddresses(ctx.config.publicUrl) };
}

// ---------------------------------------------------------------- classes

/** A class name: text (never a number cast to one), 1 to 100 characters once trimmed. */
const className = string()
  .strict()
  .typeError(CLASSROOM_MESSAGES.nameRequired)
  .test('filled', CLASSROOM_MESSAGES.nameRequired, (value) => value === undefined || tidyClassName(value).length > 0)
  .test('short', CLASSROOM_MESSAGES.nameTooLong, (value) => value === undefined || tidyClassName(value).length <= 100);

const createClassSchema = object({ name: className.required(CLASSROOM_MESSAGES.nameRequired) })
  .noUnknown(CLASSROOM_MESSAGES.unknownField)
  .required(CLASSROOM_MESSAGES.nameRequired)
  .typeError(CLASSROOM_MESSAGES.nameRequired);

const updateClassSchema = object({
  name: className.optional(),
  archived: mixed<boolean>()
    .optional()
    .test('boolean', 'archived must be true or false.', (value) => value === undefined || typeof value === 'boolean'),
})
  .noUnknown(CLASSROOM_MESSAGES.unknownField)
  .required(CLASSROOM_MESSAGES.nothingToChange)
  .typeError(CLASSROOM_MESSAGES.nothingToChange)
  .test('something', CLASSROOM_MESSAGES.nothingToChange, (value) => value?.name !== undefined || value?.archived !== undefined);

export const noPayload = mixed()
  .test('empty', 'This request takes no payload.', (value) => value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0))
  .optional();

async function listClasses(ctx: ServiceContext): Promise<ClassSummary[]> {
  const staff = staffOf(ctx);
  const clientId = await currentClientId(ctx);
  // a school admin reads every class of the school; a teacher lists the ones they teach
  const ids = await repo.classIdsAt(ctx.db, clientId, staff.isAdmin ? null : staff.userId);
  return (await repo.classSummaries(ctx.db, ids, ctx.clock())).map(summaryOf);
}

async function createClass(ctx: ServiceContext): Promise<Result> {
  const staff = staffOf(ctx);
  if (!staff.isTeacher) throw new HttpError(403, CLASSROOM_MESSAGES.notTeacher);
  const clientId = await currentClientId(ctx);
  const productId = await repo.joinCodeProduct(ctx.db, clientId);
  if (productId === undefined) throw new HttpError(409, CLASSROOM_MESSAGES.noProduct);
  const name = tidyClassName((ctx.payload as { name: string }).name);
  const id = await repo.createClass(ctx.db, { clientId, name, ownerId: staff.userId, productId }, ctx.clock());
  const cls = await repo.findClass(ctx.db, id);
  if (!cls) throw new HttpError(404, CLASSROOM_MESSAGES.classNotFound);
  return new Result(201, await classDetail(ctx, cls));
}

async function getClass(ctx: ServiceContext): Promise<ClassDetail> {
  const { cls } = await staffClass(ctx);
  return classDetail(ctx, cls);
}

async function updateClass(ctx: ServiceContext): Promise<ClassDetail> {
  const { cls } = await staffClass(ctx, 'change');
  const { name, archived } = ctx.payload as { name?: string; archived?: boolean };
  await withClassVersions(ctx.db, { classIds: [cls.id] }, (trx) =>
    repo.updateClass(trx, cls.id, { ...(name === undefined ? {} : { name: tidyClassName(name) }), ...(archived === undefined ? {} : { archived }) }, ctx.clock()),
  );
  return classDetail(ctx, (await repo.findClass(ctx.db, cls.id)) ?? cls);
}

async function newJoinCode(ctx: ServiceContext): Promise<ClassDetail> {
  const { cls } = await staffClass(ctx, 'live');
  const productId = await repo.joinCodeProduct(ctx.db, cls.clientId);
  if (productId === undefined) throw new HttpError(409, CLASSROOM_MESSAGES.noProduct);
  const now = ctx.clock();
  await ctx.db.transaction().execute((trx) => repo.replaceJoinCode(trx, cls.id, cls.clientId, productId, now));
  return classDetail(ctx, cls);
}

const teacherSchema = object({
  userName: string().trim().required(CLASSROOM_MESSAGES.teacherNotFound).max(200, CLASSROOM_MESSAGES.teacherNotFound).typeError(CLASSROOM_MESSAGES.teacherNotFound),
})
  .noUnknown(CLASSROOM_MESSAGES.unknownField)
  .required(CLASSROOM_MESSAGES.teacherNotFound)
  .typeError(CLASSROOM_MESSAGES.teacherNotFound);

async function addTeacher(ctx: ServiceContext): Promise<ClassDetail> {
  const { cls } = await staffClass(ctx, 'live');
  const { userName } = ctx.payload as { userName: string };
  const userId = await repo.userIdByName(ctx.db, userName.trim().toLowerCase());
  // a co-teacher is a TEACHER at this school (granted here, or a global permission), and a member of it
  const teaches =
    userId !== undefined && (await repo.isSchoolMember(ctx.db, userId, cls.clientId))
      ? hasPermission((await repo.permissionsAt(ctx.db, userId, cls.clientId)).map((p) => p.toUpperCase()), TEACHER_PERMISSION)
      : false;
  if (userId === undefined || !teaches) throw new HttpError(404, CLASSROOM_MESSAGES.teacherNotFound);
  if (await repo.teacherRole(ctx.db, cls.id, userId)) throw new HttpError(409, CLASSROOM_MESSAGES.alreadyTeacher);
  await repo.addTeacher(ctx.db, cls.id, userId, ctx.clock());
  return classDetail(ctx, cls);
}

async function removeTeacher(ctx: ServiceContext): Promise<ClassDetail> {
  const { cls, staff } = await staffClass(ctx, 'change');
  const userId = idParam(ctx, 'userId', 'teacher');
  const role = await repo.teacherRole(ctx.db, cls.id, userId);
  if (!role) throw new HttpError(404, CLASSROOM_MESSAGES.notATeacherOfClass);
  // the owner leaves by their own hand or a school administrator's, never a co-teacher's
  if (role === 'owner' && userId !== staff.userId && !staff.isAdmin && !staff.isSuperuser) throw new HttpError(403, CLASSROOM_MESSAGES.ownerStays);
  if ((await repo.teacherCount(ctx.db, cls.id)) <= 1) throw new HttpError(409, CLASSROOM_MESSAGES.lastTeacher);
  await repo.removeTeacher(ctx.db, cls.id, userId);
  return classDetail(ctx, cls);
}

// ---------------------------------------------------------------- assignments

const KINDS: readonly AssignmentKind[] = ['module', 'material', 'review', 'worksheet'];
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const slugField = (message: string) =>
  string()
    .typeError(message)
    .max(100, CLASSROOM_MESSAGES.notInCatalog)
    .matches(SLUG, { message: CLASSROOM_MESSAGES.notInCatalog, excludeEmptyString: true });

const dueDateField = mixed<string>()
  .nullable()
  .optional()
  .test('day', CLASSROOM_MESSAGES.badDueDate, (value) => value === undefined || value === null || (typeof value === 'string' && parseDueDay(value) !== null));

const maxAttemptsField = mixed<number>()
  .nullable()
  .optional()
  .test('attempts', CLASSROOM_MESSAGES.badMaxAttempts, (value) => value === undefined || value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 20));

const assignmentSchema = object({
  kind: string().typeError(CLASSROOM_MESSAGES.badKind).oneOf(KINDS, CLASSROOM_MESSAGES.badKind).required(CLASSROOM_MESSAGES.badKind),
  moduleSlug: slugField(CLASSROOM_MESSAGES.moduleRequired).optional(),
  materialSlug: slugField(CLASSROOM_MESSAGES.materialRequired).optional(),
  worksheetKind: string().typeError(CLASSROOM_MESSAGES.worksheetRequired).oneOf([...WORKSHEET_KINDS], CLASSROOM_MESSAGES.worksheetRequired).optional(),
  dueDate: dueDateField,
  maxAttempts: maxAttemptsField,
})
  .noUnknown(CLASSROOM_MESSAGES.unknownField)
  .required(CLASSROOM_MESSAGES.badKind)
  .typeError(CLASSROOM_MESSAGES.badKind)
  .test('parts', 'incomplete', function parts(value) {
    // a bad kind has its own message (the field's)
    if (!value || !KINDS.includes(value.kind as AssignmentKind)) return true;
    const { kind, moduleSlug, materialSlug, worksheetKind, maxAttempts } = value;
    if (kind === 'worksheet') {
      if (!worksheetKind) return this.createError({ message: CLASSROOM_MESSAGES.worksheetRequired });
    } else {
      if (!moduleSlug) return this.createError({ message: CLASSROOM_MESSAGES.moduleRequired });
      if (kind !== 'module' && !materialSlug) return this.createError({ message: CLASSROOM_MESSAGES.materialRequired });
    }
    if (kind !== 'review' && maxAttempts !== undefined && maxAttempts !== null) return this.createError({ message: CLASSROOM_MESSAGES.attemptsOnlyForReviews });
    return true;
  });

const assignmentChangeSchema = object({ dueDate: dueDateField, maxAttempts: maxAttemptsField })
  .noUnknown('Only the due date and the attempt limit of an assignment can change.')
  .required('Send a dueDate or a maxAttempts.')
  .typeError('Send a dueDate or a maxAttempts.');

/** The due instant of a day at the school, refusing a day already over there. */
function dueOf(day: string | null | undefined, cls: repo.ClassRow, now: number): { due_date: string | null; due_at: number | null } {
  if (day === null || day === undefined) return { due_date: null, due_at: null };
  const dueAt = dueAtOf(day, cls.timezone);
  if (dueAt < now) throw new HttpError(400, CLASSROOM_MESSAGES.duePassed);
  return { due_date: day, due_at: dueAt };
}

async function createAssignment(ctx: ServiceContext): Promise<Result> {
  const { staff, cls } = await staffClass(ctx, 'live');
  const input = ctx.payload as { kind: AssignmentKind; moduleSlug?: string; materialSlug?: string; worksheetKind?: WorksheetKind; dueDate?: string | null; maxAttempts?: number | null };
  const tree = await schoolTree(ctx.db, cls.lsclientID);
  const moduleSlug = input.kind === 'worksheet' ? null : (input.moduleSlug ?? null);
  const materialSlug = input.kind === 'worksheet' || input.kind === 'module' ? null : (input.materialSlug ?? null);
  if (moduleSlug !== null) {
    const m = tree.find((candidate) => candidate.slug === moduleSlug);
    const mat = materialSlug === null ? undefined : m?.materials.find((candidate) => candidate.slug === materialSlug);
    if (!m || (materialSlug !== null && !mat)) throw new HttpError(400, CLASSROOM_MESSAGES.notInCatalog);
    if (input.kind === 'review' && !mat?.review) throw new HttpError(400, CLASSROOM_MESSAGES.noReview);
  }
  const worksheetKind = input.kind === 'worksheet' ? (input.worksheetKind ?? null) : null;
  const existing = await repo.classAssignments(ctx.db, [cls.id]);
  // a re-teach for some students (student_ids) does not stand in for assigning the class
  if (existing.some((a) => a.student_ids === null && a.kind === input.kind && a.module_slug === moduleSlug && a.material_slug === materialSlug && a.worksheet_kind === worksheetKind)) {
    throw new HttpError(409, CLASSROOM_MESSAGES.alreadyAssigned);
  }
  const now = ctx.clock();
  const due = dueOf(input.dueDate, cls, now);
  const id = await withClassVersions(ctx.db, { classIds: [cls.id] }, (trx) =>
    repo.insertAssignment(trx, {
      class_id: cls.id,
      kind: input.kind,
      module_slug: moduleSlug,
      material_slug: materialSlug,
      worksheet_kind: worksheetKind,
      ...due,
      max_attempts: input.kind === 'review' ? (input.maxAttempts ?? null) : null,
      created_by: staff.userId,
      created_at: now,
    }),
  );
  const row = await repo.findAssignment(ctx.db, cls.id, id);
  if (!row) throw new HttpError(404, CLASSROOM_MESSAGES.assignmentNotFound);
  return new Result(201, assignmentOf(row, tree));
}

async function changeAssignment(ctx: ServiceContext): Promise<Assignment> {
  const { cls } = await staffClass(ctx, 'live');
  const row = await repo.findAssignment(ctx.db, cls.id, idParam(ctx, 'assignmentId', 'assignment'));
  if (!row) throw new HttpError(404, CLASSROOM_MESSAGES.assignmentNotFound);
  const change = ctx.payload as { dueDate?: string | null; maxAttempts?: number | null };
  if (change.maxAttempts !== undefined && change.maxAttempts !== null && row.kind !== 'review') throw new HttpError(400, CLASSROOM_MESSAGES.attemptsOnlyForReviews);
  const set = {
    ...(change.dueDate === undefined ? {} : dueOf(change.dueDate, cls, ctx.clock())),
    ...(change.maxAttempts === undefined ? {} : { max_attempts: change.maxAttempts }),
  };
  await withClassVersions(ctx.db, { classIds: [cls.id] }, (trx) => repo.updateAssignment(trx, row.id, set));
  const updated = (await repo.findAssignment(ctx.db, cls.id, row.id)) ?? row;
  return assignmentOf(updated, await schoolTree(ctx.db, cls.lsclientID));
}

async function withdrawAssignment(ctx: ServiceContext): Promise<{ message: string }> {
  const { cls } = await staffClass(ctx, 'live');
  const row = await repo.findAssignment(ctx.db, cls.id, idParam(ctx, 'assignmentId', 'assignment'));
  if (!row) throw new HttpError(404, CLASSROOM_MESSAGES.assignmentNotFound);
  await withClassVersions(ctx.db, { classIds: [cls.id] }, (trx) => repo.withdrawAssignment(trx, row.id, ctx.clock()));
  return { message: CLASSROOM_MESSAGES.assignmentWithdrawn };
}

// ---------------------------------------------------------------- the dashboard

interface Grid {
  cls: repo.ClassRow;
  tree: TreeModule[];
  assignments: repo.AssignmentRow[];
  students: DashboardStudent[];
  exceptions: AssignmentException[];
}

/**
 * Students × assignments in a fixed number of queries whatever the class's size: the roster (with
 * its row versions), the assignments and session activity (live and last) on every call; the
 * progress, turn-ins and saved worksheets of the rows whose version moved since this instance last
 * computed them (classroom/dashboardRows.ts), all of them the first time; the school's catalog tree
 * comes from its cache.
 */
async function grid(db: Db, cls: repo.ClassRow, now: number): Promise<Grid> {
  const [tree, everyAssignment, roster, sessions, exceptions] = await Promise.all([
    schoolTree(db, cls.lsclientID),
    repo.classAssignments(db, [cls.id]),
    repo.classStudents(db, cls.id, cls.clientId),
    repo.sessionActivity(db, cls.id, now),
    exceptionsOf(db, { classIds: [cls.id] }),
  ]);
  // the grid's columns are the class's assignments; a re-teach for a few students shows on its review's "what the class got wrong"
  const assignments = everyAssignment.filter((a) => a.student_ids === null);
  const { students } = await dashboardRows(db, { classId: cls.id, tree, facts: assignments.map(factsOf), roster, sessions, now, ownDueAt: ownDueAts(exceptions) });
  return { cls, tree, assignments, students, exceptions };
}

/**
 * The grid under a tag read first (classroom/versions.ts): a poll naming the current tag is a 304
 * that computes nothing, however many dashboards are open on however many instances.
 */
async function dashboard(ctx: ServiceContext): Promise<Tagged> {
  const { cls } = await staffClass(ctx);
  const now = ctx.clock();
  return new Tagged(await dashboardTag(ctx.db, cls, now), async (): Promise<ClassDashboard> => {
    const g = await grid(ctx.db, cls, now);
    return { classId: cls.id, name: cls.name, assignments: g.assignments.map((a) => assignmentOf(a, g.tree)), students: g.students, exceptions: g.exceptions, generatedAt: now };
  });
}

async function gradebook(ctx: ServiceContext): Promise<Result> {
  const { cls } = await staffClass(ctx);
  const missing = missingMarkOf(ctx.query.missing);
  if (missing === null) throw new HttpError(400, CLASSROOM_MESSAGES.badMissingMark);
  const now = ctx.clock();
  const [g, contacts, turnInScores] = await Promise.all([grid(ctx.db, cls, now), repo.studentContacts(ctx.db, cls.id), repo.turnInScores(ctx.db, cls.id)]);
  const rows = gradebookRows(
    g.assignments.map((a) => assignmentOf(a, g.tree)),
    g.students.map((s) => ({ ...s, email: contacts.get(s.userId)?.email ?? '', rosterId: contacts.get(s.userId)?.sourcedId ?? null, schoolId: s.externalId })),
    { missing, now, turnInScores },
  );
  return new Result(200, csvDocument(rows), {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${gradebookFileName(cls.name)}"`,
  });
}

// ---------------------------------------------------------------- what the class got wrong

/** The review assignment the route names, its material in the school's catalog, and the class's students. */
async function reviewAssignment(ctx: ServiceContext, cls: repo.ClassRow) {
  const row = await repo.findAssignment(ctx.db, cls.id, idParam(ctx, 'assignmentId', 'assignment'));
  if (!row) throw new HttpError(404, CLASSROOM_MESSAGES.assignmentNotFound);
  if (row.kind !== 'review') throw new HttpError(400, CLASSROOM_MESSAGES.notAReview);
  const tree = await schoolTree(ctx.db, cls.lsclientID);
  const m = tree.find((x) => x.slug === row.module_slug);
  const mat = m?.materials.find((x) => x.slug === row.material_slug);
  if (!m || !mat?.review) throw new HttpError(404, CLASSROOM_MESSAGES.reviewGone);
  return { row, tree, m, mat, review: mat.review };
}

/**
 * Each question of the review's bank with the share of the class that got it right (each student's
 * latest answer to it), most-missed first, with the section it tests and who missed it.
 */
async function reviewTallies(ctx: ServiceContext, cls: repo.ClassRow): Promise<ClassReviewQuestions> {
  const { row, m, mat, review } = await reviewAssignment(ctx, cls);
  const [roster, bank, assignments] = await Promise.all([repo.classStudents(ctx.db, cls.id, cls.clientId), bankOf(ctx.db, [review.id]), repo.classAssignments(ctx.db, [cls.id])]);
  const students = roster.map((s) => ({ userId: s.userId, firstName: s.firstName, lastName: s.lastName, name: `${s.firstName} ${s.lastName}`.trim() }));
  const attempts = await repo.reviewAnswersOf(
    ctx.db,
    students.map((s) => s.userId),
    m.slug,
    mat.slug,
  );
  // the students each section of this material was already re-taught to
  const retaught = (sectionSlug: string) =>
    new Set(assignments.filter((a) => a.kind === 'material' && a.module_slug === m.slug && a.material_slug === mat.slug && a.section_slug === sectionSlug).flatMap((a) => repo.assignedStudents(a) ?? []));
  return {
    classId: cls.id,
    assignmentId: row.id,
    title: review.title,
    moduleSlug: m.slug,
    materialSlug: mat.slug,
    materialTitle: mat.title,
    studentCount: students.length,
    attemptedCount: new Set(attempts.map((a) => a.userId)).size,
    questions: questionTallies(bank, attempts, students, sectionsOf(m), retaught),
  };
}

async function reviewQuestions(ctx: ServiceContext): Promise<ClassReviewQuestions> {
  const { cls } = await staffClass(ctx);
  return reviewTallies(ctx, cls);
}

const reteachSchema = object({
  questionId: number()
    .strict()
    .typeError(CLASSROOM_MESSAGES.questionRequired)
    .integer(CLASSROOM_MESSAGES.questionRequired)
    .min(1, CLASSROOM_MESSAGES.questionRequired)
    .max(2_147_483_647, CLASSROOM_MESSAGES.questionRequired)
    .required(CLASSROOM_MESSAGES.questionRequired),
})
  .noUnknown(CLASSROOM_MESSAGES.unknownField)
  .required(CLASSROOM_MESSAGES.questionRequired)
  .typeError(CLASSROOM_MESSAGES.questionRequired);

/**
 * One click: the section a missed question tests and a re-review, both assigned to the students who
 * missed it and were not sent that section already. Assignments name a section (the material's
 * page opens at it) and carry the students they are for; the review's own attempt limit still holds.
 */
async function reteach(ctx: ServiceContext): Promise<Result> {
  const { staff, cls } = await staffClass(ctx, 'live');
  const tallies = await reviewTallies(ctx, cls);
  const { questionId } = ctx.payload as { questionId: number };
  const q = tallies.questions.find((x) => x.questionId === questionId);
  if (!q) throw new HttpError(404, CLASSROOM_MESSAGES.questionNotFound);
  if (!q.section) throw new HttpError(409, CLASSROOM_MESSAGES.noSection);
  if (q.missedBy.length === 0) throw new HttpError(409, CLASSROOM_MESSAGES.nobodyMissed);
  const students = q.missedBy.filter((s) => !q.retaughtTo.includes(s.userId));
  if (students.length === 0) throw new HttpError(409, CLASSROOM_MESSAGES.alreadyRetaught);
  const section = q.section;
  const now = ctx.clock();
  const common = {
    class_id: cls.id,
    module_slug: tallies.moduleSlug,
    material_slug: tallies.materialSlug,
    worksheet_kind: null,
    due_date: null,
    due_at: null,
    max_attempts: null,
    created_by: staff.userId,
    created_at: now,
    student_ids: JSON.stringify(students.map((s) => s.userId)),
    note: CLASSROOM_MESSAGES.reteachNote(section.title, tallies.title),
  };
  const ids = await withClassVersions(ctx.db, { classIds: [cls.id] }, async (trx) => [
    await repo.insertAssignment(trx, { ...common, kind: 'material', section_slug: section.slug }),
    await repo.insertAssignment(trx, { ...common, kind: 'review', section_slug: null }),
  ]);
  const tree = await schoolTree(ctx.db, cls.lsclientID);
  const rows = await Promise.all(ids.map((id) => repo.findAssignment(ctx.db, cls.id, id)));
  const result: ReteachResult = {
    assignments: rows.flatMap((row) => (row ? [assignmentOf(row, tree)] : [])),
    students,
    message: CLASSROOM_MESSAGES.retaught(section.title, students.length),
  };
  return new Result(201, result);
}

// ---------------------------------------------------------------- one student

export async function turnInSummaries(db: Db, rows: readonly (repo.TurnInRow & { className: string })[], viewer: TurnInViewer): Promise<TurnInSummary[]> {
  return turnInSummariesOf(
    rows,
    await repo.commentsOf(
      db,
      rows.map((r) => r.id),
    ),
    viewer,
  );
}

/**
 * A student's row of the class's grid, opened by staff: reading a student's record (or one cell of
 * it) is a staff action on their data, so the trail says who looked, and at what.
 */
async function openStudentRow(ctx: ServiceContext, cls: repo.ClassRow, userId: number, detail: Record<string, unknown> = {}): Promise<{ g: Grid; student: DashboardStudent }> {
  const now = ctx.clock();
  const g = await grid(ctx.db, cls, now);
  const student = g.students.find((s) => s.userId === userId);
  if (!student) throw new HttpError(404, CLASSROOM_MESSAGES.studentNotFound);
  await recordAudit(
    ctx.db,
    auditActorOf(ctx),
    { action: 'student-record.open', schoolId: cls.clientId, targetUserId: userId, targetName: auditNameOf(student), detail: { classId: cls.id, className: cls.name, ...detail } },
    now,
  );
  return { g, student };
}

async function studentRecord(ctx: ServiceContext): Promise<ClassStudentRecord> {
  const { cls } = await staffClass(ctx);
  const userId = await studentParam(ctx, cls);
  const { g, student } = await openStudentRow(ctx, cls, userId);
  const { cells, ...rest } = student;
  const [progress, attempts, turnIns] = await Promise.all([
    loadProgress(ctx.db, userId),
    repo.reviewAttemptsOf(ctx.db, userId),
    repo.classTurnIns(ctx.db, cls.id, userId),
  ]);
  const titleOf = (m: string, mat: string) => {
    const material = g.tree.find((x) => x.slug === m)?.materials.find((x) => x.slug === mat);
    return material?.review?.title ?? material?.title ?? mat;
  };
  return {
    classId: cls.id,
    student: rest,
    transcript: transcriptRows(g.tree, progress),
    // attempts at this school's content only: what the teacher can place in the catalog
    reviewAttempts: attempts
      .filter((a) => g.tree.some((m) => m.slug === a.module_slug))
      .map((a) => ({ moduleSlug: a.module_slug, materialSlug: a.material_slug, title: titleOf(a.module_slug, a.material_slug), score: a.score, passed: Number(a.passed) === 1, createdAt: Number(a.created_at) })),
    turnIns: await turnInSummaries(
      ctx.db,
      turnIns.map((t) => ({ ...t, className: cls.name })),
      'staff',
    ),
    assignments: g.assignments.map((a) => assignmentOf(a, g.tree)),
    cells,
    exceptions: g.exceptions.filter((e) => e.userId === userId),
  };
}

/** A cell of the dashboard opened: the student's work on one assignment of the class. */
async function studentWork(ctx: ServiceContext): Promise<AssignmentWork> {
  const { cls } = await staffClass(ctx);
  const userId = await studentParam(ctx, cls);
  const row = await repo.findAssignment(ctx.db, cls.id, idParam(ctx, 'assignmentId', 'assignment'));
  if (!row) throw new HttpError(404, CLASSROOM_MESSAGES.assignmentNotFound);
  const { g, student } = await openStudentRow(ctx, cls, userId, { assignmentId: row.id });
  const { cells, ...rest } = student;
  const facts = factsOf(row);
  const covered = materialsOf(facts, g.tree);
  const reviewIds = covered.flatMap(({ material }) => (material.review ? [material.review.id] : []));
  const [progress, attempts, bank, turnIns] = await Promise.all([
    loadProgress(ctx.db, userId),
    repo.attemptsWithAnswers(
      ctx.db,
      userId,
      covered.map(({ module: m, material }) => ({ module: m.slug, material: material.slug })),
    ),
    bankOf(ctx.db, reviewIds),
    row.kind === 'worksheet' ? repo.classTurnIns(ctx.db, cls.id, userId) : Promise.resolve([]),
  ]);
  const cell = cells[row.id]!;
  const handedIn = turnIns.filter((t) => t.id === cell.turnInId);
  const [turnIn] = await turnInSummaries(
    ctx.db,
    handedIn.map((t) => ({ ...t, className: cls.name })),
    'staff',
  );
  return { classId: cls.id, assignment: assignmentOf(row, g.tree), student: rest, cell, ...workOf(facts, g.tree, progress, attempts, bank), turnIn: turnIn ?? null };
}

async function removeStudent(ctx: ServiceContext): Promise<{ message: string }> {
  const { cls } = await staffClass(ctx, 'change');
  const userId = await studentParam(ctx, cls);
  await withClassVersions(ctx.db, { classIds: [cls.id] }, (trx) => repo.removeStudent(trx, cls.id, userId, ctx.clock()));
  return { message: CLASSROOM_MESSAGES.studentRemoved };
}

/** A student account a teacher may act on: not staff of any kind (no teacher resets a colleague). */
async function actOnStudent(ctx: ServiceContext): Promise<{ cls: repo.ClassRow; userId: number }> {
  const { cls } = await staffClass(ctx);
  const userId = await studentParam(ctx, cls);
  if (await repo.holdsAnyPermission(ctx.db, userId)) throw new HttpError(403, CLASSROOM_MESSAGES.staffAccount);
  // a student who also belongs to another school is helped by someone who teaches there too
  await requireAuthority(ctx.db, actorOf(signedInIdentity(ctx)), userId, 'teach');
  return { cls, userId };
}

/** The staff action on a class's student (services/accounts/staffActions.ts), its entry naming the class. */
async function classStaffAction(ctx: ServiceContext, cls: repo.ClassRow, userId: number): Promise<StaffAction> {
  return { actor: auditActorOf(ctx), schoolId: cls.clientId, target: { id: userId, name: await auditNameOfUser(ctx.db, userId) }, auditDetail: { classId: cls.id } };
}

async function endSessions(ctx: ServiceContext): Promise<{ message: string; ended: number }> {
  const { cls, userId } = await actOnStudent(ctx);
  const ended = await endUserSessions(ctx.db, await classStaffAction(ctx, cls, userId), ctx.clock());
  ctx.log.info({ studentId: userId, by: signedInIdentity(ctx).user.id, ended }, 'a teacher ended a student\'s sessions');
  return { message: ended > 0 ? CLASSROOM_MESSAGES.sessionsEnded(ended) : CLASSROOM_MESSAGES.noSessions, ended };
}

async function setTemporaryPassword(ctx: ServiceContext): Promise<{ password: string; message: string }> {
  const { cls, userId } = await actOnStudent(ctx);
  // whoever is signed in as the student (the reason for a new password) is signed out
  const password = await giveTemporaryPassword(ctx.db, ctx.config.passwordHashing, await classStaffAction(ctx, cls, userId), ctx.clock());
  ctx.log.info({ studentId: userId, by: signedInIdentity(ctx).user.id }, 'a teacher set a temporary password');
  return { password, message: CLASSROOM_MESSAGES.temporaryPassword };
}

// ---------------------------------------------------------------- turn-ins

const commentSchema = object({
  body: string()
    .typeError(CLASSROOM_MESSAGES.commentRequired)
    .trim()
    .required(CLASSROOM_MESSAGES.commentRequired)
    .min(1, CLASSROOM_MESSAGES.commentRequired)
    .max(2000, CLASSROOM_MESSAGES.commentTooLong),
})
  .noUnknown(CLASSROOM_MESSAGES.unknownField)
  .required(CLASSROOM_MESSAGES.commentRequired)
  .typeError(CLASSROOM_MESSAGES.commentRequired);

async function addComment(ctx: ServiceContext): Promise<Result> {
  const { staff, cls } = await staffClass(ctx, 'change');
  const turnIn = await repo.findTurnIn(ctx.db, idParam(ctx, 'turnInId', 'turn-in'));
  if (!turnIn || turnIn.classId !== cls.id) throw new HttpError(404, CLASSROOM_MESSAGES.turnInNotFound);
  const now = ctx.clock();
  const { body } = ctx.payload as { body: string };
  const id = await withClassVersions(ctx.db, { classIds: [cls.id] }, (trx) => repo.insertComment(trx, { turnInId: turnIn.id, authorId: staff.userId, body, createdAt: now }));
  const identity = signedInIdentity(ctx);
  const comment: TurnInComment = { id, authorName: `${identity.user.firstName} ${identity.user.lastName}`.trim(), body, createdAt: now };
  return new Result(201, comment);
}

/** A turn-in for its student, or for staff who may read its class at their current school. */
async function getTurnIn(ctx: ServiceContext): Promise<TurnInRecord> {
  const identity = signedInIdentity(ctx);
  const turnIn = await repo.findTurnIn(ctx.db, idParam(ctx, 'turnInId', 'turn-in'));
  if (!turnIn) throw new HttpError(404, CLASSROOM_MESSAGES.turnInNotFound);
  if (turnIn.userId !== identity.user.id) {
    const isStaff = hasPermission(identity.permissions, TEACHER_PERMISSION) || hasPermission(identity.permissions, SCHOOLADMIN_PERMISSION);
    if (!isStaff) throw new HttpError(404, CLASSROOM_MESSAGES.turnInNotFound);
    try {
      await staffClass({ ...ctx, params: { classId: String(turnIn.classId) } });
    } catch (error) {
      if (error instanceof HttpError) throw new HttpError(404, CLASSROOM_MESSAGES.turnInNotFound);
      throw error;
    }
  }
  const [summary] = await turnInSummaries(ctx.db, [turnIn], turnIn.userId === identity.user.id ? 'student' : 'staff');
  return {
    ...(summary as TurnInSummary),
    studentName: turnIn.studentName,
    worksheetKind: turnIn.worksheetKind as WorksheetKind | null,
    data: parseData<unknown>(turnIn.snapshot),
  };
}

const turnInSchema = object({
  classId: number().strict().typeError(CLASSROOM_MESSAGES.badId('class')).integer(CLASSROOM_MESSAGES.badId('class')).min(1, CLASSROOM_MESSAGES.badId('class')).max(2_147_483_647, CLASSROOM_MESSAGES.badId('class')).required(CLASSROOM_MESSAGES.badId('class')),
  kind: string().strict().typeError(CLASSROOM_MESSAGES.badTurnInKind).oneOf(['worksheet', 'budget'], CLASSROOM_MESSAGES.badTurnInKind).required(CLASSROOM_MESSAGES.badTurnInKind),
  documentId: number().strict().typeError(CLASSROOM_MESSAGES.documentNotFound).integer(CLASSROOM_MESSAGES.documentNotFound).min(1, CLASSROOM_MESSAGES.documentNotFound).max(2_147_483_647, CLASSROOM_MESSAGES.documentNotFound).required(CLASSROOM_MESSAGES.documentNotFound),
  assignmentId: number().strict().typeError(CLASSROOM_MESSAGES.assignmentNotFound).integer(CLASSROOM_MESSAGES.assignmentNotFound).min(1, CLASSROOM_MESSAGES.assignmentNotFound).max(2_147_483_647, CLASSROOM_MESSAGES.assignmentNotFound).nullable().optional(),
})
  .noUnknown(CLASSROOM_MESSAGES.unknownField)
  .required(CLASSROOM_MESSAGES.badTurnInKind)
  .typeError(CLASSROOM_MESSAGES.badTurnInKind);

async function turnIn(ctx: ServiceContext): Promise<Result> {
  const userId = signedInIdentity(ctx).user.id;
  const input = ctx.payload as { classId: number; kind: 'worksheet' | 'budget'; documentId: number; assignmentId?: number | null };
  const cls = await repo.findClass(ctx.db, input.classId);
  if (!cls || !(await repo.isEnrolled(ctx.db, cls.id, userId))) throw new HttpError(404, CLASSROOM_MESSAGES.notInClass);
  if (cls.archivedAt !== null) throw new HttpError(409, CLASSROOM_MESSAGES.archived);
  let title: string;
  let snapshot: string;
  let worksheetKind: string | null = null;
  if (input.kind === 'worksheet') {
    const doc = await repo.ownedWorksheet(ctx.db, userId, input.documentId);
    if (!doc) throw new HttpError(404, CLASSROOM_MESSAGES.documentNotFound);
    title = doc.title.trim() || (isWorksheetKind(doc.kind) ? WORKSHEET_INFO[doc.kind].title : doc.kind);
    snapshot = doc.data;
    worksheetKind = doc.kind;
  } else {
    const doc = await repo.ownedBudget(ctx.db, userId, input.documentId);
    if (!doc) throw new HttpError(404, CLASSROOM_MESSAGES.documentNotFound);
    title = doc.name.trim() || 'Budget';
    snapshot = doc.data;
  }
  const assignmentId = input.assignmentId ?? null;
  if (assignmentId !== null) {
    const assignment = await repo.findAssignment(ctx.db, cls.id, assignmentId);
    if (!assignment || assignment.kind !== 'worksheet' || assignment.worksheet_kind !== worksheetKind) throw new HttpError(400, CLASSROOM_MESSAGES.wrongAssignment);
  }
  const now = ctx.clock();
  const id = await withClassVersions(ctx.db, { classIds: [cls.id] }, (trx) =>
    repo.insertTurnIn(trx, { classId: cls.id, userId, assignmentId, kind: input.kind, documentId: input.documentId, title, snapshot, turnedInAt: now }),
  );
  const summary: TurnInSummary = { id, classId: cls.id, className: cls.name, assignmentId, kind: input.kind, documentId: input.documentId, title, worksheetKind: worksheetKind as WorksheetKind | null, turnedInAt: now, comments: [], review: null };
  return new Result(201, summary);
}

async function myTurnIns(ctx: ServiceContext): Promise<TurnInSummary[]> {
  return turnInSummaries(ctx.db, await repo.studentTurnIns(ctx.db, signedInIdentity(ctx).user.id), 'student');
}

// ---------------------------------------------------------------- the student's side

async function myClasses(ctx: ServiceContext): Promise<StudentClass[]> {
  const classes = (await repo.studentClasses(ctx.db, signedInIdentity(ctx).user.id)).filter((c) => c.archivedAt === null);
  const summaries = await repo.classSummaries(
    ctx.db,
    classes.map((c) => c.id),
    ctx.clock(),
  );
  return classes.map((c) => ({ id: c.id, name: c.name, schoolName: c.schoolName, teachers: summaries.find((s) => s.id === c.id)?.teachers.map((t) => t.name) ?? [] }));
}

/**
 * "Assigned to you": across the caller's live classes, the work not yet completed or passed (all of
 * it with params `all: true`), overdue first, then by due day (none last), then newest.
 */
async function myAssignments(ctx: ServiceContext): Promise<MyAssignment[]> {
  const userId = signedInIdentity(ctx).user.id;
  const now = ctx.clock();
  const classes = (await repo.studentClasses(ctx.db, userId)).filter((c) => c.archivedAt === null);
  if (classes.length === 0) return [];
  const rows = await repo.classAssignments(
    ctx.db,
    classes.map((c) => c.id),
  );
  const [progress, turnIns, worksheets, attempts, exceptions] = await Promise.all([
    loadProgress(ctx.db, userId),
    repo.studentTurnIns(ctx.db, userId),
    repo.learnerWorksheets(ctx.db, userId),
    repo.reviewAttemptsOf(ctx.db, userId),
    exceptionsOf(ctx.db, { userId }),
  ]);
  const trees = new Map<number, TreeModule[]>();
  const lsclientIDs = await repo.lsclientIdsOf(ctx.db, [...new Set(classes.map((c) => c.clientId))]);
  for (const client of lsclientIDs) trees.set(client.id, await schoolTree(ctx.db, client.lsclient_id));
  const all = ctx.query.all === true || ctx.query.all === 'true';
  const list: MyAssignment[] = [];
  for (const row of rows) {
    const cls = classes.find((c) => c.id === row.class_id);
    if (!cls) continue;
    const forStudents = repo.assignedStudents(row);
    if (forStudents !== null && !forStudents.includes(userId)) continue;
    const tree = trees.get(cls.clientId) ?? [];
    if (forStudents !== null) {
      // a re-teach is done once the review is passed after it was assigned (reading the section again leaves no new mark)
      const done = attempts.some((a) => a.module_slug === row.module_slug && a.material_slug === row.material_slug && Number(a.passed) === 1 && Number(a.created_at) > Number(row.created_at));
      if (done && !all) continue;
      const overdue = !done && row.due_at !== null && Number(row.due_at) < now;
      const state = done ? (row.kind === 'review' ? 'passed' : 'completed') : 'not-started';
      list.push({ ...assignmentOf(row, tree), className: cls.name, status: overdue ? 'overdue' : state, overdue, progress: state, bestScore: null });
      continue;
    }
    const work: StudentWork = {
      progress,
      turnIns: turnIns.filter((t) => t.classId === cls.id),
      worksheets,
    };
    // the student's own due day when a teacher granted a later one
    const own = exceptions.find((e) => e.assignmentId === row.id);
    const classDueAt = row.due_at === null ? null : Number(row.due_at);
    const dueAt = studentDueAt(classDueAt, own?.dueAt);
    const extended = dueAt !== classDueAt;
    const worked = workCell(factsOf(row), tree, work);
    const cell = cellAt(worked, dueAt, now);
    const finished = cell.status === 'completed' || cell.status === 'passed';
    if (finished && !all) continue;
    const assignment = assignmentOf(row, tree);
    // the work's own state beside the due state: Home shows "in progress" and "overdue" as two marks
    const state = worked.cell.status === 'overdue' ? 'not-started' : worked.cell.status;
    list.push({
      ...assignment,
      ...(extended ? { dueDate: own?.dueDate ?? assignment.dueDate, dueAt } : {}),
      className: cls.name,
      status: cell.status,
      overdue: cell.status === 'overdue',
      extended,
      progress: state,
      bestScore: cell.bestScore,
    });
  }
  return list.sort(byUrgency);
}

// ---------------------------------------------------------------- the route table

const C = '/classes/:classId';

export const classroomRoutes: readonly ServiceRoute[] = [
  { method: 'GET', path: '/classes', access: 'user', handler: listClasses },
  { method: 'POST', path: '/classes', access: 'user', payloadSchema: createClassSchema, handler: createClass },
  { method: 'GET', path: C, access: 'user', handler: getClass },
  { method: 'PATCH', path: C, access: 'user', payloadSchema: updateClassSchema, handler: updateClass },
  { method: 'POST', path: `${C}/join-code`, access: 'user', payloadSchema: noPayload, handler: newJoinCode },
  { method: 'POST', path: `${C}/teachers`, access: 'user', payloadSchema: teacherSchema, handler: addTeacher },
  { method: 'DELETE', path: `${C}/teachers/:userId`, access: 'user', handler: removeTeacher },
  { method: 'POST', path: `${C}/assignments`, access: 'user', payloadSchema: assignmentSchema, handler: createAssignment },
  { method: 'PATCH', path: `${C}/assignments/:assignmentId`, access: 'user', payloadSchema: assignmentChangeSchema, handler: changeAssignment },
  { method: 'DELETE', path: `${C}/assignments/:assignmentId`, access: 'user', handler: withdrawAssignment },
  // a poll of an unchanged class is a 304 before any of the grid is computed
  { method: 'GET', path: `${C}/dashboard`, access: 'user', handler: dashboard },
  { method: 'GET', path: `${C}/gradebook.csv`, access: 'user', handler: gradebook },
  { method: 'GET', path: `${C}/assignments/:assignmentId/questions`, access: 'user', handler: reviewQuestions },
  { method: 'POST', path: `${C}/assignments/:assignmentId/reteach`, access: 'user', payloadSchema: reteachSchema, handler: reteach },
  { method: 'GET', path: `${C}/students/:userId`, access: 'user', handler: studentRecord },
  { method: 'DELETE', path: `${C}/students/:userId`, access: 'user', handler: removeStudent },
  { method: 'GET', path: `${C}/students/:userId/work/:assignmentId`, access: 'user', handler: studentWork },
  { method: 'POST', path: `${C}/students/:userId/end-sessions`, access: 'user', payloadSchema: noPayload, handler: endSessions },
  { method: 'POST', path: `${C}/students/:userId/temporary-password`, access: 'user', payloadSchema: noPayload, handler: setTemporaryPassword },
  { method: 'POST', path: `${C}/turn-ins/:turnInId/comments`, access: 'user', payloadSchema: commentSchema, handler: addComment },
  { method: 'GET', path: '/turn-ins/:turnInId', access: 'user', handler: getTurnIn },
  { method: 'GET', path: '/me/classes', access: 'user', handler: myClasses },
  { method: 'GET', path: '/me/assignments', access: 'user', handler: myAssignments },
  { method: 'GET', path: '/me/turn-ins', access: 'user', handler: myTurnIns },
  { method: 'POST', path: '/me/turn-ins', access: 'user', payloadSchema: turnInSchema, handler: turnIn },
];
