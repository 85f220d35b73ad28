/**
 * The operator CLI's staff commands: what school administration does in the app (/app/admin), for
 * scripts and for when nobody can sign in. Each calls the same service function as its route
 * (accounts/staffActions.ts, accounts/codeActions.ts, classroom/schoolClasses.ts), acting as the
 * command-line tool (CLI_ACTOR: origin "cli" in the audit trail). docs/accounts.md lists each UI
 * action with its command.
 */
import { normaliseUserName } from '../../common/accounts';
import { SCHOOL_ROLES, type SchoolRole } from '../../common/schoolAdmin';
import { SUPPORT_PERMISSION } from '../../common/permissions';
import { CODE_SHEET_COPIES } from '../../common/schoolAdminClasses';
import type { Config } from '../config';
import type { Db } from '../db';
import { AdminError } from '../services/accounts/admin';
import { revokeAccessCode, withdrawInvitation } from '../services/accounts/codeActions';
import { accessCodeByCode, invitationSchool } from '../services/accounts/codesRepository';
import { currentSchoolId, isSchoolMember, schoolByLsclientIdIgnoringCase, schoolNamesOf, userByName } from '../services/accounts/repository';
import { auditNameOfUser } from '../services/audit/actor';
import {
  activeSchoolAdmins,
  deactivateUser,
  endSessions,
  giveTemporaryPassword,
  grantSchoolRole,
  LastSchoolAdminError,
  reactivateUser,
  revokeSchoolRole,
  type StaffAction,
} from '../services/accounts/staffActions';
import { CLI_ACTOR, recordAudit } from '../services/audit/record';
import { assignedSupportSchools, assignSupportSchool, districtPermissionsOf, unassignSupportSchool } from '../services/authority';
import { findClass } from '../services/classroom/repository';
import { addClassTeacher, archiveSchoolClass, codeSheet, createClassFor, removeClassTeacher, schoolClassDetail, schoolClasses } from '../services/classroom/schoolClasses';

export class StaffUsageError extends Error {}

export const STAFF_HELP = `  user deactivate|reactivate|temporary-password|end-sessions <username> [--school <ID>]
      What the Users page does to one account: deactivate (no sign-in, sessions ended), reactivate,
      a temporary password (printed; changed at the next sign-in), end every session. Recorded in
      the audit trail of --school (default the user's current school).
  role grant|revoke <username> <TEACHER|SUPPORT|SCHOOLADMIN> [--school <ID>]
      Grant or revoke a role at one school (the last active school administrator stays).
  support-schools list <username> | support-schools add|remove <username> --school <ID>
      The schools a district-wide SUPPORT account serves: its tickets, recordings and look-ups
      reach people of these schools only (never the schools it merely belongs to).
  code revoke <CODE>
      Stop an access code or a class's class code at once (who joined with it stays).
  invitation withdraw <id>
      Withdraw an unused invitation (the id \`invite\` printed).
  class list --school <ID> | class show <classId>
      A school's classes (teachers, students, roster or not, archived); one class with its students.
  class create --school <ID> --name "<name>" --teacher <username>
      Create a class taught by that teacher (a TEACHER at the school), with a class code.
  class add-teacher|remove-teacher <classId> <username> | class archive <classId>
      Change a class's teachers (never the last one), or archive it. A roster class refuses what
      the next OneRoster import would undo.
  code-sheet --school <ID> [--class <classId>] [--copies 30]
      The printable sheet's cards as text: a class's class code (one per student, or --copies),
      or the school's working access codes.
`;

/** How many positionals each staff command takes (the command included). */
export const STAFF_POSITIONALS: Record<string, number> = { user: 3, role: 4, code: 3, invitation: 3, class: 4, 'support-schools': 3 };

interface Values {
  school?: string;
  name?: string;
  teacher?: string;
  class?: string;
  copies?: string;
}

