/** OneLook (the default service): the product's own data. Catalog and support routes come later. */
import { VERSION } from '../../../common/constants';
import type { ServiceModule } from '../types';
import { budgetsRoutes } from './budgets';
import { worksheetsRoutes } from './worksheets';

export const oneLookModule: ServiceModule = {
  routes: [
    {
      method: 'GET',
      path: '/status',
      access: 'public',
      allowSystem: true,
      handler: async () => ({ ok: true, version: VERSION }),
    },
    {
      method: 'GET',
      path: '/me/schools',
      access: 'user',
      handler: async (ctx) => ctx.identity?.clients ?? [],
    },
    ...budgetsRoutes, ...worksheetsRoutes,
  ],
};
