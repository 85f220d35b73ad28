/** Support settings: defaults, overrides, and one error listing bad values. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONFIG_VARIABLES, loadConfig } from '../../../src/server/config';

const base = () => ({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cashwise-cfg-')) });

describe('support configuration', () => {
  it('defaults: inbox support@cashwise.example, 5 per IP per 60 min, recordings kept 30 days; per user 10 tickets and 16 MiB of recordings an hour; 512 MiB of recordings per school', () => {
    expect(loadConfig(base()).support).toEqual({
      inbox: 'support@cashwise.example',
      maxPerIp: 5,
      windowMs: 60 * 60_000,
      recordingRetentionMs: 30 * 86_400_000,
      maxTicketsPerUserHour: 10,
      maxRecordingBytesPerUserHour: 16 * 1024 * 1024,
      recordingBytesPerSchool: 512 * 1024 * 1024,
    });
  });

  it('reads SUPPORT_MAX_TICKETS_PER_USER_HOUR, RECORDING_MAX_MB_PER_USER_HOUR, RECORDING_MB_PER_SCHOOL, and refuses nonsense in one error', () => {
    const config = loadConfig({ ...base(), SUPPORT_MAX_TICKETS_PER_USER_HOUR: '2', RECORDING_MAX_MB_PER_USER_HOUR: '3', RECORDING_MB_PER_SCHOOL: '100' });
    expect(config.support).toEqual(expect.objectContaining({ maxTicketsPerUserHour: 2, maxRecordingBytesPerUserHour: 3 * 1024 * 1024, recordingBytesPerSchool: 100 * 1024 * 1024 }));
    expect(() => loadConfig({ ...base(), SUPPORT_MAX_TICKETS_PER_USER_HOUR: '0', RECORDING_MB_PER_SCHOOL: 'lots' })).toThrow(/SUPPORT_MAX_TICKETS_PER_USER_HOUR[\s\S]*RECORDING_MB_PER_SCHOOL/);
  });

  it('reads SUPPORT_INBOX, SUPPORT_MAX_PER_IP, SUPPORT_WINDOW_MINUTES, RECORDING_RETENTION_DAYS', () => {
    const config = loadConfig({ ...base(), SUPPORT_INBOX: 'help@school.example', SUPPORT_MAX_PER_IP: '9', SUPPORT_WINDOW_MINUTES: '15', RECORDING_RETENTION_DAYS: '7' });
    expect(config.support).toEqual(expect.objectContaining({ inbox: 'help@school.example', maxPerIp: 9, windowMs: 15 * 60_000, recordingRetentionMs: 7 * 86_400_000 }));
  });

  it('refuses bad values, all in one error', () => {
    expect(() => loadConfig({ ...base(), SUPPORT_INBOX: 'nobody', RECORDING_RETENTION_DAYS: '0' })).toThrow(/SUPPORT_INBOX[\s\S]*RECORDING_RETENTION_DAYS|RECORDING_RETENTION_DAYS[\s\S]*SUPPORT_INBOX/);
  });

  it('documents the variables', () => {
    const names = CONFIG_VARIABLES.map((v) => v.name);
    for (const name of ['SUPPORT_INBOX', 'SUPPORT_MAX_PER_IP', 'SUPPORT_WINDOW_MINUTES', 'RECORDING_RETENTION_DAYS', 'SUPPORT_MAX_TICKETS_PER_USER_HOUR', 'RECORDING_MAX_MB_PER_USER_HOUR', 'RECORDING_MB_PER_SCHOOL']) {
      expect(names).toContain(name);
    }
  });
});

describe('upload and system-caller configuration', () => {
  it('defaults: 4 uploads at once per process, 10 MiB per upload, no system keys', () => {
    const config = loadConfig(base());
    expect(config.uploads).toEqual({ maxConcurrent: 4, maxBytesPerRequest: 10 * 1024 * 1024 });
    expect(config.systemKeys).toEqual([]);
  });

  it('reads UPLOAD_MAX_CONCURRENT, UPLOAD_MAX_BYTES and SYSTEM_KEYS (each at least 32 bytes, never echoed in the error)', () => {
    const key = 'a-system-key-of-more-than-32-bytes-0123456789';
    const config = loadConfig({ ...base(), UPLOAD_MAX_CONCURRENT: '2', UPLOAD_MAX_BYTES: '1048576', SYSTEM_KEYS: ` ${key} , ${key}X ` });
    expect(config.uploads).toEqual({ maxConcurrent: 2, maxBytesPerRequest: 1048576 });
    expect(config.systemKeys).toEqual([key, `${key}X`]);
    let message = '';
    try {
      loadConfig({ ...base(), UPLOAD_MAX_CONCURRENT: '0', UPLOAD_MAX_BYTES: '10', SYSTEM_KEYS: `${key},short-secret` });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/UPLOAD_MAX_CONCURRENT[\s\S]*UPLOAD_MAX_BYTES[\s\S]*SYSTEM_KEYS: each key must be at least 32 bytes long/);
    expect(message).not.toContain('short-secret');
  });

  it('documents them', () => {
    const names = CONFIG_VARIABLES.map((v) => v.name);
    for (const name of ['UPLOAD_MAX_CONCURRENT', 'UPLOAD_MAX_BYTES', 'SYSTEM_KEYS']) expect(names).toContain(name);
  });
});
