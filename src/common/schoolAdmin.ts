/**
 * School administration at /app/admin: the OneLook routes' paths and shapes, shared by the server
 * (services/schoolAdmin/routes.ts) and the client's schoolAdmin feature. Every route acts on one school:
 * a SCHOOLADMIN's current school, or for GADMINSUPERUSER the school named by the `school` query
 * parameter (an lsclientID; their current school without one). Times are epoch milliseconds.
 */
import { ACCOUNT_LIMITS } from './accountMessages';
import type { AuditEntry } from './audit';

/** The permissions a school administrator grants and revokes at their school. */
export const SCHOOL_ROLES = ['TEACHER', 'SUPPORT', 'SCHOOLADMIN'] as const;
export type SchoolRole = (typeof SCHOOL_ROLES)[number];

export const SCHOOL_ROLE_LABELS: Record<SchoolRole, string> = {
  TEACHER: 'Teacher',
  SUPPORT: 'Support',
  SCHOOLADMIN: 'School administrator',
};

export const ADMIN_PAGE_SIZE = 25;

export const ADMIN_PATHS = {
  /** GET: the schools the caller administers (AdminSchool[]; every school for GADMINSUPERUSER) */
  schools: '/admin/schools',
  /** GET: the school's counts (AdminOverview) */
  overview: '/admin/overview',
  /** GET ?q=&page=: users of the school (AdminUserPage); POST NewUserInput: create a learner */
  users: '/admin/users',
  /** POST: deactivate (cannot sign in; sessions ended) */
  deactivate: (userId: number) => `/admin/users/${userId}/deactivate`,
  /** POST: reactivate */
  reactivate: (userId: number) => `/admin/users/${userId}/reactivate`,
  /** POST: a temporary password ({ password, message }), changed at the next sign-in */
  temporaryPassword: (userId: number) => `/admin/users/${userId}/temporary-password`,
  /** POST: end every session of the user ({ ended, message }) */
  endSessions: (userId: number) => `/admin/users/${userId}/end-sessions`,
  /** PUT: grant a SchoolRole at the school; DELETE: revoke it */
  role: (userId: number, role: SchoolRole) => `/admin/users/${userId}/roles/${role}`,
  /** GET: the school's access codes (AdminAccessCode[]); POST { seats, expires? }: create one */
  codes: '/admin/codes',
  /** DELETE: revoke an access code (it stops working; who joined with it stays) */
  code: (codeId: number) => `/admin/codes/${codeId}`,
  /** GET: the school's invitations (AdminInvitation[]); POST { email }: send one */
  invitations: '/admin/invitations',
  /** DELETE: withdraw an unused invitation */
  invitation: (invitationId: number) => `/admin/invitations/${invitationId}`,
  /** GET ?action=&actor=&target=&date=&dateMode=&page=: the audit trail (AuditPage), newest first */
  audit: '/admin/audit',
  /** GET: the same filters, every matching entry as CSV */
  auditCsv: '/admin/audit.csv',
} as const;

export interface AdminSchool {
  /** the lsclientID */
  id: string;
  name: string;
}

export interface AdminOverview {
  school: AdminSchool;
  timezone: string;
  users: number;
  learners: number;
  staff: number;
  deactivated: number;
  classes: number;
  /** the school's own access codes that work (status 'working'), as on the codes list */
  accessCodes: number;
  /** the classes' class codes that work, as on the codes list */
  classCodes: number;
  pendingInvitations: number;
  auditEntries: number;
}

export interface AdminUser {
  id: number;
  userName: string;
  firstName: string;
  lastName: string;
  email: string;
  /** SchoolRoles held at this school */
  roles: SchoolRole[];
  /** a global permission (GADMINSUPERUSER, SUPPORT…): managed by the district, not here */
  globalPermissions: string[];
  deactivated: boolean;
  mustChangePassword: boolean;
  createdAt: number;
}

export interface AdminUserPage {
  users: AdminUser[];
  total: number;
  page: number;
  pageSize: number;
}

