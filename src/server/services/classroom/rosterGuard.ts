/**
 * What a school administrator may change by hand in a class the OneRoster import manages. The import
 * (services/roster/service.ts) makes a roster class match the file again: it restores an archived
 * class that is still listed, re-adds the roster's teachers and drops any roster user the file does
 * not list. A change the next import would undo is refused with the reason, so nobody sees their
 * work silently reverted; a teacher created by hand stays, so adding or removing one is allowed.
 */
import { CLASS_ADMIN_MESSAGES } from '../../../common/schoolAdminClasses';

export type ClassChange = 'archive' | 'add-teacher' | 'remove-teacher';

export interface RosterFacts {
  /** the class carries a OneRoster sourcedId */
  classFromRoster: boolean;
  /** the teacher acted on carries a OneRoster sourcedId (irrelevant to archiving) */
  teacherFromRoster: boolean;
}

/** Why the change is refused, or null when the next import leaves it standing. */
export function rosterRefusal(change: ClassChange, facts: RosterFacts): string | null {
  if (!facts.classFromRoster) return null;
  if (change === 'archive') return CLASS_ADMIN_MESSAGES.rosterArchive;
  if (!facts.teacherFromRoster) return null;
  return change === 'add-teacher' ? CLASS_ADMIN_MESSAGES.rosterTeacherAdd : CLASS_ADMIN_MESSAGES.rosterTeacherRemove;
}
