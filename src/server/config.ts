/**
 * Every server setting, read from environment variables with safe defaults and validated at
 * start-up. `loadConfig` throws ONE Error that lists every problem, so an operator fixes them all
 * in one go.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_APP_KEY, DEVELOPMENT_ENV_CODE, PRODUCT_NAME, PROXY_MAX_TIMEOUT_MS, SERVICE_NAMES, TIMEOUTS, type ServiceName } from '../common/constants';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** argon2id cost. Production uses one of OWASP's minimum sets (below); only tests lower them. */
export interface PasswordHashing {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * OWASP Password Storage Cheat Sheet: the argon2id minimums it lists as equally strong
 * (m in KiB). Each costs about the same CPU time (m × t is about 36 MiB-passes).
 */
export const OWASP_ARGON2_SETS: readonly PasswordHashing[] = [
  { memoryCost: 47_104, timeCost: 1, parallelism: 1 },
  { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  { memoryCost: 12_288, timeCost: 3, parallelism: 1 },
  { memoryCost: 9_216, timeCost: 4, parallelism: 1 },
  { memoryCost: 7_168, timeCost: 5, parallelism: 1 },
];

/**
 * The set production uses: m=7 MiB, t=5, p=1. Same CPU cost per sign-in as
 * m=19 MiB, t=2, but each hash holds 7 MiB instead of 19 MiB, and glibc keeps that memory per
 * thread-pool thread after the hash: with 19 MiB a class signing in grew the server by about
 * 60 MB that it never gave back. Hashes made with other parameters keep verifying and are
 * upgraded at the next sign-in (security/passwords.ts needsRehash).
 */
export const OWASP_ARGON2: PasswordHashing = { memoryCost: 7_168, timeCost: 5, parallelism: 1 };

export interface ThrottleSettings {
  /** failures allowed per user name in the window before 429 */
  maxPerUser: number;
  /** failures allowed per client IP in the window before 429 */
  maxPerIp: number;
  windowMs: number;
  /**
   * failures allowed per user name in any hour, whatever the short window says: NOT cleared by a
   * successful sign-in, so the hourly number of guesses at one account is bounded (ASVS 5.0 v6.3.1)
   */
  maxPerUserPerHour: number;
}

/** Support tickets and session recordings. */
export interface SupportSettings {
  /** where each new ticket is mailed */
  inbox: string;
  /** anonymous ticket submissions allowed per client IP within the window before 429 */
  maxPerIp: number;
  windowMs: number;
  /** recordings older than this are deleted */
  recordingRetentionMs: number;
  /** tickets one signed-in user may file in any hour before 429 */
  maxTicketsPerUserHour: number;
  /** recording bytes one signed-in user may upload in any hour before 429 */
  maxRecordingBytesPerUserHour: number;
  /** recording bytes kept per school (anonymous /help tickets share one budget); the oldest go first */
  recordingBytesPerSchool: number;
}

/** Multipart uploads (POST /api/service/multipart). */
export interface UploadSettings {
  /** uploads one server process reads at once; more are refused with 503 before anything is read */
  maxConcurrent: number;
  /** the most file bytes one request may send (a route may allow less) */
  maxBytesPerRequest: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set, otherwise SQLite in dataDir/cashwise.sqlite */
  databaseUrl: string | undefined;
  /** PostgreSQL: longest wait for a connection or a statement before the request gets 503 */
  databaseTimeoutMs: number;
  /** PostgreSQL: connections in this process's pool */
  databasePoolSize: number;
  /** HTTP worker processes (node:cluster) sharing the port; 1 = no cluster */
  workers: number;
  nodeEnv: string;
  isProduction: boolean;
  /** SPEC §3: environment code; D means development. */
  appEnv: string;
  appBadge: string;
  productName: string;
  appKeys: string[];
  /** HS256 signing key, at least 32 bytes */
  tokenSecret: Uint8Array;
  /** true when TOKEN_SECRET was unset and the key came from DATA_DIR (development/test only) */
  tokenSecretGenerated: boolean;
  tokenLifetimeMs: number;
  sessionAbsoluteMs: number;
  seedDemo: boolean;
  /** course content root (holds catalog/); imported at start when its hash changed */
  contentDir: string;
  /** percent a review needs unless the review sets its own passingScore */
  passingScore: number;
  staticDir: string;
  services: Partial<Record<ServiceName, string>>;
  /** longest wait for an upstream service's whole answer (a proxy call's own shorter timeout wins) */
  upstreamTimeoutMs: number;
  /** the most of an upstream answer the proxy reads; a longer one is a failed service (502) */
  upstreamMaxResponseBytes: number;
  logLevel: LogLevel;
  /** Fastify's trustProxy: false, true (any hop), or the proxies' addresses/CIDRs (comma-separated) */
  trustProxy: boolean | string;
  throttle: ThrottleSettings;
  support: SupportSettings;
  uploads: UploadSettings;
  /** credentials of system callers (header x-system-key): the only callers whose useSystem is accepted */
  systemKeys: string[];
  passwordHashing: PasswordHashing;
  /** smtp:// or smtps:// URL of the mail server; unset: mail goes to the outbox table */
  smtpUrl: string | undefined;
  /** From: address of every mail */
  mailFrom: string;
  /** the address learners reach the SPA at; links in mails start with it */
  publicUrl: string;
  /** GET /dev/mailbox: absent, answering loopback callers only, or answering anyone (never in production) */
  devMailbox: DevMailbox;
}

export const DEV_MAILBOX_MODES = ['off', 'loopback', 'on'] as const;
export type DevMailbox = (typeof DEV_MAILBOX_MODES)[number];

export interface ConfigVariable {
  name: string;
  default: string;
  description: string;
}

/**
 * PostgreSQL connections per server process (DATABASE_POOL_SIZE). Kysely takes a connection from the
 * pool for each query; a request waits in the pool's queue once all are busy.
 */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

/** UPSTREAM_MAX_RESPONSE_BYTES: the default and its bounds (an upstream's answer is read into memory). */
export const DEFAULT_UPSTREAM_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
export const MIN_UPSTREAM_RESPONSE_BYTES = 64 * 1024;
export const MAX_UPSTREAM_RESPONSE_BYTES = 100 * 1024 * 1024;

/** UPLOAD_MAX_BYTES: the default and its bounds (an upload's files are held in memory until the route answers). */
export const DEFAULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const DEFAULT_UPLOAD_MAX_CONCURRENT = 4;

/** The configuration table (README mirrors it). */
export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  { name: 'PORT', default: '3000', description: 'TCP port to listen on (0 = any free port).' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface to listen on.' },
  { name: 'DATA_DIR', default: './data', description: 'Folder for the SQLite file (cashwise.sqlite) and the development token secret.' },
  { name: 'DATABASE_URL', default: '(unset)', description: 'postgres://… to use PostgreSQL instead of SQLite.' },
  { name: 'DATABASE_POOL_SIZE', default: String(DEFAULT_DATABASE_POOL_SIZE), description: 'PostgreSQL: connections each server process keeps in its pool (with N instances or WORKERS, the database sees up to N × this many).' },
  { name: 'DATABASE_TIMEOUT_SECONDS', default: '10', description: 'PostgreSQL: longest wait for a connection or a statement; while the database is unreachable requests get 503 after at most this long.' },
  { name: 'WORKERS', default: '1', description: 'HTTP worker processes (Node cluster) sharing PORT on this machine; the primary runs migrations and the content import once, then forks them and restarts any that crash. 1 = a single process.' },
  { name: 'NODE_ENV', default: 'development', description: '`production` turns on the strict checks (signing key required, no demo data).' },
  { name: 'APP_ENV', default: 'D (P when NODE_ENV=production)', description: 'Environment code returned by GET /api as `env`; D means development.' },
  { name: 'APP_BADGE', default: 'DEV when APP_ENV=D, else empty', description: 'Badge text returned by GET /api as `appbadge`.' },
  { name: 'PRODUCT_NAME', default: PRODUCT_NAME, description: 'Product name used in logs.' },
  { name: 'APP_KEYS', default: DEFAULT_APP_KEY, description: 'Comma-separated list of accepted app keys (header x-app-key, sign-in appKey).' },
  { name: 'TOKEN_SECRET', default: 'generated in DATA_DIR/token-secret (development/test only; with DATABASE_URL the first instance stores it in the database and every instance uses that one)', description: 'HS256 signing key, at least 32 bytes. Required in production. Every instance sharing a database needs the same one.' },
  { name: 'TOKEN_LIFETIME_MINUTES', default: '30', description: 'Lifetime of one token; renewal issues a new one.' },
  { name: 'SESSION_ABSOLUTE_HOURS', default: '12', description: 'No renewal past this age of the original sign-in.' },
  { name: 'SEED_DEMO', default: 'true (false when NODE_ENV=production)', description: 'Create the demo schools and accounts at start-up (idempotent).' },
  { name: 'CONTENT_DIR', default: './content', description: 'Course content (catalog/ …) imported at start-up when it changed since the last import.' },
  { name: 'PASSING_SCORE', default: '70', description: 'Percent a review needs to pass, unless the review sets its own passingScore.' },
  { name: 'STATIC_DIR', default: 'dist/client', description: 'Built SPA to serve; skipped when the folder does not exist.' },
  ...SERVICE_NAMES.map((name) => ({
    name: serviceVariable(name),
    default: '(unset: in-process module)',
    description: `Upstream base URL (http/https) for the ${name} service of the proxy.`,
  })),
  { name: 'UPSTREAM_TIMEOUT_MS', default: '15000', description: 'Longest the proxy waits for an upstream service (connection, headers and the whole body) before answering 504; a proxy call\'s own shorter `timeout` wins. 1000 to 60000.' },
  { name: 'UPSTREAM_MAX_RESPONSE_BYTES', default: String(DEFAULT_UPSTREAM_MAX_RESPONSE_BYTES), description: `The most of an upstream service's answer the proxy reads (10 MiB); a longer answer, declared or streamed, is refused with 502 without reading further. ${MIN_UPSTREAM_RESPONSE_BYTES} to ${MAX_UPSTREAM_RESPONSE_BYTES}.` },
  { name: 'LOG_LEVEL', default: 'info', description: `One of ${LOG_LEVELS.join(', ')}.` },
  { name: 'TRUST_PROXY', default: 'false', description: 'Behind a reverse proxy, so the client IP for per-IP rate limits is the one that proxy put in X-Forwarded-For: the proxy\'s address(es) or CIDR(s), comma-separated (e.g. 127.0.0.1; see docs/deploy/nginx.conf), or true for exactly ONE proxy hop (the address it appended; addresses the client put in front are ignored).' },
  { name: 'SIGNIN_MAX_FAILURES_PER_USER', default: '5', description: 'Failed sign-ins per user name within the window before 429.' },
  { name: 'SIGNIN_MAX_FAILURES_PER_IP', default: '20', description: 'Failed sign-ins per client IP within the window before 429.' },
  { name: 'SIGNIN_WINDOW_MINUTES', default: '15', description: 'Sign-in throttling window.' },
  { name: 'SIGNIN_MAX_FAILURES_PER_USER_HOUR', default: '100', description: 'Failed sign-ins per user name in any hour before 429, even when a successful sign-in cleared the short window.' },
  { name: 'SMTP_URL', default: '(unset: mail goes to the outbox table)', description: 'smtp://user:pass@host:port or smtps://… of the mail server (nodemailer). Unset: mail is kept in the outbox table (listed at /dev/mailbox, see DEV_MAILBOX).' },
  {
    name: 'DEV_MAILBOX',
    default: 'loopback when APP_ENV=D and NODE_ENV is not production, else off',
    description: 'GET /dev/mailbox, a page listing the newest outbox mails (reset links and codes included): off; loopback (answers only requests from this machine that no proxy forwarded); on (answers anyone who can reach the server). Refused with NODE_ENV=production.',
  },
  { name: 'MAIL_FROM', default: `${PRODUCT_NAME} <no-reply@localhost>`, description: 'From: address of every mail the product sends.' },
  { name: 'PUBLIC_URL', default: 'http://localhost:<PORT>', description: 'The address learners open the app at; e-mailed links (verification, password reset, invitations) and the verification address printed on certificates start with it.' },
  { name: 'SUPPORT_INBOX', default: 'support@cashwise.example', description: 'E-mail address that receives every new support ticket.' },
  { name: 'SUPPORT_MAX_PER_IP', default: '5', description: 'Support requests sent without signing in (/help) per client IP within the window before 429.' },
  { name: 'SUPPORT_WINDOW_MINUTES', default: '60', description: 'Window of the support-request limit.' },
  { name: 'RECORDING_RETENTION_DAYS', default: '30', description: 'Session recordings attached to tickets are deleted after this many days.' },
  { name: 'SUPPORT_MAX_TICKETS_PER_USER_HOUR', default: '10', description: 'Support tickets one signed-in user may send in any hour before 429 (counted in the database, so across instances).' },
  { name: 'RECORDING_MAX_MB_PER_USER_HOUR', default: '16', description: 'Megabytes (MiB) of session recordings one signed-in user may upload in any hour before 429.' },
  { name: 'RECORDING_MB_PER_SCHOOL', default: '512', description: 'Megabytes (MiB) of session recordings kept per school (anonymous /help tickets share one budget); a new recording deletes that school\'s oldest ones to fit.' },
  { name: 'UPLOAD_MAX_CONCURRENT', default: String(DEFAULT_UPLOAD_MAX_CONCURRENT), description: 'File uploads (POST /api/service/multipart) one server process reads at once; one more is refused with 503 and Retry-After before anything of it is read. 1 to 1000.' },
  { name: 'UPLOAD_MAX_BYTES', default: String(DEFAULT_UPLOAD_MAX_BYTES), description: `The most bytes of files one upload request may send (10 MiB; a route may allow less); reading stops there with 413. ${MIN_UPSTREAM_RESPONSE_BYTES} to ${MAX_UPSTREAM_RESPONSE_BYTES}.` },
  { name: 'SYSTEM_KEYS', default: '(unset: no system caller)', description: 'Comma-separated credentials (at least 32 bytes each) of server-to-server callers. A proxy call with `useSystem: true` is accepted only with one of them in the x-system-key header, and only on a route that allows it; a browser never has one.' },
  {
    name: 'UV_THREADPOOL_SIZE',
    default: 'CPU cores + 4',
    description: "libuv's thread pool (password hashing, token signatures, file reads). Password hashes run at most one per core at a time, so the other 4 threads stay free while a class signs in.",
  },
];

export function serviceVariable(name: ServiceName): string {
  return `SERVICE_${name.toUpperCase()}_URL`;
}

export const MIN_SECRET_BYTES = 32;
const TOKEN_SECRET_FILE = 'token-secret';

type Env = Record<string, string | undefined>;

/** Reads and validates the configuration; throws one Error listing every problem. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
      return fallback;
    }
    return Number(raw);
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = read(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['true', '1', 'yes', 'on'].includes(raw)) return true;
    if (['false', '0', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}").`);
    return fallback;
  };

  const nodeEnv = read('NODE_ENV') ?? 'development';
  const isProduction = nodeEnv === 'production';

  const port = int('PORT', 3000, 0, 65_535);
  const host = read('HOST') ?? '0.0.0.0';
  const dataDir = path.resolve(read('DATA_DIR') ?? './data');

  const databaseTimeoutMs = int('DATABASE_TIMEOUT_SECONDS', 10, 1, 600) * 1000;
  const databasePoolSize = int('DATABASE_POOL_SIZE', DEFAULT_DATABASE_POOL_SIZE, 1, 1000);
  const workers = int('WORKERS', 1, 1, 64);
  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//i.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL.');
  }

  const appEnv = read('APP_ENV') ?? (isProduction ? 'P' : DEVELOPMENT_ENV_CODE);
  if (!/^[A-Z]$/.test(appEnv)) problems.push(`APP_ENV must be one capital letter such as D or P (got "${appEnv}").`);
  const appBadge = env.APP_BADGE !== undefined ? env.APP_BADGE.trim() : appEnv === DEVELOPMENT_ENV_CODE ? 'DEV' : '';
  if (appBadge.length > 20) problems.push('APP_BADGE must be at most 20 characters.');

  const productName = read('PRODUCT_NAME') ?? PRODUCT_NAME;

  const appKeys = (read('APP_KEYS') ?? DEFAULT_APP_KEY)
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
  if (appKeys.length === 0) problems.push('APP_KEYS must list at least one app key.');
  if (appKeys.some((key) => key.length > 200)) problems.push('APP_KEYS entries must be at most 200 characters.');

  const tokenLifetimeMinutes = int('TOKEN_LIFETIME_MINUTES', 30, 2, 24 * 60);
  const sessionAbsoluteHours = int('SESSION_ABSOLUTE_HOURS', 12, 1, 24 * 30);
  if (sessionAbsoluteHours * 60 < tokenLifetimeMinutes) {
    problems.push('SESSION_ABSOLUTE_HOURS must be at least as long as TOKEN_LIFETIME_MINUTES.');
  }

  const seedDemo = bool('SEED_DEMO', !isProduction);
  const staticDir = path.resolve(read('STATIC_DIR') ?? 'dist/client');
  const contentDir = path.resolve(read('CONTENT_DIR') ?? './content');
  const passingScore = int('PASSING_SCORE', 70, 1, 100);

  const services: Partial<Record<ServiceName, string>> = {};
  for (const name of SERVICE_NAMES) {
    const variable = serviceVariable(name);
    const raw = read(variable);
    if (raw === undefined) continue;
    const problem = checkUpstreamUrl(raw);
    if (problem) problems.push(`${variable} ${problem}`);
    else services[name] = raw.replace(/\/+$/, '');
  }

  const upstreamTimeoutMs = int('UPSTREAM_TIMEOUT_MS', TIMEOUTS.proxyMs, TIMEOUTS.clientMinimumMs, PROXY_MAX_TIMEOUT_MS);
  const upstreamMaxResponseBytes = int('UPSTREAM_MAX_RESPONSE_BYTES', DEFAULT_UPSTREAM_MAX_RESPONSE_BYTES, MIN_UPSTREAM_RESPONSE_BYTES, MAX_UPSTREAM_RESPONSE_BYTES);

  const logLevel = (read('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}").`);
  }
  // true/false, or the reverse proxies' addresses/CIDRs (the safe choice: the client IP is then the
  // last X-Forwarded-For entry added by a trusted proxy, so a client cannot spoof it)
  const rawTrust = read('TRUST_PROXY');
  const trustProxy: boolean | string =
    rawTrust !== undefined && /^[0-9a-f.:/]+(\s*,\s*[0-9a-f.:/]+)*$/i.test(rawTrust) && /[.:]/.test(rawTrust)
      ? rawTrust.split(',').map((a) => a.trim()).join(',')
      : bool('TRUST_PROXY', false);
  const throttle: ThrottleSettings = {
    maxPerUser: int('SIGNIN_MAX_FAILURES_PER_USER', 5, 1, 1000),
    maxPerIp: int('SIGNIN_MAX_FAILURES_PER_IP', 20, 1, 100_000),
    windowMs: int('SIGNIN_WINDOW_MINUTES', 15, 1, 24 * 60) * 60_000,
    maxPerUserPerHour: int('SIGNIN_MAX_FAILURES_PER_USER_HOUR', 100, 1, 100_000),
  };

  const smtpUrl = read('SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^\s]+$/i.test(smtpUrl)) problems.push('SMTP_URL must be an smtp:// or smtps:// URL.');
  const mailFrom = read('MAIL_FROM') ?? `${productName} <no-reply@localhost>`;
  if (mailFrom.length > 200 || /[\r\n]/.test(mailFrom)) problems.push('MAIL_FROM must be one line of at most 200 characters.');
  const publicUrl = (read('PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const publicUrlProblem = checkUpstreamUrl(publicUrl);
  if (publicUrlProblem) problems.push(`PUBLIC_URL ${publicUrlProblem}`);
  // the dev mailbox shows every reset link: never in production, and by default only to this machine
  const rawMailbox = read('DEV_MAILBOX')?.toLowerCase();
  const mailboxAliases: Record<string, DevMailbox> = { off: 'off', false: 'off', '0': 'off', no: 'off', loopback: 'loopback', on: 'on', true: 'on', '1': 'on', yes: 'on' };
  let devMailbox: DevMailbox = !isProduction && appEnv === DEVELOPMENT_ENV_CODE ? 'loopback' : 'off';
  if (rawMailbox !== undefined) {
    const mode = mailboxAliases[rawMailbox];
    if (mode === undefined) problems.push(`DEV_MAILBOX must be one of ${DEV_MAILBOX_MODES.join(', ')} (got "${rawMailbox}").`);
    else if (mode !== 'off' && isProduction) {
      problems.push(
        `DEV_MAILBOX=${rawMailbox} cannot be used with NODE_ENV=production: the dev mailbox shows every password-reset link to whoever opens it. Remove DEV_MAILBOX (or set it to off)${appEnv === DEVELOPMENT_ENV_CODE ? ', and use APP_ENV=D only for development' : ''}.`,
      );
    } else devMailbox = mode;
  }
  const supportInbox = read('SUPPORT_INBOX') ?? 'support@cashwise.example';
  if (!/^[^\s@]+@[^\s@]+$/.test(supportInbox) || supportInbox.length > 254) {
    problems.push(`SUPPORT_INBOX must be an e-mail address (got "${supportInbox}").`);
  }
  const support: SupportSettings = {
    inbox: supportInbox,
    maxPerIp: int('SUPPORT_MAX_PER_IP', 5, 1, 100_000),
    windowMs: int('SUPPORT_WINDOW_MINUTES', 60, 1, 24 * 60) * 60_000,
    recordingRetentionMs: int('RECORDING_RETENTION_DAYS', 30, 1, 3650) * 86_400_000,
    maxTicketsPerUserHour: int('SUPPORT_MAX_TICKETS_PER_USER_HOUR', 10, 1, 100_000),
    maxRecordingBytesPerUserHour: int('RECORDING_MAX_MB_PER_USER_HOUR', 16, 1, 100_000) * 1024 * 1024,
    recordingBytesPerSchool: int('RECORDING_MB_PER_SCHOOL', 512, 1, 1_000_000) * 1024 * 1024,
  };
  const uploads: UploadSettings = {
    maxConcurrent: int('UPLOAD_MAX_CONCURRENT', DEFAULT_UPLOAD_MAX_CONCURRENT, 1, 1000),
    maxBytesPerRequest: int('UPLOAD_MAX_BYTES', DEFAULT_UPLOAD_MAX_BYTES, MIN_UPSTREAM_RESPONSE_BYTES, MAX_UPSTREAM_RESPONSE_BYTES),
  };
  const systemKeys = (read('SYSTEM_KEYS') ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
  for (const key of systemKeys) {
    const problem = checkSecret(key);
    // never echo the key itself: it is a secret
    if (problem) problems.push(`SYSTEM_KEYS: each key ${problem}`);
  }

  // The signing key last: in development it may be generated into DATA_DIR, which only makes
  // sense once everything else is known to be right.
  let tokenSecret: Uint8Array = new Uint8Array();
  let tokenSecretGenerated = false;
  const rawSecret = read('TOKEN_SECRET');
  if (rawSecret !== undefined) {
    const problem = checkSecret(rawSecret);
    if (problem) problems.push(`TOKEN_SECRET ${problem}`);
    else tokenSecret = new TextEncoder().encode(rawSecret);
  } else if (isProduction) {
    problems.push(`TOKEN_SECRET is required in production (at least ${MIN_SECRET_BYTES} random bytes, e.g. \`openssl rand -base64 48\`).`);
  } else if (problems.length === 0) {
    try {
      tokenSecret = new TextEncoder().encode(developmentSecret(dataDir));
      tokenSecretGenerated = true;
    } catch (error) {
      problems.push(`DATA_DIR (${dataDir}) must be writable to keep the development token secret: ${(error as Error).message}`);
    }
  }

  if (problems.length > 0) {
    throw new Error(`Invalid configuration:\n - ${problems.join('\n - ')}`);
  }

  return {
    port,
    host,
    dataDir,
    databaseUrl,
    databaseTimeoutMs,
    databasePoolSize,
    workers,
    nodeEnv,
    isProduction,
    appEnv,
    appBadge,
    productName,
    appKeys,
    tokenSecret,
    tokenSecretGenerated,
    tokenLifetimeMs: tokenLifetimeMinutes * 60_000,
    sessionAbsoluteMs: sessionAbsoluteHours * 3_600_000,
    seedDemo,
    contentDir,
    passingScore,
    staticDir,
    services,
    upstreamTimeoutMs,
    upstreamMaxResponseBytes,
    logLevel: logLevel as LogLevel,
    trustProxy,
    throttle,
    support,
    uploads,
    systemKeys,
    passwordHashing: OWASP_ARGON2,
    smtpUrl,
    mailFrom,
    publicUrl,
    devMailbox,
  };
}

/** Returns a problem description, or null when the secret is acceptable. */
export function checkSecret(secret: string): string | null {
  if (Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES) return `must be at least ${MIN_SECRET_BYTES} bytes long.`;
  if (new Set(secret).size < 8) return 'is too weak (too few different characters).';
  return null;
}

/** Returns a problem description, or null when the URL may be used as an upstream base. */
export function checkUpstreamUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute http(s) URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must use http or https.';
  if (url.username || url.password) return 'must not contain credentials.';
  if (url.search || url.hash) return 'must not contain a query or fragment.';
  return null;
}

function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, TOKEN_SECRET_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (checkSecret(stored) === null) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
