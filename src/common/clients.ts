import type { Client } from './types';

/** SPEC §3: client ids are compared case-insensitively. */
export function sameClientId(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** SPEC §1: a user with more than one client is multi-tenant. */
export function isMultiTenant(clients: readonly Client[] | null | undefined): boolean {
  return (clients?.length ?? 0) > 1;
}

/** SPEC §1: the first client is the current school. */
export function currentSchool(clients: readonly Client[] | null | undefined): Client | null {
  return clients?.[0] ?? null;
}
