/** The student's side: their classes, and the work assigned to them across those classes. */
import type { MyAssignment, StudentClass } from '../../../common/classroom';
import type { TreeModule } from '../catalog/repository';
import { loadProgress } from '../catalog/repository';
import { signedInIdentity } from '../signedIn';
import type { ServiceContext, ServiceRoute } from '../types';
import { exceptionsOf } from './exceptions';
import * as repo from './repository';
import { schoolTree } from './schoolTree';
import { assignmentOf, byUrgency, factsOf } from './shapes';
import { cellAt, studentDueAt, workCell, type StudentWork } from './status';

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

export const myClassesRoutes: readonly ServiceRoute[] = [
  { method: 'GET', path: '/me/classes', access: 'user', handler: myClasses },
  { method: 'GET', path: '/me/assignments', access: 'user', handler: myAssignments },
];
