import { SUPERUSER_PERMISSION } from './constants';

/**
 * SPEC §6: a user holding GADMINSUPERUSER passes every check; otherwise the requested
 * permission is uppercased and must be in the list.
 */
export function hasPermission(permissions: readonly string[] | null | undefined, required: string): boolean {
  if (!permissions) return false;
  if (permissions.includes(SUPERUSER_PERMISSION)) return true;
  return permissions.includes(required.toUpperCase());
}
