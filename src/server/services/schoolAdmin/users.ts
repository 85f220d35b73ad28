/**
 * A school's member as its administrator sees them: the roles held at this school, the global
 * permissions (the district's staff, whom only the superuser may act on), deactivated or not.
 */
import { SCHOOL_ROLES, type AdminUser } from '../../../common/schoolAdmin';
import type { PermissionRow, UserRow } from './repository';

/** The users in the order of `ids` (one not found is left out), from their rows and permissions. */
export function adminUsersOf(ids: readonly number[], found: { rows: readonly UserRow[]; school: readonly PermissionRow[]; global: readonly PermissionRow[] }): AdminUser[] {
  const byId = new Map(found.rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        userName: r.user_name,
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email,
        roles: SCHOOL_ROLES.filter((role) => found.school.some((p) => p.user_id === id && p.permission.toUpperCase() === role)),
        globalPermissions: found.global.filter((p) => p.user_id === id).map((p) => p.permission.toUpperCase()),
        deactivated: r.deactivated_at !== null,
        mustChangePassword: Number(r.must_change_password) === 1,
        createdAt: Number(r.created_at),
      },
    ];
  });
}
