/** Scale-out settings: WORKERS, DATABASE_TIMEOUT_SECONDS, TRUST_PROXY addresses. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONFIG_VARIABLES, loadConfig } from '../../../src/server/config';

const base = () => ({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cashwise-cfg-')) });

describe('scale-out configuration', () => {
  it('defaults: one process, 10 s database timeout, no proxy trusted, a generated development secret', () => {
    const config = loadConfig(base());
    expect(config).toMatchObject({ workers: 1, databaseTimeoutMs: 10_000, trustProxy: false, tokenSecretGenerated: true });
  });

  it('reads WORKERS and DATABASE_TIMEOUT_SECONDS; a given TOKEN_SECRET is not generated', () => {
    const config = loadConfig({ ...base(), WORKERS: '4', DATABASE_TIMEOUT_SECONDS: '3', TOKEN_SECRET: 'a-very-long-and-varied-secret-0123456789' });
    expect(config).toMatchObject({ workers: 4, databaseTimeoutMs: 3_000, tokenSecretGenerated: false });
  });

  it('DATABASE_POOL_SIZE: 10 connections per process unless set; at least 1', () => {
    expect(loadConfig(base()).databasePoolSize).toBe(10);
    expect(loadConfig({ ...base(), DATABASE_POOL_SIZE: '24' }).databasePoolSize).toBe(24);
    expect(() => loadConfig({ ...base(), DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(CONFIG_VARIABLES.map((v) => v.name)).toContain('DATABASE_POOL_SIZE');
  });

  it.each([
    ['true', true],
    ['off', false],
    ['127.0.0.1', '127.0.0.1'],
    ['10.0.0.0/8, ::1', '10.0.0.0/8,::1'],
  ])('TRUST_PROXY=%s → %p', (raw, expected) => {
    expect(loadConfig({ ...base(), TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it('refuses bad values, all in one error', () => {
    expect(() => loadConfig({ ...base(), WORKERS: '0', DATABASE_TIMEOUT_SECONDS: 'soon', TRUST_PROXY: 'nginx' })).toThrow(
      /WORKERS[\s\S]*DATABASE_TIMEOUT_SECONDS[\s\S]*TRUST_PROXY|DATABASE_TIMEOUT_SECONDS[\s\S]*WORKERS[\s\S]*TRUST_PROXY/,
    );
  });

  it('documents the variables', () => {
    const names = CONFIG_VARIABLES.map((v) => v.name);
    for (const name of ['WORKERS', 'DATABASE_TIMEOUT_SECONDS', 'TRUST_PROXY']) expect(names).toContain(name);
  });
});