async function schoolNamed(db: Db, lsclientID: string): Promise<{ id: number; name: string }> {
  const row = await schoolByLsclientIdIgnoringCase(db, lsclientID.trim());
  if (!row) throw new AdminError(`No school has the id "${lsclientID}".`);
  return { id: row.id, name: row.name };
}

async function userNamed(db: Db, userName: string): Promise<{ id: number; deactivated: boolean }> {
  const row = await userByName(db, normaliseUserName(userName));
  if (!row) throw new AdminError(`No user "${userName}".`);
  return { id: row.id, deactivated: row.deactivated_at !== null };
}

/** --school, else the user's current school; the user must be a member of it. */
async function schoolOfUser(db: Db, userId: number, userName: string, school: string | undefined): Promise<number> {
  const clientId = school ? (await schoolNamed(db, school)).id : await currentSchoolId(db, userId);
  if (clientId === undefined) throw new AdminError(`${userName} belongs to no school.`);
  if (!(await isSchoolMember(db, userId, clientId))) throw new AdminError(`${userName} is not a member of that school.`);
  return clientId;
}

async function staffAction(db: Db, userName: string, school: string | undefined): Promise<StaffAction & { schoolId: number; deactivated: boolean }> {
  const user = await userNamed(db, userName);
  const schoolId = await schoolOfUser(db, user.id, userName, school);
  return { actor: CLI_ACTOR, schoolId, target: { id: user.id, name: await auditNameOfUser(db, user.id) }, deactivated: user.deactivated };
}

async function classSchool(db: Db, classId: string): Promise<{ classId: number; schoolId: number }> {
  if (!/^[1-9]\d{0,9}$/.test(classId)) throw new StaffUsageError('The class id must be a positive whole number.');
  const row = await findClass(db, Number(classId));
  if (!row) throw new AdminError(`No class has the id ${classId}.`);
  return { classId: row.id, schoolId: row.clientId };
}

const day = (at: number | null) => (at === null ? 'no end' : new Date(at).toISOString().slice(0, 10));

/** Runs one staff command; its output lines, or throws AdminError / StaffUsageError / HttpError. */
export async function runStaffCommand(db: Db, config: Config, positionals: string[], values: Values, now: number): Promise<string> {
  const [command, sub, a, b] = positionals;
  const usage = (text: string) => new StaffUsageError(`Usage: npm run admin -- ${text}`);
  switch (command) {
    case 'user': {
      if (!a) throw usage('user deactivate|reactivate|temporary-password|end-sessions <username> [--school <ID>]');
      const action = await staffAction(db, a, values.school);
      if (sub === 'deactivate') {
        if (action.deactivated) throw new AdminError('This account is already deactivated.');
        const admins = await activeSchoolAdmins(db, action.schoolId);
        if (admins.length === 1 && admins[0] === action.target.id) throw new AdminError(new LastSchoolAdminError().message);
        await deactivateUser(db, action, now);
        return `Deactivated ${action.target.name}: they cannot sign in, and their sessions were ended.`;
      }
      if (sub === 'reactivate') {
        if (!action.deactivated) throw new AdminError('This account is not deactivated.');
        await reactivateUser(db, action, now);
        return `Reactivated ${action.target.name}.`;
      }
      if (sub === 'temporary-password') {
        const password = await giveTemporaryPassword(db, config.passwordHashing, action, now);
        return `Temporary password for ${action.target.name} (changed at the next sign-in): ${password}`;
      }
      if (sub === 'end-sessions') return `Ended ${await endSessions(db, action, now)} session(s) of ${action.target.name}.`;
      throw usage('user deactivate|reactivate|temporary-password|end-sessions <username> [--school <ID>]');
    }
    case 'role': {
      const role = (b ?? '').toUpperCase();
      if ((sub !== 'grant' && sub !== 'revoke') || !a || !(SCHOOL_ROLES as readonly string[]).includes(role)) {
        throw usage(`role grant|revoke <username> <${SCHOOL_ROLES.join('|')}> [--school <ID>]`);
      }
      const action = await staffAction(db, a, values.school);
      if (sub === 'grant') return (await grantSchoolRole(db, action, role as SchoolRole, now)) ? 'Granted.' : 'The user already holds this role at the school.';
      try {
        return (await revokeSchoolRole(db, action, role as SchoolRole, now)) ? 'Revoked.' : 'The user does not hold this role at the school.';
      } catch (error) {
        if (error instanceof LastSchoolAdminError) throw new AdminError(error.message);
        throw error;
      }
    }
    case 'code': {
      if (sub !== 'revoke' || !a) throw usage('code revoke <CODE>');
      const row = await accessCodeByCode(db, a.replace(/[\s-]/g, '').toUpperCase());
      if (!row || !(await revokeAccessCode(db, CLI_ACTOR, row.client_id, row.id, now))) throw new AdminError(`No access code "${a}".`);
      return 'Revoked: the code no longer lets anyone join. Who joined with it stays.';
    }
    case 'invitation': {
      if (sub !== 'withdraw' || !a || !/^[1-9]\d{0,9}$/.test(a)) throw usage('invitation withdraw <id>');
      const row = await invitationSchool(db, Number(a));
      if (!row?.client_id || !(await withdrawInvitation(db, CLI_ACTOR, row.client_id, Number(a), now))) throw new AdminError('This invitation does not exist, or it was already used or withdrawn.');
      return 'The invitation was withdrawn.';
    }
    case 'class':
      return classCommand(db, sub, a, b, values, now, usage);
    case 'support-schools':
      return supportSchoolsCommand(db, sub, a, values, now, usage);
    default:
      throw new StaffUsageError(`Unknown command "${command ?? ''}".`);
  }
}

