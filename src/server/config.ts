/**
 * Every server setting, read from environment variables with safe defaults and validated at
 * start-up by one yup schema of the environment. `loadConfig` throws ONE Error that lists every
 * problem, so an operator fixes them all in one go.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import * as yup from 'yup';
import { loadSsoConfig, SSO_CONFIG_VARIABLES, type SsoConfig } from './sso/config';
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
  /** audit trail entries older than this are deleted by the retention sweep (AUDIT_RETENTION_DAYS) */
  auditRetentionMs: number;
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
  /**
   * The render-ahead layer (RENDER_AHEAD): prerendered pages for client routes and signed-in pages
   * rendered by the server (`GET /api/page`); off, every client route gets index.html and the app
   * boots the plain way
   */
  renderAhead: boolean;
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
  /** school sign-in through OpenID Connect (sso/config.ts, docs/sso.md) */
  sso: SsoConfig;
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
  {
    name: 'RENDER_AHEAD',
    default: 'on',
    description: 'The render-ahead layer (docs/architecture.md "Render ahead"): the build\'s prerendered pages and signed-in pages rendered by the server (GET /api/page). off: every page of the SPA gets index.html and the app renders it in the browser.',
  },
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
  { name: 'AUDIT_RETENTION_DAYS', default: '730', description: 'Audit trail entries (staff actions on students\' data) are deleted after this many days, by the hourly retention sweep. 1 to 3650.' },
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
  ...SSO_CONFIG_VARIABLES,
];

export function serviceVariable(name: ServiceName): string {
  return `SERVICE_${name.toUpperCase()}_URL`;
}

export const MIN_SECRET_BYTES = 32;
const TOKEN_SECRET_FILE = 'token-secret';

type Env = Record<string, string | undefined>;

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];
const DEV_MAILBOX_ALIASES: Record<string, DevMailbox> = { off: 'off', false: 'off', '0': 'off', no: 'off', loopback: 'loopback', on: 'on', true: 'on', '1': 'on', yes: 'on' };
/** TRUST_PROXY as the reverse proxies' addresses or CIDRs, comma-separated (not a true/false word). */
const isAddressList = (raw: string) => /^[0-9a-f.:/]+(\s*,\s*[0-9a-f.:/]+)*$/i.test(raw) && /[.:]/.test(raw);
const list = (raw: string | undefined) => (raw ?? '').split(',').map((item) => item.trim()).filter((item) => item !== '');

const isWhole = (value: string | undefined, min: number, max: number) => /^\d+$/.test(value ?? '') && Number(value) >= min && Number(value) <= max;

/** A whole number from min to max (digits only), `fallback` when unset. */
function wholeNumber(fallback: number, min: number, max: number) {
  return yup
    .string()
    .default(String(fallback))
    .test('whole', ({ path, value }) => `${path} must be a whole number from ${min} to ${max} (got "${value as string}").`, (value) => isWhole(value, min, max));
}

const TOKEN_MINUTES = { fallback: 30, min: 2, max: 24 * 60 };
const SESSION_HOURS = { fallback: 12, min: 1, max: 24 * 30 };

/** true/false (or yes/no, on/off, 1/0, any case), `fallback` when unset. */
function flag(fallback: boolean) {
  return yup
    .string()
    .transform((value: string) => value.toLowerCase())
    .default(String(fallback))
    .test('flag', ({ path, value }) => `${path} must be true or false (got "${value as string}").`, (value) => TRUE_WORDS.includes(value) || FALSE_WORDS.includes(value));
}

/** An optional value checked by one of the problem functions below (the message follows the name). */
function checked(check: (value: string) => string | null) {
  return yup.string().test('checked', function test(value) {
    const problem = value === undefined ? null : check(value);
    return problem === null || this.createError({ message: `${this.path} ${problem}` });
  });
}

/**
 * What every variable may hold, as a yup schema of the environment (values trimmed, empty = unset).
 * Defaults that depend on another variable (the badge, the mailbox, the From: address, the public
 * address) are filled in by loadConfig once the values are known to be good.
 */
