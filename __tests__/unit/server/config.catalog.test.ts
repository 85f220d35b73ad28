/** Catalog settings: CONTENT_DIR and PASSING_SCORE. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONFIG_VARIABLES, loadConfig } from '../../../src/server/config';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-config-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('defaults: ./content and 70 %', () => {
  const config = loadConfig({ DATA_DIR: dir });
  expect(config.contentDir).toBe(path.resolve('./content'));
  expect(config.passingScore).toBe(70);
});

it('reads CONTENT_DIR and PASSING_SCORE', () => {
  expect(loadConfig({ DATA_DIR: dir, CONTENT_DIR: '/srv/content', PASSING_SCORE: '80' })).toMatchObject({ contentDir: '/srv/content', passingScore: 80 });
});

it.each(['0', '101', 'seventy', '70.5'])('refuses PASSING_SCORE=%s', (value) => {
  expect(() => loadConfig({ DATA_DIR: dir, PASSING_SCORE: value })).toThrow(/PASSING_SCORE must be a whole number from 1 to 100/);
});

it('documents both', () => {
  expect(CONFIG_VARIABLES.map((v) => v.name)).toEqual(expect.arrayContaining(['CONTENT_DIR', 'PASSING_SCORE']));
});
