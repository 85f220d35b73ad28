/** What the class got wrong on a review, and re-teaching a missed question's section to those who missed it. */
import { number, object } from 'yup';
import type { ClassReviewQuestions, ReteachResult } from '../../../common/classroom';
import { HttpError } from '../../http/errors';
import { bankOf } from '../catalog/repository';
import { sectionsOf } from '../catalog/reviewServing';
import { Result, type ServiceContext, type ServiceRoute } from '../types';
import { idParam, staffClass } from './access';
import { CLASSROOM_MESSAGES } from './messages';
import { questionTallies } from './missedQuestions';
import * as repo from './repository';
import { schoolTree } from './schoolTree';
import { assignmentOf } from './shapes';
import { withClassVersions } from './versions';

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

const C = '/classes/:classId';

export const reviewRoutes: readonly ServiceRoute[] = [
  { method: 'GET', path: `${C}/assignments/:assignmentId/questions`, access: 'user', handler: reviewQuestions },
  { method: 'POST', path: `${C}/assignments/:assignmentId/reteach`, access: 'user', payloadSchema: reteachSchema, handler: reteach },
];