async function classCommand(db: Db, sub: string | undefined, a: string | undefined, b: string | undefined, values: Values, now: number, usage: (text: string) => Error): Promise<string> {
  if (sub === 'list') {
    if (!values.school) throw usage('class list --school <ID>');
    const school = await schoolNamed(db, values.school);
    const rows = await schoolClasses(db, school.id, now);
    if (rows.length === 0) return '(none)';
    return rows
      .map((c) => `#${c.id}  ${c.name}  — ${c.teachers.map((t) => t.userName).join(', ') || 'no teacher'}; ${c.students} student(s)${c.rosterManaged ? '; roster' : ''}${c.archivedAt !== null ? '; archived' : ''}`)
      .join('\n');
  }
  if (sub === 'create') {
    if (!values.school || !values.name || !values.teacher) throw usage('class create --school <ID> --name "<name>" --teacher <username>');
    const school = await schoolNamed(db, values.school);
    const teacher = await userNamed(db, values.teacher);
    const id = await createClassFor(db, { actor: CLI_ACTOR, schoolId: school.id }, { name: values.name, teacherId: teacher.id }, now);
    const detail = await schoolClassDetail(db, school.id, id, now);
    return `Created class #${id} "${detail.name}"; class code ${detail.joinCode ?? '—'}.`;
  }
  if (!a) throw usage('class show|archive <classId> | class add-teacher|remove-teacher <classId> <username>');
  const { classId, schoolId } = await classSchool(db, a);
  const by = { actor: CLI_ACTOR, schoolId };
  switch (sub) {
    case 'show': {
      const c = await schoolClassDetail(db, schoolId, classId, now);
      const lines = [
        `#${c.id} ${c.name}${c.rosterManaged ? ' (roster)' : ''}${c.archivedAt !== null ? ' (archived)' : ''}`,
        `Class code: ${c.joinCode ?? '—'}`,
        `Teachers: ${c.teachers.map((t) => `${t.name} (${t.userName}, ${t.role})`).join('; ')}`,
        `Students (${c.students}):`,
        ...c.studentList.map((s) => `  ${s.name} (${s.userName})`),
      ];
      return lines.join('\n');
    }
    case 'archive':
      await archiveSchoolClass(db, by, classId, now);
      return 'The class was archived. Its class code no longer works; students keep their work.';
    case 'add-teacher':
    case 'remove-teacher': {
      if (!b) throw usage(`class ${sub} <classId> <username>`);
      const user = await userNamed(db, b);
      if (sub === 'add-teacher') return `${(await addClassTeacher(db, by, classId, user.id, now)).name} now teaches this class.`;
      return `${(await removeClassTeacher(db, by, classId, user.id, now)).name} no longer teaches this class.`;
    }
    default:
      throw usage('class list|show|create|add-teacher|remove-teacher|archive …');
  }
}