export interface NewUserInput {
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
}

/** A learner created with a temporary password, shown once. */
export interface NewUserResult {
  user: AdminUser;
  password: string;
  message: string;
}

export interface AdminAccessCode {
  id: number;
  /** formatted, e.g. ABCD-EFGH-JKLM */
  code: string;
  seats: number;
  /** seats taken: for a class's working class code, the students enrolled in the class now (however they joined); else the code's redemptions */
  used: number;
  expiresAt: number | null;
  /** a class's class code: the class; null for the school's access code */
  className: string | null;
  status: CodeStatus;
  createdAt: number;
}

/**
 * Whether a code lets someone in now. One definition for the overview's counts, the codes list and
 * the printed sheet: "working" is not revoked or expired, not of an archived class, with a seat left.
 */
export type CodeStatus = 'working' | 'full' | 'stopped' | 'archived';

export interface AdminInvitation {
  id: number;
  email: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

/** SPEC §9's date match modes for the trail's date filter. */
export const AUDIT_DATE_MODES = ['is', 'isNot', 'before', 'after'] as const;
export type AuditDateMode = (typeof AUDIT_DATE_MODES)[number];
export const AUDIT_DATE_MODE_LABELS: Record<AuditDateMode, string> = { is: 'is', isNot: 'is not', before: 'before', after: 'after' };

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
}

export const ADMIN_MESSAGES = {
  notAdmin: 'Only a school administrator can do this.',
  noSchool: 'You are not a member of any school yet.',
  unknownSchool: 'There is no such school.',
  userNotFound: 'This user is not a member of your school.',
  badId: 'The id must be a positive whole number.',
  badRole: 'Choose a role: Teacher, Support or School administrator.',
  lastAdmin: 'A school needs an administrator: make someone else a school administrator before removing the last one.',
  notSelf: 'You cannot deactivate your own account.',
  staffByDistrict: 'This account is managed by your district (it holds a district-wide permission).',
  alreadyDeactivated: 'This account is already deactivated.',
  notDeactivated: 'This account is not deactivated.',
  deactivated: 'The account was deactivated: it cannot sign in, and its sessions were ended.',
  reactivated: 'The account was reactivated.',
  granted: (role: string) => `${role} granted.`,
  alreadyHeld: (role: string) => `The user is already ${role === 'School administrator' ? 'a school administrator' : `${role === 'Support' ? 'support staff' : 'a teacher'}`}.`,
  revoked: (role: string) => `${role} revoked.`,
  notHeld: 'The user does not hold this role here.',
  sessionsEnded: (n: number) => (n === 1 ? 'One session was ended.' : `${n} sessions were ended.`),
  noSessions: 'The user had no open session.',
  temporaryPassword: `Give the user this password. It works once, within ${ACCOUNT_LIMITS.temporaryPasswordHours} hours: they must choose their own when they sign in.`,
  created: `The account was created. Give the user this temporary password (it works once, within ${ACCOUNT_LIMITS.temporaryPasswordHours} hours): they choose their own at the first sign-in.`,
  invitationSent: (email: string) => `An invitation was sent to ${email}.`,
  invitationWithdrawn: 'The invitation was withdrawn.',
  invitationNotFound: 'This invitation does not exist, or it was already used.',
  codeCreated: 'The access code was created.',
  codeRevoked: 'The access code was revoked: it no longer lets anyone join. Who joined with it stays.',
  codeNotFound: 'This access code does not exist at your school.',
  badSeats: 'Seats must be a whole number from 1 to 10000.',
  badExpiry: 'The expiry must be a future date (YYYY-MM-DD), or empty for none.',
  badDate: 'The date must be a calendar date (YYYY-MM-DD).',
  badAction: 'Choose an action from the list.',
  badDateMode: 'Choose how the date matches: is, is not, before or after.',
  badPage: 'The page must be a whole number from 1.',
  noProduct: 'No course is set up for this school yet. Ask your district’s Cashwise administrator.',
} as const;
