/** School administration's public surface: its pages load on demand (app/routes.tsx), and its overview for a school administrator's Home. */
import { retryableLazy } from '../../lib/retryableLazy';

export type { schoolAdminReducer } from './slice';

/** The overview of /app/admin (with the superuser's school picker), loaded with the admin pages' chunk. */
export const SchoolOverview = retryableLazy(() => import(/* webpackChunkName: "school-admin" */ './pages/OverviewPage').then((m) => ({ default: m.SchoolOverview })));
