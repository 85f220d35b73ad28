/**
 * docs/architecture.md stays true to the tree: its list of client features is exactly the folders of
 * `src/client/features/`, its list of server modules exactly the folders of `src/server/services/`,
 * every section another file cites by name ("docs/architecture.md, "Time"") is still there, and the
 * page stays short enough to read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const DOC = 'docs/architecture.md';
const SELF = path.relative(ROOT, __filename).split(path.sep).join('/');

/** The folders named in the first column of the table under `## heading` (rows like "| `catalog/` | …"). */
function listedFolders(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`${DOC} has no section "${heading}"`);
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/^\|\s*`([^`/]+)\/`\s*\|/gm)].map((m) => m[1]!);
}

/** What a list gets wrong against the folders that exist. */
function listDrift(listed: string[], existing: string[]): { missing: string[]; notThere: string[] } {
  return {
    missing: existing.filter((name) => !listed.includes(name)).sort(),
    notThere: listed.filter((name) => !existing.includes(name)).sort(),
  };
}

const foldersOf = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The section names other files cite: `docs/architecture.md, "Name"` or `docs/architecture.md "Name"`. */
function citedSections(): { file: string; section: string }[] {
  const files = ['README.md', 'eslint.config.mjs', 'webpack.config.js'];
  const walk = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return walk(rel);
      return /\.(ts|tsx|md|mjs|cjs|js)$/.test(entry.name) && rel !== DOC && rel !== SELF ? [rel] : [];
    });
  for (const dir of ['src', '__tests__', 'docs']) files.push(...walk(dir));
  return files.flatMap((file) =>
    [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/architecture\.md,?\s+"([^"]+)"/g)].map((m) => ({
      file,
      // a citation may wrap inside a comment: its line break and the next line's ` * ` are one space
      section: m[1]!.replace(/\s*\n\s*(\*\s*)?/g, ' ').replace(/\s+/g, ' '),
    })),
  );
}

const doc = readFileSync(path.join(ROOT, DOC), 'utf8');

describe(`${DOC} is true to the tree`, () => {
  it.each([
    ['Client features', 'src/client/features'],
    ['Server modules', 'src/server/services'],
  ])('the "%s" table lists exactly the folders of %s', (heading, dir) => {
    expect(listDrift(listedFolders(doc, heading), foldersOf(dir))).toEqual({ missing: [], notThere: [] });
  });

  it('every section another file cites by name is still a heading of the page', () => {
    const headings = [...doc.matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1]!);
    const lost = citedSections().filter(({ section }) => !headings.some((h) => h.startsWith(section)));
    expect(lost).toEqual([]);
  });

  it('stays at most 250 lines', () => {
    expect(doc.trimEnd().split('\n').length).toBeLessThanOrEqual(250);
  });
});

describe('the check itself', () => {
  const page = ['# T', '', '## Client features', '', '| feature | what |', '|---|---|', '| `auth/` | a |', '| `catalog/` | b |', '', '## Next', '| `other/` | c |'].join('\n');

  it('reads the first column of the section\'s table, and nothing after the section', () => {
    expect(listedFolders(page, 'Client features')).toEqual(['auth', 'catalog']);
  });

  it.each([
    ['a folder the page does not list', ['auth'], ['auth', 'classroom'], { missing: ['classroom'], notThere: [] }],
    ['a listed folder that does not exist', ['auth', 'recording'], ['auth'], { missing: [], notThere: ['recording'] }],
    ['both at once', ['recording'], ['env'], { missing: ['env'], notThere: ['recording'] }],
    ['a list that matches', ['auth', 'env'], ['env', 'auth'], { missing: [], notThere: [] }],
  ])('%s', (_name, listed, existing, drift) => {
    expect(listDrift(listed, existing)).toEqual(drift);
  });

  it('a section the page lacks is an error, not an empty list', () => {
    expect(() => listedFolders(page, 'Server modules')).toThrow('no section "Server modules"');
  });
});
