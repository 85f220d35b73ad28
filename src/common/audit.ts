/**
 * The audit trail's shapes, shared by the server (src/server/services/audit) and the school
 * administration pages. An entry says who did what to whose data, when and from where.
 */

/** Every action the trail records. Add one here before recording it. */
export const AUDIT_ACTIONS = [
  'student-record.open',
  'replay.open',
  'password.temporary',
  'sessions.end',
  'permission.grant',
  'permission.revoke',
  'roster.import',
  'student-data.export',
  'student-data.delete',
  'user.create',
  'user.deactivate',
  'user.reactivate',
  'invitation.create',
  'access-code.create',
  'access-code.revoke',
  'school.settings',
  'invitation.withdraw',
  'class.create',
  'class.teacher.add',
  'class.teacher.remove',
  'class.archive',
  'support-school.assign',
  'support-school.unassign',
  'assignment-exception.grant',
  'assignment-exception.withdraw',
  'turn-in.score',
  'turn-in.return',
  'sso.link',
  'sso.unlink',
  'sso.refuse',
  'sso.settings',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the trail names each action to a reader. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'student-record.open': 'Opened a student record',
  'replay.open': 'Opened a session replay',
  'password.temporary': 'Gave a temporary password',
  'sessions.end': 'Ended sessions',
  'permission.grant': 'Granted a permission',
  'permission.revoke': 'Revoked a permission',
  'roster.import': 'Imported a roster',
  'student-data.export': 'Exported a student’s data',
  'student-data.delete': 'Deleted a student’s data',
  'user.create': 'Created a user',
  'user.deactivate': 'Deactivated a user',
  'user.reactivate': 'Reactivated a user',
  'invitation.create': 'Created an invitation',
  'access-code.create': 'Created an access code',
  'access-code.revoke': 'Revoked an access code',
  'school.settings': 'Changed the school’s settings',
  'invitation.withdraw': 'Withdrew an invitation',
  'class.create': 'Created a class',
  'class.teacher.add': 'Added a teacher to a class',
  'class.teacher.remove': 'Removed a teacher from a class',
  'class.archive': 'Archived a class',
  'support-school.assign': 'Assigned a school to district support',
  'support-school.unassign': 'Took a school from district support',
  'assignment-exception.grant': 'Gave a student an exception on an assignment',
  'assignment-exception.withdraw': 'Withdrew a student’s exception on an assignment',
  'turn-in.score': 'Scored turned-in work',
  'turn-in.return': 'Returned turned-in work',
  'sso.link': 'Linked a school sign-in',
  'sso.unlink': 'Unlinked a school sign-in',
  'sso.refuse': 'Refused a school sign-in',
  'sso.settings': 'Changed the school’s sign-in settings',
};

export interface AuditEntry {
  id: number;
  /** epoch ms */
  at: number;
  schoolId: number | null;
  schoolName: string | null;
  /** null: the command-line tool or the system */
  actorId: number | null;
  actorName: string;
  action: AuditAction;
  targetUserId: number | null;
  targetName: string | null;
  detail: Record<string, string | number | boolean | null>;
  /** the caller's IP, or 'cli' */
  origin: string;
}
