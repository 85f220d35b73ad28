/** A class's grid, students × assignments, as the dashboard, the gradebook and a student's record read it. */
import type { AssignmentException, DashboardStudent } from '../../../common/classroom';
import type { Db } from '../../db';
import type { TreeModule } from '../catalog/repository';
import { dashboardRows } from './dashboardRows';
import { exceptionsOf, ownDueAts } from './exceptions';
import * as repo from './repository';
import { schoolTree } from './schoolTree';
import { factsOf } from './shapes';

export interface Grid {
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
export async function grid(db: Db, cls: repo.ClassRow, now: number): Promise<Grid> {
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
