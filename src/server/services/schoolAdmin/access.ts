/**
 * Who acts for which school in school administration: a SCHOOLADMIN for their current school, or
 * GADMINSUPERUSER (SPEC §6) for any school named by the `school` query parameter. Asking for
 * another school is asking for one that does not exist (404), so a Roosevelt administrator learns
 * nothing of Lincoln. Every /admin route starts here: the users, codes and audit trail (routes.ts),
 * the school's classes (classroom/schoolClassRoutes.ts) and its settings and roster upload
 * (schoolSettings/routes.ts).
 */
import { mixed } from 'yup';
import { SCHOOLADMIN_PERMISSION } from '../../../common/classroom';
import { SUPERUSER_PERMISSION } from '../../../common/constants';
import { hasPermission } from '../../../common/permissions';
import { ADMIN_MESSAGES } from '../../../common/schoolAdmin';
import { HttpError } from '../../http/errors';
import type { AuditActor } from '../audit/record';
import { signedInIdentity } from '../signedIn';
import type { ServiceContext } from '../types';
import { findSchool, type School } from './repository';

export type { School } from './repository';

export interface Admin {
  actor: AuditActor;
  userId: number;
  isSuperuser: boolean;
  school: School;
}

/** The caller as an administrator of the school the call is about, else 403/404. */
export async function adminOf(ctx: ServiceContext): Promise<Admin> {
  const identity = signedInIdentity(ctx);
  const isSuperuser = identity.permissions.includes(SUPERUSER_PERMISSION);
  if (!hasPermission(identity.permissions, SCHOOLADMIN_PERMISSION)) throw new HttpError(403, ADMIN_MESSAGES.notAdmin);
  const current = identity.clients[0]?.lsclientID;
  const asked = typeof ctx.query.school === 'string' && ctx.query.school.trim() !== '' ? ctx.query.school.trim() : current;
  if (asked === undefined) throw new HttpError(403, ADMIN_MESSAGES.noSchool);
  // a school admin runs their current school only; asking for another is asking for one that does not exist
  if (!isSuperuser && asked.toLowerCase() !== current?.toLowerCase()) throw new HttpError(404, ADMIN_MESSAGES.unknownSchool);
  const school = await findSchool(ctx.db, asked);
  if (!school) throw new HttpError(404, ADMIN_MESSAGES.unknownSchool);
  const { user } = identity;
  return {
    actor: { id: user.id, name: `${user.firstName} ${user.lastName} (${user.userName})`, origin: ctx.ip },
    userId: user.id,
    isSuperuser,
    school,
  };
}

const ID_PATTERN = /^[1-9]\d{0,9}$/;

/** A path parameter naming a row: a positive whole number a database id can be, else 400. */
export function idParam(ctx: ServiceContext, name: string): number {
  const raw = ctx.params[name] ?? '';
  if (!ID_PATTERN.test(raw) || Number(raw) > 2_147_483_647) throw new HttpError(400, ADMIN_MESSAGES.badId);
  return Number(raw);
}

/** The payload of an action that takes none: nothing, null or {}. */
export const noPayload = mixed()
  .test('empty', 'This request takes no payload.', (value) => value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0))
  .optional();