/** The schools a district-wide support account serves (services/authority), listed or changed and audited. */
async function supportSchoolsCommand(db: Db, sub: string | undefined, userName: string | undefined, values: Values, now: number, usage: (text: string) => Error): Promise<string> {
  const text = 'support-schools list <username> | support-schools add|remove <username> --school <ID>';
  if (!userName || (sub !== 'list' && sub !== 'add' && sub !== 'remove')) throw usage(text);
  const user = await userNamed(db, userName);
  if (sub === 'list') {
    const ids = await assignedSupportSchools(db, user.id);
    if (ids.length === 0) return '(none)';
    const rows = await schoolNamesOf(db, ids);
    return rows.map((r) => `${r.lsclient_id}  ${r.name}`).join('\n');
  }
  if (!values.school) throw usage(text);
  const school = await schoolNamed(db, values.school);
  if (sub === 'add' && !(await districtPermissionsOf(db, user.id)).includes(SUPPORT_PERMISSION)) {
    throw new AdminError(`${userName} holds no district-wide SUPPORT permission: grant it first (grant --username ${userName} --permission SUPPORT).`);
  }
  const target = { id: user.id, name: await auditNameOfUser(db, user.id) };
  return db.transaction().execute(async (trx) => {
    const done = sub === 'add' ? await assignSupportSchool(trx, user.id, school.id, null, now) : await unassignSupportSchool(trx, user.id, school.id);
    if (!done) return sub === 'add' ? `${userName} already serves ${school.name}.` : `${userName} does not serve ${school.name}.`;
    const action = sub === 'add' ? 'support-school.assign' : 'support-school.unassign';
    await recordAudit(trx, CLI_ACTOR, { action, schoolId: school.id, targetUserId: user.id, targetName: target.name }, now);
    return sub === 'add' ? `${userName} now serves ${school.name}.` : `${userName} no longer serves ${school.name}.`;
  });
}

/** `code-sheet`: the printable sheet's cards, one block each. */
export async function codeSheetText(db: Db, config: Config, values: Values, now: number): Promise<string> {
  if (!values.school) throw new StaffUsageError('Usage: npm run admin -- code-sheet --school <ID> [--class <classId>] [--copies 30]');
  const school = await schoolNamed(db, values.school);
  const copies = values.copies === undefined ? CODE_SHEET_COPIES.default : /^\d{1,4}$/.test(values.copies) ? Number(values.copies) : 0;
  if (copies < 1 || copies > CODE_SHEET_COPIES.max) throw new StaffUsageError(`--copies must be a whole number from 1 to ${CODE_SHEET_COPIES.max}.`);
  let classId: number | null = null;
  if (values.class !== undefined) {
    const found = await classSchool(db, values.class);
    if (found.schoolId !== school.id) throw new AdminError(`No class has the id ${values.class} at ${school.name}.`);
    classId = found.classId;
  }
  const sheet = await codeSheet(db, { school, classId, copies, publicUrl: config.publicUrl }, now);
  const cards = sheet.cards.map((c) =>
    [c.studentName ? `For: ${c.studentName}` : null, c.className ? `Class: ${c.className}` : null, `Code: ${c.code}`, `Works until: ${day(c.expiresAt)}`].filter(Boolean).join('\n'),
  );
  return [`${sheet.title} (${sheet.school})`, `New students register at ${sheet.registerUrl}; students with an account add the code at ${sheet.joinUrl}.`, '', ...cards.map((c) => `${c}\n`)].join('\n').trimEnd();
}
