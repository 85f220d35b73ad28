/**
 * OneLook (the default service): the product's own data. Its route list is assembled from the
 * concept folders under services/ (each a routes.ts; docs/architecture.md "Server modules").
 */
import { VERSION } from '../../../common/constants';
import type { ServiceModule } from '../types';
import { accountsRoutes } from '../accounts/routes';
import { supportRoutes } from '../support/routes';
import { supportDeskRoutes } from '../support/deskRoutes';
import { savedReplyRoutes } from '../support/savedReplies';
import { certificateRoutes } from '../catalog/certificateRoutes';
import { guideRoutes } from '../catalog/guideRoutes';
import { catalogRoutes } from '../catalog/routes';
import { knowledgeBaseRoutes } from '../knowledgeBase/routes';
import { budgetsRoutes } from '../budgets/routes';
import { worksheetsRoutes } from '../worksheets/routes';
import { classroomRoutes } from '../classroom/routes';
import { studentDataRoutes } from '../studentData/routes';
import { adminRoutes } from '../schoolAdmin/routes';
import { schoolClassRoutes } from '../classroom/schoolClassRoutes';
import { schoolSettingsRoutes } from '../schoolSettings/routes';
import { ssoServiceRoutes } from '../../sso/serviceRoutes';

export const oneLookModule: ServiceModule = {
  routes: [
    ...accountsRoutes,
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
    ...supportRoutes,
    ...supportDeskRoutes,
    ...savedReplyRoutes,
    ...catalogRoutes,
    ...guideRoutes,
    ...certificateRoutes,
    ...knowledgeBaseRoutes,
    ...budgetsRoutes, ...worksheetsRoutes,
    ...classroomRoutes,
    ...studentDataRoutes,
    ...adminRoutes,
    ...schoolClassRoutes,
    ...schoolSettingsRoutes,
    ...ssoServiceRoutes,
  ],
};
