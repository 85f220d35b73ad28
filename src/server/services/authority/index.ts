/**
 * Who may act on a person (SECURITY.md "Authority across schools"), in one place.
 *
 * A role is held at one school. Acting on a person — a temporary password, ending their sessions,
 * deactivating them, their roles, roster changes, reading their support tickets and recordings —
 * needs authority at EVERY school that person belongs to, or GADMINSUPERUSER. Belonging comes
 * from a membership (which a code can give) or a role; authority never does: redeeming a code makes
 * a student a member of a school and a class, and widens nothing a staff member may see or do.
 *
 * Authority at a school, by kind of action:
 * - 'administer' (accounts and roles): SCHOOLADMIN there;
 * - 'teach' (a teacher's help to a class's student): TEACHER or SCHOOLADMIN there;
 * - 'support' (tickets, recordings, the support look-up): SUPPORT held there, or district-wide
 *   SUPPORT with the school in its assigned list (support_schools), never its memberships.
 * A person who holds a role at a school is staff there: changing their account needs SCHOOLADMIN
 * at that school whatever the action, and a person with a district-wide permission is changed by
 * GADMINSUPERUSER only. Reading a staff member's own support ticket is support as any other.
 * A school's roster import applies the same rule to a whole file at once (roster/repository.ts
 * `usersBeyondSchools`: an account that belongs, or holds a role, beyond the file's schools, or holds
 * a district permission, is not the school's to change).
 */
import { SUPERUSER_PERMISSION } from '../../../common/constants';
import { SCHOOLADMIN_PERMISSION, SUPPORT_PERMISSION, TEACHER_PERMISSION } from '../../../common/permissions';
import type { SessionIdentity } from '../../../common/types';
import { HttpError } from '../../http/errors';
import type { Db } from '../../db';
import * as repo from './repository';

export type Authority = 'administer' | 'teach' | 'support';

export const AUTHORITY_MESSAGES = {
  districtStaff: 'This account is managed by your district (it holds a district-wide permission).',
  otherSchool:
    'This person also belongs to a school where you do not have this authority. Ask the district administrator, or an administrator of every school they belong to.',
  staffElsewhere: 'This account belongs to staff at a school where you are not an administrator. Ask the district administrator.',
  noSchool: 'This person belongs to no school: only the district administrator can do this.',
} as const;

const GRANTS: Record<Authority, readonly string[]> = {
  administer: [SCHOOLADMIN_PERMISSION],
  teach: [TEACHER_PERMISSION, SCHOOLADMIN_PERMISSION],
  support: [SUPPORT_PERMISSION],
};

/** The schools at which the user holds this kind of authority (roles count where they are still a member). */
export async function schoolsUnder(db: Db, userId: number, kind: Authority): Promise<Set<number>> {
  const schools = new Set((await repo.rolesOf(db, userId)).filter((r) => GRANTS[kind].includes(r.permission)).map((r) => r.clientId));
  if (kind === 'support' && (await repo.districtPermissionsOf(db, userId)).includes(SUPPORT_PERMISSION)) {
    for (const id of await repo.assignedSupportSchools(db, userId)) schools.add(id);
  }
  return schools;
}

/** The schools whose people a support user may read: null for GADMINSUPERUSER (every school). */
export async function supportScope(db: Db, identity: Pick<SessionIdentity, 'user' | 'permissions'>): Promise<number[] | null> {
  if (identity.permissions.includes(SUPERUSER_PERMISSION)) return null;
  return [...(await schoolsUnder(db, identity.user.id, 'support'))].sort((a, b) => a - b);
}

/** Why `actor` may not act on `targetId` with this kind of action, or null when they may. */
export async function refusal(db: Db, actor: { id: number; isSuperuser: boolean }, targetId: number, kind: Authority): Promise<string | null> {
  if (actor.isSuperuser) return null;
  if (kind !== 'support' && (await repo.districtPermissionsOf(db, targetId)).length > 0) return AUTHORITY_MESSAGES.districtStaff;
  const schools = await repo.schoolsOfPerson(db, targetId);
  if (schools.length === 0) return AUTHORITY_MESSAGES.noSchool;
  const staffAt = kind === 'support' ? new Set<number>() : new Set((await repo.allRolesOf(db, targetId)).map((r) => r.clientId));
  const under = await schoolsUnder(db, actor.id, kind);
  const administers = staffAt.size > 0 ? await schoolsUnder(db, actor.id, 'administer') : under;
  for (const school of schools) {
    if (staffAt.has(school)) {
      if (!administers.has(school)) return AUTHORITY_MESSAGES.staffElsewhere;
    } else if (!under.has(school)) {
      return AUTHORITY_MESSAGES.otherSchool;
    }
  }
  return null;
}

/** The same, as a 403 with its message. */
export async function requireAuthority(db: Db, actor: { id: number; isSuperuser: boolean }, targetId: number, kind: Authority): Promise<void> {
  const why = await refusal(db, actor, targetId, kind);
  if (why !== null) throw new HttpError(403, why);
}

/** The signed-in caller as an actor of the rule. */
export function actorOf(identity: Pick<SessionIdentity, 'user' | 'permissions'>): { id: number; isSuperuser: boolean } {
  return { id: identity.user.id, isSuperuser: identity.permissions.includes(SUPERUSER_PERMISSION) };
}

export { assignSupportSchool, assignedSupportSchools, districtPermissionsOf, schoolsOfPerson, unassignSupportSchool } from './repository';
