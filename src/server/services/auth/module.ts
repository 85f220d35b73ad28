/**
 * The Auth service behind the proxy (the sign-in calls themselves are /api/auth*). Whether a user
 * name is free is asked in one place only, OneLook's rate-limited
 * POST /registration/usernames/available (services/accounts/routes.ts).
 */
import type { ServiceModule } from '../types';
import { Result } from '../types';
import { staffSchools } from '../support/tickets';
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
      // support staff look up a learner of their own schools (SUPPORT; GADMINSUPERUSER passes every check and sees every school)
      method: 'GET',
      path: '/users/:userName',
      access: { permission: 'SUPPORT' },
      handler: async (ctx) => {
        const user = await findUserByUserName(ctx.db, ctx.params.userName ?? '');
        // only a student of one of the staff member's own schools (GADMINSUPERUSER: any), ASVS 5.0 v8.4.1
        const schools = await staffSchools(ctx);
        const shared =
          user && schools !== null
            ? await ctx.db.selectFrom('user_clients').select('client_id').where('user_id', '=', user.id).where('client_id', 'in', schools.length ? schools : [-1]).executeTakeFirst()
            : user;
        const identity = user && shared ? await loadIdentity(ctx.db, user.id) : null;
        if (!identity) return new Result(404, { message: 'No such user.' });
        return identity;
      },
    },
  ],
};
