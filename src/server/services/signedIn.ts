/**
 * The signed-in caller of a route. Routes of access 'user' (or a permission) are only reached with a
 * session (http/proxyRoutes.ts), so a missing one is a 401 with the proxy's own message, never a crash.
 */
import { API_MESSAGES } from '../../common/apiMessages';
import type { SessionIdentity } from '../../common/types';
import { HttpError } from '../http/errors';
import type { ServiceContext } from './types';

export function signedInIdentity(ctx: ServiceContext): SessionIdentity {
  if (!ctx.identity) throw new HttpError(401, API_MESSAGES.notSignedIn);
  return ctx.identity;
}

/** The signed-in user's id: the owner of every row a learner's route reads or writes. */
export function signedInUserId(ctx: ServiceContext): number {
  return signedInIdentity(ctx).user.id;
}
