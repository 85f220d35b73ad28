/** AUDIT_RETENTION_DAYS: its default, an override, nonsense refused, and its documentation. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONFIG_VARIABLES, loadConfig } from '../../../src/server/config';

const base = () => ({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cashwise-cfg-')) });
const DAY = 86_400_000;

describe('AUDIT_RETENTION_DAYS', () => {
  it('defaults to 730 days and reads a whole number of days from 1 to 3650', () => {
    expect(loadConfig(base()).auditRetentionMs).toBe(730 * DAY);
    expect(loadConfig({ ...base(), AUDIT_RETENTION_DAYS: '365' }).auditRetentionMs).toBe(365 * DAY);
    expect(loadConfig({ ...base(), AUDIT_RETENTION_DAYS: '1' }).auditRetentionMs).toBe(DAY);
    expect(loadConfig({ ...base(), AUDIT_RETENTION_DAYS: '3650' }).auditRetentionMs).toBe(3650 * DAY);
  });

  it.each(['0', '3651', 'forever', '1.5', '-3'])('refuses %s with an error naming the variable', (value) => {
    expect(() => loadConfig({ ...base(), AUDIT_RETENTION_DAYS: value })).toThrow(/AUDIT_RETENTION_DAYS/);
  });

  it('is documented with its default', () => {
    expect(CONFIG_VARIABLES.find((v) => v.name === 'AUDIT_RETENTION_DAYS')).toEqual(expect.objectContaining({ default: '730' }));
  });
});
