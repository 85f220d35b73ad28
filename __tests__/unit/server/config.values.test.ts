/**
 * Each kind of bad value gets its clear start-up message naming the variable (and what it got,
 * unless it is a secret); a value with spaces around it, or an empty one, is read as the operator meant.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../src/server/config';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-config-values-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The problems of one start-up, one per line. */
function problems(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dir, ...env });
  } catch (error) {
    const [heading, ...lines] = (error as Error).message.split('\n - ');
    expect(heading).toBe('Invalid configuration:');
    return lines;
  }
  return [];
}

it.each<[string, Record<string, string>, string]>([
  ['a fraction where a whole number goes', { DATABASE_POOL_SIZE: '1.5' }, 'DATABASE_POOL_SIZE must be a whole number from 1 to 1000 (got "1.5").'],
  ['a number under its minimum', { WORKERS: '0' }, 'WORKERS must be a whole number from 1 to 64 (got "0").'],
  ['a hex number', { PASSING_SCORE: '0x10' }, 'PASSING_SCORE must be a whole number from 1 to 100 (got "0x10").'],
  ['a negative number', { SUPPORT_MAX_PER_IP: '-1' }, 'SUPPORT_MAX_PER_IP must be a whole number from 1 to 100000 (got "-1").'],
  ['a word where true or false goes', { SEED_DEMO: 'Maybe' }, 'SEED_DEMO must be true or false (got "maybe").'],
  ['a proxy setting that is neither a flag nor addresses', { TRUST_PROXY: 'nginx' }, 'TRUST_PROXY must be true or false (got "nginx").'],
  ['an unknown log level', { LOG_LEVEL: 'Loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud").'],
  ['an environment code of two letters', { APP_ENV: 'DV' }, 'APP_ENV must be one capital letter such as D or P (got "DV").'],
  ['a long badge', { APP_BADGE: 'x'.repeat(21) }, 'APP_BADGE must be at most 20 characters.'],
  ['a long app key', { APP_KEYS: `web,${'k'.repeat(201)}` }, 'APP_KEYS entries must be at most 200 characters.'],
  ['a mail server that is not SMTP', { SMTP_URL: 'http://mail.example' }, 'SMTP_URL must be an smtp:// or smtps:// URL.'],
  ['a From: address of two lines', { MAIL_FROM: 'a\nBcc: b@example.com' }, 'MAIL_FROM must be one line of at most 200 characters.'],
  ['a public address with a query', { PUBLIC_URL: 'https://cashwise.example/?x=1' }, 'PUBLIC_URL must not contain a query or fragment.'],
  ['a support inbox that is not an address', { SUPPORT_INBOX: 'helpdesk' }, 'SUPPORT_INBOX must be an e-mail address (got "helpdesk").'],
  ['an unknown mailbox mode', { DEV_MAILBOX: 'Everyone' }, 'DEV_MAILBOX must be one of off, loopback, on (got "everyone").'],
  ['a token lifetime above a day', { TOKEN_LIFETIME_MINUTES: '1441' }, 'TOKEN_LIFETIME_MINUTES must be a whole number from 2 to 1440 (got "1441").'],
])('%s', (_name, env, message) => {
  expect(problems(env)).toEqual([message]);
});

it('never echoes a secret that is refused', () => {
  const found = problems({ SYSTEM_KEYS: 'short-secret-key', TOKEN_SECRET: 'another-short-one' });
  expect(found).toEqual(['SYSTEM_KEYS: each key must be at least 32 bytes long.', 'TOKEN_SECRET must be at least 32 bytes long.']);
  expect(found.join('\n')).not.toMatch(/short-secret-key|another-short-one/);
});

it('reads a value with spaces around it, and an empty one as unset', () => {
  const config = loadConfig({ DATA_DIR: dir, PORT: ' 8080 ', WORKERS: '', LOG_LEVEL: ' DEBUG ', TRUST_PROXY: '10.0.0.1 , 10.0.0.2', SEED_DEMO: 'No' });
  expect(config).toMatchObject({ port: 8080, workers: 1, logLevel: 'debug', trustProxy: '10.0.0.1,10.0.0.2', seedDemo: false });
});

it('an empty APP_BADGE asks for no badge, even in development', () => {
  expect(loadConfig({ DATA_DIR: dir, APP_BADGE: '' }).appBadge).toBe('');
});

it('compares the session and token lifetimes only when both are whole numbers', () => {
  expect(problems({ SESSION_ABSOLUTE_HOURS: 'x', TOKEN_LIFETIME_MINUTES: '120' })).toEqual(['SESSION_ABSOLUTE_HOURS must be a whole number from 1 to 720 (got "x").']);
});
