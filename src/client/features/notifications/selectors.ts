export { selectPendingNotifications } from './slice';
