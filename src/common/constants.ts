/**
 * Every number and fixed value of SPEC §1, §3, §7 and §9, named as the spec names it.
 * Nothing else in the code base spells these values out.
 */

/** SPEC §1 / §9: the version string shown by the product. */
export const VERSION = '2.0.16-main';
/** The product name used in document titles (SPEC §2) and the UI. */
export const PRODUCT_NAME = 'Cashwise';

/** SPEC §3 / §9: the stored session's localStorage key. */
export const SESSION_STORAGE_KEY = 'cc:auth';
/** SPEC §3: the app key is a separate localStorage value. */
export const APP_KEY_STORAGE_KEY = 'appKey';
/** SPEC §3: the product's own app key, used when localStorage holds none. */
export const DEFAULT_APP_KEY = 'cashwise-web';
/** The request header that carries the app key (SPEC §7). */
export const APP_KEY_HEADER = 'x-app-key';

/** SPEC §9: the session check and its thresholds, in milliseconds. */
export const SESSION = {
  checkIntervalMs: 30_000,
  inactivityPromptMs: 25 * 60_000,
  inactivityLogoutMs: 30 * 60_000,
  renewWhenRemainingMs: 10 * 60_000,
  logoutWhenRemainingMs: 60_000,
  expiryToleranceMs: 20_000,
} as const;

/**
 * Ours, not the spec's: the server refuses a session idle for longer than
 * SESSION.inactivityLogoutMs + this slack, and never issues a token that outlives the last
 * reported activity by more. Two minutes keeps the SPA's own SPEC §4 outcome untouched: at the
 * first 30-second check past 30:00 idle the token still has more than 1:00 left, so the learner is
 * signed out for inactivity ('idle') by the table's last row, never early for 'expired'.
 */
export const SERVER_IDLE_SLACK_MS = 2 * 60_000;
/** The longest the server lets a session go without reported activity. */
export const SERVER_IDLE_LIMIT_MS = SESSION.inactivityLogoutMs + SERVER_IDLE_SLACK_MS;
/**
 * Ours (a renewal whose answer was lost, or two tabs renewing one token at once): the SPA sends the
 * same random renewal key with every renewal of one sign-in, and for this long after a renewal (and
 * while the replaced token itself has not expired) the same token with the same key gets the same
 * new token again instead of a 401 (docs/server.md, "Renewal"). The SPA renews when 10 minutes or
 * less are left and keeps asking again until the old token runs out, so the window spans that
 * margin: a Wi-Fi outage of several minutes right after the server renewed is not a sign-out.
 */
export const RENEWAL_REPLAY_MS = SESSION.renewWhenRemainingMs;
/**
 * Ours: after a renewal that got no answer (network, timeout, 5xx), the SPA asks again after these
 * waits, then every last one, for as long as the old token is still worth renewing.
 */
export const RENEWAL_RETRY_DELAYS_MS = [1_000, 4_000, 15_000, 30_000] as const;
/** The renewal key's shape: 16 to 128 base64url characters. */
export const RENEWAL_KEY_PATTERN = '^[A-Za-z0-9_-]{16,128}$';
/** localStorage key beside cc:auth: the sign-in's renewal key, shared by every tab (features/auth/renewalKey.ts). */
export const RENEWAL_KEY_STORAGE_KEY = 'cc:renewalKey';
/** localStorage key beside cc:auth: the learner's last activity (epoch ms), shared by every tab. */
export const LAST_ACTIVITY_STORAGE_KEY = 'cc:lastActivity';
/**
 * localStorage key: server clock minus this computer's clock (ms), as last learned (common/serverClock.ts).
 * A fact about the computer, not the session: kept after sign-out, read when a page starts.
 */
export const SERVER_CLOCK_OFFSET_STORAGE_KEY = 'cc:serverClockOffset';

/** SPEC §7 / §9: timeouts in milliseconds. */
export const TIMEOUTS = {
  clientMs: 10_000,
  clientMinimumMs: 1_000,
  proxyMs: 15_000,
  signInMs: 20_000,
  validationMs: 15_000,
} as const;

/** SPEC §7: the base path prefix of every call. */
export const API_BASE_PATH = '';

/** SPEC §7: the services behind the proxy; OneLook is the default. */
export const SERVICE_NAMES = [
  'Auth',
  'OneLook',
  'Campaign',
  'Communication',
  'File',
  'Workflow',
  'Legacy',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
export const DEFAULT_SERVICE: ServiceName = 'OneLook';
export const PROXY_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ProxyMethod = (typeof PROXY_METHODS)[number];
/** The longest timeout a caller may ask the proxy for (ours, not the spec's). */
export const PROXY_MAX_TIMEOUT_MS = 60_000;

/** SPEC §3 / §9: notifications. */
export const NOTIFICATION_SEVERITIES = ['success', 'info', 'warn', 'error'] as const;
export type NotificationSeverity = (typeof NOTIFICATION_SEVERITIES)[number];
export const NOTIFICATION_DEFAULTS = {
  severity: 'info' as NotificationSeverity,
  summary: 'Notification',
  closable: true,
  lifeMs: 3000,
} as const;
export const NOTIFICATION_LIFE_MS: Record<NotificationSeverity, number> = {
  success: NOTIFICATION_DEFAULTS.lifeMs,
  info: 2000,
  warn: 5000,
  error: 15000,
};
export const TOAST_POSITION_DEFAULT = { vertical: 'top', horizontal: 'right' } as const;
export const TOAST_POSITION_SUPPORT = { vertical: 'bottom', horizontal: 'center' } as const;

/** SPEC §3 / §9 */
export const DEFAULT_TIMEZONE = 'America/Chicago';

/** SPEC §9: display defaults (dates, filters and password strength: common/display.ts). */
export const Z_INDEX = { overlay: 1000, menu: 1000, modal: 1100, tooltip: 1100 } as const;

/** SPEC §6: the permission that passes every check. */
export const SUPERUSER_PERMISSION = 'GADMINSUPERUSER';

/** SPEC §3: the environment code that means development. */
export const DEVELOPMENT_ENV_CODE = 'D';
