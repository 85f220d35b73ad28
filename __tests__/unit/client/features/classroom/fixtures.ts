/** A student's assignment as GET /me/assignments answers it: a material of Period 2, open, no due day. */
import type { MyAssignment } from '../../../../../src/common/classroom';

export function myAssignment(id: number, over: Partial<MyAssignment> = {}): MyAssignment {
  return {
    id,
    classId: 4,
    kind: 'material',
    moduleSlug: 'budgeting',
    materialSlug: `m${id}`,
    worksheetKind: null,
    title: `T${id}`,
    href: `/app/catalog/budgeting/material/m${id}`,
    dueDate: null,
    dueAt: null,
    maxAttempts: null,
    createdAt: 0,
    className: 'Personal Finance — Period 2',
    status: 'not-started',
    overdue: false,
    progress: 'not-started',
    bestScore: null,
    ...over,
  };
}
