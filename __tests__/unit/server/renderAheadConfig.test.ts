/** RENDER_AHEAD: the one switch of the render-ahead layer, its default, its spellings, nonsense refused. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONFIG_VARIABLES, loadConfig } from '../../../src/server/config';

const base = () => ({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cashwise-cfg-')) });

describe('RENDER_AHEAD', () => {
  it('is on by default', () => {
    expect(loadConfig(base()).renderAhead).toBe(true);
  });

  it.each<[string, boolean]>([
    ['off', false],
    ['OFF', false],
    ['false', false],
    ['0', false],
    ['no', false],
    ['on', true],
    ['true', true],
    ['1', true],
    ['  off  ', false],
  ])('reads %j as %s', (value, expected) => {
    expect(loadConfig({ ...base(), RENDER_AHEAD: value }).renderAhead).toBe(expected);
  });

  it.each(['disabled', 'of', '2'])('refuses %j with an error naming the variable', (value) => {
    expect(() => loadConfig({ ...base(), RENDER_AHEAD: value })).toThrow(/RENDER_AHEAD must be true or false/);
  });

  it('is documented with its default', () => {
    expect(CONFIG_VARIABLES.find((v) => v.name === 'RENDER_AHEAD')).toEqual(expect.objectContaining({ default: 'on' }));
  });
});
