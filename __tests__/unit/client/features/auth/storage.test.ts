import { createMemoryStorage } from '../../../../../src/client/app/sagaContext';
import { authStateFromStorage } from '../../../../../src/client/features/auth/slice';
import {
  clearStoredSession,
  getAppKey,
  readRawStoredSession,
  readStoredSession,
  updateStoredSession,
  writeStoredSession,
} from '../../../../../src/client/features/auth/storage';
import { APP_KEY_STORAGE_KEY, DEFAULT_APP_KEY, SESSION_STORAGE_KEY } from '../../../../../src/common/constants';
import { MESSAGES } from '../../../../../src/common/messages';
import { NOW, makeSession, tokenExpiringIn } from '../harness';

describe('stored session (SPEC S3.01, S4.10)', () => {
  it('[S3.01] writes { token, user, clients, permissions } under cc:auth and reads it back', () => {
    const storage = createMemoryStorage();
    const session = makeSession();
    writeStoredSession(storage, { ...session, extra: 'no' } as never);
    expect(Object.keys(JSON.parse(storage.getItem(SESSION_STORAGE_KEY)!))).toEqual(['token', 'user', 'clients', 'permissions']);
    expect(readStoredSession(storage, NOW)).toEqual(session);
    clearStoredSession(storage);
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('keeps a temporary password\'s mustChangePassword across a reload, so the app still holds the student on its change', () => {
    const storage = createMemoryStorage();
    const session = { ...makeSession(), mustChangePassword: true as const };
    writeStoredSession(storage, session);
    expect(readStoredSession(storage, NOW)).toEqual(session);
    expect(authStateFromStorage(storage, NOW).session?.mustChangePassword).toBe(true);
  });

  it.each([
    ['absent', null],
    ['unparsable', '{nope'],
    ['not an object', '"text"'],
    ['without a token', JSON.stringify({ ...makeSession(), token: '' })],
    ['with an expired token', JSON.stringify(makeSession({ token: tokenExpiringIn(-1) }))],
    ['with a token expiring exactly now', JSON.stringify(makeSession({ token: tokenExpiringIn(0) }))],
    ['with a malformed token', JSON.stringify(makeSession({ token: 'not-a-jwt' }))],
  ])('[S4.10] %s → treated as absent', (_label, raw) => {
    const storage = createMemoryStorage(raw === null ? {} : { [SESSION_STORAGE_KEY]: raw });
    expect(readStoredSession(storage, NOW)).toBeNull();
    expect(authStateFromStorage(storage, NOW)).toMatchObject({ authenticated: false, session: null, expiresAt: NOW });
  });

  it('[S3.03] a stored user without a timezone reads as America/Chicago', () => {
    const { timezone: _t, ...user } = makeSession().user;
    const storage = createMemoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify({ ...makeSession(), user }) });
    expect(readStoredSession(storage, NOW)?.user.timezone).toBe('America/Chicago');
  });

  it("[S8.10] updating with no stored session logs 'Token is null' and writes nothing", () => {
    const storage = createMemoryStorage();
    const logger = { warn: jest.fn() };
    expect(updateStoredSession(storage, (s) => s, logger)).toBeNull();
    expect(logger.warn).toHaveBeenCalledWith(MESSAGES.tokenIsNull);
    expect(storage.length).toBe(0);
  });

  it('updating a stored session writes the change', () => {
    const storage = createMemoryStorage();
    writeStoredSession(storage, makeSession());
    const logger = { warn: jest.fn() };
    updateStoredSession(storage, (s) => ({ ...s, permissions: ['X'] }), logger);
    expect(readRawStoredSession(storage)?.permissions).toEqual(['X']);
    expect(logger.warn).not.toHaveBeenCalled();
  });
});

describe('app key (SPEC S3.05)', () => {
  it.each([
    [{}, DEFAULT_APP_KEY],
    [{ [APP_KEY_STORAGE_KEY]: '' }, DEFAULT_APP_KEY],
    [{ [APP_KEY_STORAGE_KEY]: 'kiosk' }, 'kiosk'],
  ])('[S3.05] storage %p → %p', (initial, expected) => {
    expect(getAppKey(createMemoryStorage(initial))).toBe(expected);
  });

  it('[S3.05] a storage that throws falls back to the default', () => {
    const broken = { getItem: () => { throw new Error('denied'); } } as unknown as Storage;
    expect(getAppKey(broken)).toBe(DEFAULT_APP_KEY);
    expect(readRawStoredSession(broken)).toBeNull();
  });
});
