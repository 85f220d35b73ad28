/** The notifications feature's public surface: what other features and app/ may use. */
export { selectPendingNotifications } from './selectors';
export { notificationRaised, notificationsReducer } from './slice';
export { createNotificationBridge, problemNotification } from './bridge';
