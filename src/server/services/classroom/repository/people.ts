/** The people the class routes check: a user by name, school membership, permissions, a school's holders of one. */
import type { Db } from '../../../db';

// who a user is and where they belong are the accounts' queries, shared
export { isSchoolMember, userIdByName } from '../../accounts/repository';

/** The permissions the user holds at the school and globally, as granted (either case). */
export async function permissionsAt(db: Db, userId: number, clientId: number): Promise<string[]> {
  const [school, global] = await Promise.all([
    db.selectFrom('school_permissions').select('permission').where('user_id', '=', userId).where('client_id', '=', clientId).execute(),
    db.selectFrom('user_permissions').select('permission').where('user_id', '=', userId).execute(),
  ]);
  return [...school, ...global].map((r) => r.permission);
}

/** Does the user hold any permission, globally or at any school: staff of some kind? */
export async function holdsAnyPermission(db: Db, userId: number): Promise<boolean> {
  const [global, school] = await Promise.all([
    db.selectFrom('user_permissions').select('permission').where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('school_permissions').select('permission').where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return global !== undefined || school !== undefined;
}

/** The school's active members who hold `permission` there, by name. */
export function holdersAtSchool(db: Db, schoolId: number, permission: string) {
  return db
    .selectFrom('users')
    .innerJoin('school_permissions', 'school_permissions.user_id', 'users.id')
    .innerJoin('user_clients', (join) => join.onRef('user_clients.user_id', '=', 'users.id').on('user_clients.client_id', '=', schoolId))
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.user_name', 'users.sourced_id'])
    .where('school_permissions.client_id', '=', schoolId)
    .where('school_permissions.permission', '=', permission)
    .where('users.deactivated_at', 'is', null)
    .orderBy('users.last_name')
    .orderBy('users.first_name')
    .orderBy('users.id')
    .execute();
}

/** A user's name and roster id. */
export function userNamed(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'first_name', 'last_name', 'user_name', 'sourced_id']).where('id', '=', userId).executeTakeFirst();
}
