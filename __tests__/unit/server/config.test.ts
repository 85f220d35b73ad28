import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONFIG_VARIABLES, OWASP_ARGON2, OWASP_ARGON2_SETS, loadConfig } from '../../../src/server/config';

const STRONG = 'k8Jq2vN7xR4pL9sT1wY6zB3mC5dF0gH2aE7uI9oP';
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-config-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('[S3.06] has safe development defaults', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: dir,
      databaseUrl: undefined,
      appEnv: 'D',
      appBadge: 'DEV',
      productName: 'Cashwise',
      appKeys: ['cashwise-web'],
      tokenLifetimeMs: 30 * 60_000,
      sessionAbsoluteMs: 12 * 3_600_000,
      seedDemo: true,
      services: {},
      logLevel: 'info',
      throttle: { maxPerUser: 5, maxPerIp: 20, windowMs: 15 * 60_000, maxPerUserPerHour: 100 },
    });
    expect(config.passwordHashing).toEqual(OWASP_ARGON2);
    // one of the argon2id sets OWASP lists as its minimum (chose m=7 MiB, t=5)
    expect(OWASP_ARGON2_SETS).toContainEqual(OWASP_ARGON2);
    expect(OWASP_ARGON2).toEqual({ memoryCost: 7_168, timeCost: 5, parallelism: 1 });
    for (const set of OWASP_ARGON2_SETS) expect(set.memoryCost * set.timeCost).toBeGreaterThanOrEqual(35 * 1024);
  });

  it('generates a development signing key once and keeps it in DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.tokenSecret.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(path.join(dir, 'token-secret'))).toBe(true);
    const second = loadConfig({ DATA_DIR: dir });
    expect(Buffer.from(second.tokenSecret).toString()).toBe(Buffer.from(first.tokenSecret).toString());
    expect(readFileSync(path.join(dir, 'token-secret'), 'utf8').trim()).toBe(Buffer.from(first.tokenSecret).toString());
  });

  it('production: environment P, no badge, no demo data, and the given key', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, TOKEN_SECRET: STRONG });
    expect(config).toMatchObject({ appEnv: 'P', appBadge: '', seedDemo: false, isProduction: true });
    expect(Buffer.from(config.tokenSecret).toString()).toBe(STRONG);
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, TOKEN_SECRET: STRONG, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://u:p@db/cashwise',
      APP_ENV: 'T',
      APP_BADGE: 'TEST',
      PRODUCT_NAME: 'Cashwise QA',
      APP_KEYS: 'cashwise-web, partner-app ,',
      TOKEN_SECRET: STRONG,
      TOKEN_LIFETIME_MINUTES: '15',
      SESSION_ABSOLUTE_HOURS: '8',
      SEED_DEMO: 'no',
      STATIC_DIR: '/srv/www',
      SERVICE_LEGACY_URL: 'https://legacy.example.edu/api/',
      LOG_LEVEL: 'WARN',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u:p@db/cashwise',
      appEnv: 'T',
      appBadge: 'TEST',
      productName: 'Cashwise QA',
      appKeys: ['cashwise-web', 'partner-app'],
      tokenLifetimeMs: 15 * 60_000,
      sessionAbsoluteMs: 8 * 3_600_000,
      seedDemo: false,
      staticDir: '/srv/www',
      services: { Legacy: 'https://legacy.example.edu/api' },
      logLevel: 'warn',
      trustProxy: true,
    });
  });

  it.each([
    ['production without a signing key', { NODE_ENV: 'production' }, /TOKEN_SECRET is required in production/],
    ['a short signing key', { TOKEN_SECRET: 'short' }, /TOKEN_SECRET must be at least 32 bytes/],
    ['a repetitive signing key', { TOKEN_SECRET: 'a'.repeat(64) }, /TOKEN_SECRET is too weak/],
    ['a port that is not a number', { PORT: 'eighty' }, /PORT must be a whole number/],
    ['a port out of range', { PORT: '70000' }, /PORT must be a whole number/],
    ['a non-postgres database URL', { DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres/],
    ['a bad boolean', { SEED_DEMO: 'maybe' }, /SEED_DEMO must be true or false/],
    ['a token lifetime of 0', { TOKEN_LIFETIME_MINUTES: '0' }, /TOKEN_LIFETIME_MINUTES/],
    ['an absolute lifetime shorter than a token', { TOKEN_LIFETIME_MINUTES: '120', SESSION_ABSOLUTE_HOURS: '1' }, /SESSION_ABSOLUTE_HOURS must be at least/],
    ['a service URL with credentials', { SERVICE_ONELOOK_URL: 'https://u:p@x.example' }, /SERVICE_ONELOOK_URL must not contain credentials/],
    ['a service URL that is not http', { SERVICE_FILE_URL: 'file:///etc' }, /SERVICE_FILE_URL must use http or https/],
    ['a service URL that is not a URL', { SERVICE_AUTH_URL: 'nope' }, /SERVICE_AUTH_URL must be an absolute/],
    ['an unknown log level', { LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    ['an empty app key list', { APP_KEYS: ' , ' }, /APP_KEYS must list at least one/],
    ['a bad environment code', { APP_ENV: 'dev' }, /APP_ENV must be one capital letter/],
    ['an upstream answer cap under 64 KiB', { UPSTREAM_MAX_RESPONSE_BYTES: '1000' }, /UPSTREAM_MAX_RESPONSE_BYTES must be a whole number from 65536 to 104857600/],
    ['an upstream answer cap that is not a number', { UPSTREAM_MAX_RESPONSE_BYTES: '10MB' }, /UPSTREAM_MAX_RESPONSE_BYTES must be a whole number/],
  ])('refuses %s', (_name, env, problem) => {
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(problem);
  });

  it.each([
    [undefined, 10 * 1024 * 1024],
    ['65536', 65_536],
    ['52428800', 52_428_800],
  ])('UPSTREAM_MAX_RESPONSE_BYTES=%p caps an upstream answer at %i bytes', (value, bytes) => {
    expect(loadConfig({ DATA_DIR: dir, ...(value ? { UPSTREAM_MAX_RESPONSE_BYTES: value } : {}) }).upstreamMaxResponseBytes).toBe(bytes);
  });

  it('lists every problem in one error', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, PORT: 'x', LOG_LEVEL: 'loud', SERVICE_LEGACY_URL: 'ftp://x' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n - ')).toHaveLength(5); // heading + 4 problems
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/LOG_LEVEL/);
    expect(message).toMatch(/SERVICE_LEGACY_URL/);
    expect(message).toMatch(/TOKEN_SECRET/);
  });

  it('[ASVS 5.0 v13.4.2] refuses the dev mailbox in production with a message saying why; defaults it to loopback in development only', () => {
    const production = { NODE_ENV: 'production', DATA_DIR: dir, TOKEN_SECRET: 'k3Y-f0r-tH3-m41lb0x-t3st-0nly-9f8e7d6c5b4a3210ZyXw' };
    for (const value of ['on', 'loopback', 'true']) {
      expect(() => loadConfig({ ...production, APP_ENV: 'D', DEV_MAILBOX: value })).toThrow(
        new RegExp(`DEV_MAILBOX=${value} cannot be used with NODE_ENV=production: the dev mailbox shows every password-reset link`),
      );
    }
    expect(() => loadConfig({ ...production, DEV_MAILBOX: 'on' })).toThrow(/DEV_MAILBOX=on cannot be used with NODE_ENV=production/);
    expect(() => loadConfig({ DATA_DIR: dir, DEV_MAILBOX: 'everyone' })).toThrow(/DEV_MAILBOX must be one of off, loopback, on \(got "everyone"\)/);
    expect(loadConfig({ ...production, APP_ENV: 'D' }).devMailbox).toBe('off');
    expect(loadConfig({ ...production, DEV_MAILBOX: 'off' }).devMailbox).toBe('off');
    expect(loadConfig({ DATA_DIR: dir, APP_ENV: 'D' }).devMailbox).toBe('loopback');
    expect(loadConfig({ DATA_DIR: dir, APP_ENV: 'P' }).devMailbox).toBe('off');
    expect(loadConfig({ DATA_DIR: dir, APP_ENV: 'P', DEV_MAILBOX: 'on' }).devMailbox).toBe('on');
  });

  it('documents every variable it reads', () => {
    const names = CONFIG_VARIABLES.map((v) => v.name);
    for (const name of ['PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'APP_ENV', 'APP_BADGE', 'PRODUCT_NAME', 'APP_KEYS', 'TOKEN_SECRET',
      'TOKEN_LIFETIME_MINUTES', 'SESSION_ABSOLUTE_HOURS', 'SEED_DEMO', 'STATIC_DIR', 'LOG_LEVEL', 'SERVICE_ONELOOK_URL', 'SERVICE_LEGACY_URL', 'DEV_MAILBOX']) {
      expect(names).toContain(name);
    }
  });
});
