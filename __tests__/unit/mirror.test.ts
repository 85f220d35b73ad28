/**
 * `__tests__/unit` mirrors `src/` folder for folder: the unit test of `src/server/services/roster/files.ts`
 * is `__tests__/unit/server/services/roster/files.test.ts`. A folder here with no counterpart under
 * `src/` fails this test, so a newcomer finds a module's tests by its path and the layout cannot drift.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Every folder below `testRoot` (relative, `/`-separated) that has no folder of the same path below `srcRoot`. */
function foldersWithoutSource(testRoot: string, srcRoot: string): string[] {
  const srcFolders = new Set(folders(srcRoot));
  return folders(testRoot).filter((folder) => !srcFolders.has(folder)).sort();
}

function folders(root: string, below = ''): string[] {
  return readdirSync(path.join(root, below), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const folder = below ? `${below}/${entry.name}` : entry.name;
      return [folder, ...folders(root, folder)];
    });
}

const ROOT = path.resolve(__dirname, '../..');

describe('__tests__/unit mirrors src/', () => {
  it('every folder of __tests__/unit exists under src/', () => {
    expect(foldersWithoutSource(path.join(ROOT, '__tests__/unit'), path.join(ROOT, 'src'))).toEqual([]);
  });

  it('names a test folder with no source folder, at any depth', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mirror-'));
    try {
      for (const folder of ['src/server/services/roster', 'src/client', 'tests/server/services/roster', 'tests/server/classroom', 'tests/client/pages/deep']) {
        mkdirSync(path.join(dir, folder), { recursive: true });
      }
      expect(foldersWithoutSource(path.join(dir, 'tests'), path.join(dir, 'src'))).toEqual(['client/pages', 'client/pages/deep', 'server/classroom']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
