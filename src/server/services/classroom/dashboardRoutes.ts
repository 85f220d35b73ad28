/** The class's dashboard (polled under a tag) and its gradebook, a CSV of the same grid. */
import type { ClassDashboard } from '../../../common/classroom';
import { HttpError } from '../../http/errors';
import { Result, Tagged, type ServiceContext, type ServiceRoute } from '../types';
import { staffClass } from './access';
import { csvDocument } from './csv';
import { gradebookFileName, gradebookRows, missingMarkOf } from './gradebook';
import { grid } from './grid';
import { CLASSROOM_MESSAGES } from './messages';
import * as repo from './repository';
import { assignmentOf } from './shapes';
import { dashboardTag } from './versions';

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

const C = '/classes/:classId';

export const dashboardRoutes: readonly ServiceRoute[] = [
  // a poll of an unchanged class is a 304 before any of the grid is computed
  { method: 'GET', path: `${C}/dashboard`, access: 'user', handler: dashboard },
  { method: 'GET', path: `${C}/gradebook.csv`, access: 'user', handler: gradebook },
];
