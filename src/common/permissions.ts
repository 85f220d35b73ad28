import { SUPERUSER_PERMISSION } from './constants';

/*
 * The staff permissions live here rather than beside their features' constants (support.ts,
 * classroom.ts re-export them): the SPA's entry needs the names, and a module in the entry carries
 * every export any page uses (docs/performance.md, "Bundle").
 */
/** The permission that opens the support console and the replays (SPEC §6; GADMINSUPERUSER passes too). */
export const SUPPORT_PERMISSION = 'SUPPORT';
export const TEACHER_PERMISSION = 'TEACHER';
export const SCHOOLADMIN_PERMISSION = 'SCHOOLADMIN';

/**
 * SPEC §6: a user holding GADMINSUPERUSER passes every check; otherwise the requested
 * permission is uppercased and must be in the list.
 */
export function hasPermission(permissions: readonly string[] | null | undefined, required: string): boolean {
  if (!permissions) return false;
  if (permissions.includes(SUPERUSER_PERMISSION)) return true;
  return permissions.includes(required.toUpperCase());
}
