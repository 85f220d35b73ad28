/**
 * The Auth service behind the proxy (the sign-in calls themselves are /api/auth*). Whether a user
 * name is free is asked in one place only, OneLook's rate-limited
 * POST /registration/usernames/available (services/accounts/routes.ts).
 */
import type { ServiceModule } from '../types';
import { Result } from '../types';
import { actorOf, refusal } from '../authority';
import { findUserByUserName, loadIdentity } from './repository';

export const authModule: ServiceModule = {
  routes: [
    {
      method: 'GET',
      path: '/permissions',
      access: 'user',
      handler: async (ctx) => ({ permissions: ctx.identity?.permissions ?? [] }),
    },
    {
      // support staff look up a person of the schools they support (SUPPORT; GADMINSUPERUSER passes every check and sees every school)
      method: 'GET',
      path: '/users/:userName',
      access: { permission: 'SUPPORT' },
      handler: async (ctx) => {
        const user = await findUserByUserName(ctx.db, ctx.params.userName ?? '');
        // only a person every one of whose schools the staff member supports (GADMINSUPERUSER: any), ASVS 5.0 v8.4.1;
        // any refusal is "no such user", so a look-up learns nothing of other schools' people
        const allowed = user !== undefined && ctx.identity !== null && (await refusal(ctx.db, actorOf(ctx.identity), user.id, 'support')) === null;
        const identity = user && allowed ? await loadIdentity(ctx.db, user.id) : null;
        if (!identity) return new Result(404, { message: 'No such user.' });
        return identity;
      },
    },
  ],
};
