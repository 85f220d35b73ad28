/**
 * Notifications as data (SPEC §3, §4, §9): sagas raise them with `notificationRaised`, the UI's
 * Notifier shows each pending one through notistack and reports `notificationShown(id)`.
 */
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_LIFE_MS,
  type NotificationSeverity,
} from '../../../common/constants';
import type { NotificationRequest } from '../../../common/types';

/** 'default' = top-right toasts; 'support' = the bottom-centre area of the support panel. */
export type NotificationPosition = 'default' | 'support';

export interface AppNotification {
  id: string;
  severity: NotificationSeverity;
  summary: string;
  detail?: string;
  closable: boolean;
  /** Milliseconds the toast stays. */
  life: number;
  group?: string;
  position: NotificationPosition;
}

export interface NotificationsState {
  pending: AppNotification[];
}

export type NotificationInput = NotificationRequest & { position?: NotificationPosition };

/**
 * SPEC §4 / §9 defaults: severity info, summary 'Notification', closable. Life: the one asked for;
 * else the severity's life when a severity is given (info 2000, warn 5000, error 15000, success the
 * default 3000); else the default 3000.
 */
export function withDefaults(request: NotificationInput, id: string): AppNotification {
  const severity = request.severity ?? NOTIFICATION_DEFAULTS.severity;
  const life =
    request.life ?? (request.severity ? NOTIFICATION_LIFE_MS[request.severity] : NOTIFICATION_DEFAULTS.lifeMs);
  const notification: AppNotification = {
    id,
    severity,
    summary: request.summary ?? NOTIFICATION_DEFAULTS.summary,
    closable: request.closable ?? NOTIFICATION_DEFAULTS.closable,
    life,
    position: request.position ?? 'default',
  };
  if (request.detail !== undefined) notification.detail = request.detail;
  if (request.group !== undefined) notification.group = request.group;
  return notification;
}

const initialState: NotificationsState = { pending: [] };

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    notificationRaised: {
      reducer(state, action: PayloadAction<AppNotification>) {
        state.pending.push(action.payload);
      },
      prepare(request: NotificationInput = {}) {
        return { payload: withDefaults(request, nanoid()) };
      },
    },
    notificationShown(state, action: PayloadAction<string>) {
      state.pending = state.pending.filter((n) => n.id !== action.payload);
    },
  },
});

export const { notificationRaised, notificationShown } = notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;
export default notificationsSlice.reducer;

export interface NotificationsRootState {
  notifications: NotificationsState;
}
export const selectPendingNotifications = (state: NotificationsRootState) => state.notifications.pending;
