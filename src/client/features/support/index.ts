/** The support feature's public surface: what other features and app/ may use. */
import { retryableLazy } from '../../lib/retryableLazy';

export { supportArea } from './area';
export { MY_REQUESTS_PATH } from './paths';
export { selectSupportPanelMounted } from './selectors';
export { supportRequested, type supportReducer } from './slice';

/** The ticket queue of /app/support/tickets, for a staff-only support user's Home: loaded with the console's chunk. */
export const TicketQueue = retryableLazy(() => import(/* webpackChunkName: "support" */ './pages/SupportPages').then((m) => ({ default: m.TicketQueue })));