function environmentSchema(isProduction: boolean) {
  const services = Object.fromEntries(SERVICE_NAMES.map((name) => [serviceVariable(name), checked(checkUpstreamUrl)]));
  return yup.object({
    PORT: wholeNumber(3000, 0, 65_535),
    HOST: yup.string().default('0.0.0.0'),
    DATA_DIR: yup.string().default('./data'),
    DATABASE_URL: yup.string().matches(/^postgres(ql)?:\/\//i, 'DATABASE_URL must be a postgres:// or postgresql:// URL.'),
    DATABASE_TIMEOUT_SECONDS: wholeNumber(10, 1, 600),
    DATABASE_POOL_SIZE: wholeNumber(DEFAULT_DATABASE_POOL_SIZE, 1, 1000),
    WORKERS: wholeNumber(1, 1, 64),
    APP_ENV: yup
      .string()
      .default(isProduction ? 'P' : DEVELOPMENT_ENV_CODE)
      .matches(/^[A-Z]$/, ({ value }) => `APP_ENV must be one capital letter such as D or P (got "${value as string}").`),
    // read untrimmed-to-unset: APP_BADGE= (empty) is a wish for no badge
    APP_BADGE: yup.string().max(20, 'APP_BADGE must be at most 20 characters.'),
    PRODUCT_NAME: yup.string().default(PRODUCT_NAME),
    APP_KEYS: yup
      .string()
      .default(DEFAULT_APP_KEY)
      .test('some', 'APP_KEYS must list at least one app key.', (value) => list(value).length > 0)
      .test('short', 'APP_KEYS entries must be at most 200 characters.', (value) => list(value).every((key) => key.length <= 200)),
    TOKEN_LIFETIME_MINUTES: wholeNumber(TOKEN_MINUTES.fallback, TOKEN_MINUTES.min, TOKEN_MINUTES.max),
    SESSION_ABSOLUTE_HOURS: wholeNumber(SESSION_HOURS.fallback, SESSION_HOURS.min, SESSION_HOURS.max).test(
      'longer',
      'SESSION_ABSOLUTE_HOURS must be at least as long as TOKEN_LIFETIME_MINUTES.',
      function longer(hours) {
        // compared only when both are good (otherwise their own message says what is wrong)
        const minutes = (this.parent as { TOKEN_LIFETIME_MINUTES: string }).TOKEN_LIFETIME_MINUTES;
        if (!isWhole(hours, SESSION_HOURS.min, SESSION_HOURS.max) || !isWhole(minutes, TOKEN_MINUTES.min, TOKEN_MINUTES.max)) return true;
        return Number(hours) * 60 >= Number(minutes);
      },
    ),
    SEED_DEMO: flag(!isProduction),
    STATIC_DIR: yup.string().default('dist/client'),
    RENDER_AHEAD: flag(true),
    CONTENT_DIR: yup.string().default('./content'),
    PASSING_SCORE: wholeNumber(70, 1, 100),
    ...services,
    UPSTREAM_TIMEOUT_MS: wholeNumber(TIMEOUTS.proxyMs, TIMEOUTS.clientMinimumMs, PROXY_MAX_TIMEOUT_MS),
    UPSTREAM_MAX_RESPONSE_BYTES: wholeNumber(DEFAULT_UPSTREAM_MAX_RESPONSE_BYTES, MIN_UPSTREAM_RESPONSE_BYTES, MAX_UPSTREAM_RESPONSE_BYTES),
    LOG_LEVEL: yup
      .string()
      .transform((value: string) => value.toLowerCase())
      .default('info')
      .oneOf(LOG_LEVELS, ({ value }) => `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${value as string}").`),
    // true/false, or the reverse proxies' addresses/CIDRs (the safe choice: the client IP is then the
    // last X-Forwarded-For entry added by a trusted proxy, so a client cannot spoof it)
    TRUST_PROXY: yup
      .string()
      .default('false')
      .test('trust', ({ value }) => `TRUST_PROXY must be true or false (got "${(value as string).toLowerCase()}").`, (value) =>
        isAddressList(value) || [...TRUE_WORDS, ...FALSE_WORDS].includes(value.toLowerCase()),
      ),
    SIGNIN_MAX_FAILURES_PER_USER: wholeNumber(5, 1, 1000),
    SIGNIN_MAX_FAILURES_PER_IP: wholeNumber(20, 1, 100_000),
    SIGNIN_WINDOW_MINUTES: wholeNumber(15, 1, 24 * 60),
    SIGNIN_MAX_FAILURES_PER_USER_HOUR: wholeNumber(100, 1, 100_000),
    SMTP_URL: yup.string().matches(/^smtps?:\/\/[^\s]+$/i, 'SMTP_URL must be an smtp:// or smtps:// URL.'),
    MAIL_FROM: yup.string().test('line', 'MAIL_FROM must be one line of at most 200 characters.', (value) => value === undefined || (value.length <= 200 && !/[\r\n]/.test(value))),
    PUBLIC_URL: checked(checkUpstreamUrl),
    // the dev mailbox shows every reset link: never in production, and by default only to this machine
    DEV_MAILBOX: yup
      .string()
      .transform((value: string) => value.toLowerCase())
      .test('mode', ({ value }) => `DEV_MAILBOX must be one of ${DEV_MAILBOX_MODES.join(', ')} (got "${value as string}").`, (value) => value === undefined || value in DEV_MAILBOX_ALIASES)
      .test('production', function notInProduction(value) {
        if (!isProduction || value === undefined || DEV_MAILBOX_ALIASES[value] === undefined || DEV_MAILBOX_ALIASES[value] === 'off') return true;
        const development = (this.parent as { APP_ENV: string }).APP_ENV === DEVELOPMENT_ENV_CODE;
        return this.createError({
          message: `DEV_MAILBOX=${value} cannot be used with NODE_ENV=production: the dev mailbox shows every password-reset link to whoever opens it. Remove DEV_MAILBOX (or set it to off)${development ? ', and use APP_ENV=D only for development' : ''}.`,
        });
      }),
    SUPPORT_INBOX: yup
      .string()
      .default('support@cashwise.example')
      .test('address', ({ value }) => `SUPPORT_INBOX must be an e-mail address (got "${value as string}").`, (value) => /^[^\s@]+@[^\s@]+$/.test(value) && value.length <= 254),
    SUPPORT_MAX_PER_IP: wholeNumber(5, 1, 100_000),
    SUPPORT_WINDOW_MINUTES: wholeNumber(60, 1, 24 * 60),
    RECORDING_RETENTION_DAYS: wholeNumber(30, 1, 3650),
    AUDIT_RETENTION_DAYS: wholeNumber(730, 1, 3650),
    SUPPORT_MAX_TICKETS_PER_USER_HOUR: wholeNumber(10, 1, 100_000),
    RECORDING_MAX_MB_PER_USER_HOUR: wholeNumber(16, 1, 100_000),
    RECORDING_MB_PER_SCHOOL: wholeNumber(512, 1, 1_000_000),
    UPLOAD_MAX_CONCURRENT: wholeNumber(DEFAULT_UPLOAD_MAX_CONCURRENT, 1, 1000),
    UPLOAD_MAX_BYTES: wholeNumber(DEFAULT_UPLOAD_MAX_BYTES, MIN_UPSTREAM_RESPONSE_BYTES, MAX_UPSTREAM_RESPONSE_BYTES),
    // never echo a key itself in a message: it is a secret
    SYSTEM_KEYS: yup.string().test('keys', function keys(value) {
      const problem = list(value).map(checkSecret).find((found) => found !== null);
      return !problem || this.createError({ message: `SYSTEM_KEYS: each key ${problem}` });
    }),
    TOKEN_SECRET: checked(checkSecret).test(
      'production',
      `TOKEN_SECRET is required in production (at least ${MIN_SECRET_BYTES} random bytes, e.g. \`openssl rand -base64 48\`).`,
      (value) => !isProduction || value !== undefined,
    ),
  });
}

/** Reads and validates the configuration; throws one Error listing every problem. */
export function loadConfig(env: Env = process.env): Config {
  // trimmed, and an empty variable is an unset one (APP_BADGE keeps its empty value: no badge)
  const raw: Env = {};
  for (const [name, value] of Object.entries(env)) {
    const trimmed = value?.trim();
    if (trimmed !== undefined && (trimmed !== '' || name === 'APP_BADGE')) raw[name] = trimmed;
  }
  const nodeEnv = raw.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';

  let values: yup.InferType<ReturnType<typeof environmentSchema>> & Env;
  try {
    values = environmentSchema(isProduction).validateSync(raw, { abortEarly: false }) as typeof values;
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    throw invalid(error.errors);
  }
  const whole = (name: string) => Number(values[name]);

  const port = whole('PORT');
  const { sso, problems: ssoProblems } = loadSsoConfig(raw, isProduction, port);
  if (ssoProblems.length > 0) throw invalid(ssoProblems);
  const dataDir = path.resolve(values.DATA_DIR);
  const appEnv = values.APP_ENV;
  const productName = values.PRODUCT_NAME;
  const services: Partial<Record<ServiceName, string>> = {};
  for (const name of SERVICE_NAMES) {
    const url = values[serviceVariable(name)];
    if (url !== undefined) services[name] = url.replace(/\/+$/, '');
  }
  const trustProxy: boolean | string = isAddressList(values.TRUST_PROXY)
    ? values.TRUST_PROXY.split(',').map((a) => a.trim()).join(',')
    : TRUE_WORDS.includes(values.TRUST_PROXY.toLowerCase());

  // The signing key last: in development it may be generated into DATA_DIR, which only makes
  // sense once everything else is known to be right.
  let tokenSecret: Uint8Array;
  let tokenSecretGenerated = false;
  if (values.TOKEN_SECRET !== undefined) tokenSecret = new TextEncoder().encode(values.TOKEN_SECRET);
  else {
    try {
      tokenSecret = new TextEncoder().encode(developmentSecret(dataDir));
      tokenSecretGenerated = true;
    } catch (error) {
      throw invalid([`DATA_DIR (${dataDir}) must be writable to keep the development token secret: ${(error as Error).message}`]);
    }
  }

  return {
    port,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    databaseTimeoutMs: whole('DATABASE_TIMEOUT_SECONDS') * 1000,
    databasePoolSize: whole('DATABASE_POOL_SIZE'),
    workers: whole('WORKERS'),
    nodeEnv,
    isProduction,
    appEnv,
    appBadge: values.APP_BADGE ?? (appEnv === DEVELOPMENT_ENV_CODE ? 'DEV' : ''),
    productName,
    appKeys: list(values.APP_KEYS),
    tokenSecret,
    tokenSecretGenerated,
    tokenLifetimeMs: whole('TOKEN_LIFETIME_MINUTES') * 60_000,
    sessionAbsoluteMs: whole('SESSION_ABSOLUTE_HOURS') * 3_600_000,
    seedDemo: TRUE_WORDS.includes(values.SEED_DEMO),
    contentDir: path.resolve(values.CONTENT_DIR),
    passingScore: whole('PASSING_SCORE'),
    staticDir: path.resolve(values.STATIC_DIR),
    renderAhead: TRUE_WORDS.includes(values.RENDER_AHEAD),
    services,
    upstreamTimeoutMs: whole('UPSTREAM_TIMEOUT_MS'),
    upstreamMaxResponseBytes: whole('UPSTREAM_MAX_RESPONSE_BYTES'),
    logLevel: values.LOG_LEVEL as LogLevel,
    trustProxy,
    throttle: {
      maxPerUser: whole('SIGNIN_MAX_FAILURES_PER_USER'),
      maxPerIp: whole('SIGNIN_MAX_FAILURES_PER_IP'),
      windowMs: whole('SIGNIN_WINDOW_MINUTES') * 60_000,
      maxPerUserPerHour: whole('SIGNIN_MAX_FAILURES_PER_USER_HOUR'),
    },
    support: {
      inbox: values.SUPPORT_INBOX,
      maxPerIp: whole('SUPPORT_MAX_PER_IP'),
      windowMs: whole('SUPPORT_WINDOW_MINUTES') * 60_000,
      recordingRetentionMs: whole('RECORDING_RETENTION_DAYS') * 86_400_000,
      maxTicketsPerUserHour: whole('SUPPORT_MAX_TICKETS_PER_USER_HOUR'),
      maxRecordingBytesPerUserHour: whole('RECORDING_MAX_MB_PER_USER_HOUR') * 1024 * 1024,
      recordingBytesPerSchool: whole('RECORDING_MB_PER_SCHOOL') * 1024 * 1024,
    },
    auditRetentionMs: whole('AUDIT_RETENTION_DAYS') * 86_400_000,
    uploads: { maxConcurrent: whole('UPLOAD_MAX_CONCURRENT'), maxBytesPerRequest: whole('UPLOAD_MAX_BYTES') },
    systemKeys: list(values.SYSTEM_KEYS),
    passwordHashing: OWASP_ARGON2,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? `${productName} <no-reply@localhost>`,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    devMailbox: values.DEV_MAILBOX !== undefined ? DEV_MAILBOX_ALIASES[values.DEV_MAILBOX]! : !isProduction && appEnv === DEVELOPMENT_ENV_CODE ? 'loopback' : 'off',
    sso,
  };
}

/** The one start-up error: every problem, one per line, so an operator fixes them all in one go. */
function invalid(problems: readonly string[]): Error {
  return new Error(`Invalid configuration:\n - ${problems.join('\n - ')}`);
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
