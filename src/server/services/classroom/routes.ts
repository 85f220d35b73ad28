/**
 * The classroom's routes (paths and shapes: common/classroom.ts), one group a concept. Every route
 * is of access 'user' and checks its caller (./access.ts: who may reach a class). Queries live in
 * ./repository/, the answers' shapes in ./shapes.ts, the status rules in ./status.ts. The school
 * administration's class routes are ./schoolClassRoutes.ts.
 */
import type { ServiceRoute } from '../types';
import { assignmentRoutes } from './assignmentRoutes';
import { classRoutes } from './classRoutes';
import { dashboardRoutes } from './dashboardRoutes';
import { exceptionRoutes } from './exceptionRoutes';
import { inboxRoutes } from './inboxRoutes';
import { myClassesRoutes } from './myClassesRoutes';
import { reviewRoutes } from './reviewRoutes';
import { studentRoutes } from './studentRoutes';
import { turnInRoutes } from './turnInRoutes';

export const classroomRoutes: readonly ServiceRoute[] = [
  ...classRoutes,
  ...assignmentRoutes,
  ...dashboardRoutes,
  ...reviewRoutes,
  ...studentRoutes,
  ...turnInRoutes,
  ...myClassesRoutes,
  ...exceptionRoutes,
  ...inboxRoutes,
];
