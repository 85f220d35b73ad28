/**
 * The stored session (SPEC §3: localStorage `cc:auth` holding { token, user, clients, permissions },
 * and mustChangePassword while a temporary password is in force)
 * and the app key (localStorage `appKey`, else the product default). Pure helpers over a Storage
 * passed in, so sagas use the context's storage and tests an in-memory one.
 */
import {
  APP_KEY_STORAGE_KEY,
  DEFAULT_APP_KEY,
  DEFAULT_TIMEZONE,
  LAST_ACTIVITY_STORAGE_KEY,
  RENEWAL_KEY_STORAGE_KEY,
  SERVER_CLOCK_OFFSET_STORAGE_KEY,
  SESSION,
  SESSION_STORAGE_KEY,
} from '../../../common/constants';
import { SESSION_MESSAGES } from '../../../common/sessionMessages';
import { isTokenExpired, tokenExpiry } from '../../../common/token';
import type { Client, Session, User } from '../../../common/types';

type Logger = Pick<Console, 'warn'>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Brings whatever the server or storage gave into the Session shape: user.timezone defaults to
 * America/Chicago (SPEC S3.03), clients and permissions default to empty lists.
 * `mustChangePassword` (a temporary password: the app shows only its change) is kept when true,
 * from the sign-in answer and from storage alike, or a reload would let the student past it;
 * `helpBufferOff` (the school's Get Help setting) likewise.
 * Returns null when there is no token string.
 */
export function normalizeSession(value: unknown): Session | null {
  if (!isObject(value) || typeof value.token !== 'string' || !value.token) return null;
  const user = (isObject(value.user) ? value.user : {}) as Partial<User>;
  const session: Session = {
    token: value.token,
    user: { ...user, timezone: user.timezone || DEFAULT_TIMEZONE } as User,
    clients: Array.isArray(value.clients) ? (value.clients as Client[]) : [],
    permissions: Array.isArray(value.permissions) ? (value.permissions as string[]) : [],
  };
  if (value.mustChangePassword === true) session.mustChangePassword = true;
  if (value.helpBufferOff === true) session.helpBufferOff = true;
  return session;
}

/** The stored session as is (token not checked), or null when absent or unparsable. */
export function readRawStoredSession(storage: Storage): Session | null {
  let raw: string | null;
  try {
    raw = storage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    return normalizeSession(JSON.parse(raw));
  } catch {
    return null;
  }
}

/**
 * SPEC S4.10: the stored session, or null when absent, unparsable, or its token is missing or
 * expired (such a session is treated as absent). `serverNow`: the server's time, i.e. the local
 * clock plus the learned offset (readServerClockOffset): `exp` is the server's.
 */
export function readStoredSession(storage: Storage, serverNow: number): Session | null {
  const session = readRawStoredSession(storage);
  if (!session || isTokenExpired(session.token, serverNow)) return null;
  return session;
}

/** The token's expiry in epoch ms (0 when it has none or cannot be decoded). */
export function sessionExpiry(session: Pick<Session, 'token'>): number {
  try {
    return tokenExpiry(session.token) ?? 0;
  } catch {
    return 0;
  }
}

export function writeStoredSession(storage: Storage, session: Session): void {
  const { token, user, clients, permissions, mustChangePassword, helpBufferOff } = session;
  storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token, user, clients, permissions, ...(mustChangePassword ? { mustChangePassword } : {}), ...(helpBufferOff ? { helpBufferOff } : {}) }));
}

/** Removes the stored session and, with it, the last activity and the renewal key kept beside it. */
export function clearStoredSession(storage: Storage): void {
  storage.removeItem(SESSION_STORAGE_KEY);
  try {
    storage.removeItem(LAST_ACTIVITY_STORAGE_KEY);
    storage.removeItem(RENEWAL_KEY_STORAGE_KEY);
  } catch {
    // nothing to lose: the session itself is gone
  }
}

/**
 * The learner's last activity (epoch ms) kept beside cc:auth under cc:lastActivity: written (throttled) by the session timer of every tab, read by the renewal call
 * and at start-up. null when absent or unreadable.
 */
export function readLastActivity(storage: Storage): number | null {
  let raw: string | null;
  try {
    raw = storage.getItem(LAST_ACTIVITY_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null || !/^\d{1,16}$/.test(raw)) return null;
  return Number(raw);
}

/** Records activity; never moves the stored time backwards (another tab may be ahead). */
export function writeLastActivity(storage: Storage, at: number): void {
  try {
    const stored = readLastActivity(storage);
    if (stored !== null && stored >= at) return;
    storage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(Math.floor(at)));
  } catch {
    // storage full or disabled: the timer keeps its own time anyway
  }
}

/**
 * True when a stored session's last recorded activity is more than 30 minutes (SPEC §9 forced
 * logout) before `now`: at start-up such a session is ended before anything is shown, so the next
 * student on a shared computer never lands in the previous student's account.
 * A session without a recorded activity is not judged here (validation and the server decide).
 */
export function isStoredSessionIdle(storage: Storage, now: number): boolean {
  if (!readRawStoredSession(storage)) return false;
  const lastActivityAt = readLastActivity(storage);
  return lastActivityAt !== null && now - lastActivityAt > SESSION.inactivityLogoutMs;
}

/**
 * Changes the stored session. With no stored session (or one without a token) nothing is written
 * and 'Token is null' is logged (SPEC S8.10). Returns the written session or null.
 */
export function updateStoredSession(
  storage: Storage,
  update: (stored: Session) => Session,
  logger: Logger,
): Session | null {
  const stored = readRawStoredSession(storage);
  if (!stored?.token) {
    logger.warn(SESSION_MESSAGES.tokenIsNull);
    return null;
  }
  const next = update(stored);
  writeStoredSession(storage, next);
  return next;
}

/** The server-clock offset last learned on this computer (ms, server minus local); 0 when none is stored. */
export function readServerClockOffset(storage: Storage): number {
  let raw: string | null;
  try {
    raw = storage.getItem(SERVER_CLOCK_OFFSET_STORAGE_KEY);
  } catch {
    return 0;
  }
  if (raw === null || !/^-?\d{1,16}$/.test(raw)) return 0;
  return Number(raw);
}

/** Keeps the learned offset for the next page of this browser (a reload, a new tab). */
export function writeServerClockOffset(storage: Storage, offsetMs: number): void {
  try {
    storage.setItem(SERVER_CLOCK_OFFSET_STORAGE_KEY, String(Math.round(offsetMs)));
  } catch {
    // storage full or disabled: this page keeps the offset in its store anyway
  }
}

/** SPEC S3.05: the app key from localStorage, else the product's own. */
export function getAppKey(storage: Storage): string {
  try {
    return storage.getItem(APP_KEY_STORAGE_KEY) || DEFAULT_APP_KEY;
  } catch {
    return DEFAULT_APP_KEY;
  }
}
