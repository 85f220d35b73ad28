/** School administration's public surface: its pages load on demand (app/routes.tsx); nothing else is shared. */
export type { schoolAdminReducer } from './slice';
