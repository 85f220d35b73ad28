/** Support settings (issue #4): defaults, overrides, and one error listing bad values. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONFIG_VARIABLES, loadConfig } from '../../../src/server/config';

const base = () => ({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cashwise-cfg-')) });

describe('support configuration', () => {
  it('defaults: inbox support@cashwise.example, 5 per IP per 60 min, recordings kept 30 days', () => {
    expect(loadConfig(base()).support).toEqual({
      inbox: 'support@cashwise.example',
      maxPerIp: 5,
      windowMs: 60 * 60_000,
      recordingRetentionMs: 30 * 86_400_000,
    });
  });

  it('reads SUPPORT_INBOX, SUPPORT_MAX_PER_IP, SUPPORT_WINDOW_MINUTES, RECORDING_RETENTION_DAYS', () => {
    const config = loadConfig({ ...base(), SUPPORT_INBOX: 'help@school.example', SUPPORT_MAX_PER_IP: '9', SUPPORT_WINDOW_MINUTES: '15', RECORDING_RETENTION_DAYS: '7' });
    expect(config.support).toEqual({ inbox: 'help@school.example', maxPerIp: 9, windowMs: 15 * 60_000, recordingRetentionMs: 7 * 86_400_000 });
  });

  it('refuses bad values, all in one error', () => {
    expect(() => loadConfig({ ...base(), SUPPORT_INBOX: 'nobody', RECORDING_RETENTION_DAYS: '0' })).toThrow(/SUPPORT_INBOX[\s\S]*RECORDING_RETENTION_DAYS|RECORDING_RETENTION_DAYS[\s\S]*SUPPORT_INBOX/);
  });

  it('documents the four variables', () => {
    const names = CONFIG_VARIABLES.map((v) => v.name);
    for (const name of ['SUPPORT_INBOX', 'SUPPORT_MAX_PER_IP', 'SUPPORT_WINDOW_MINUTES', 'RECORDING_RETENTION_DAYS']) expect(names).toContain(name);
  });
});
