/**
 * @jest-environment node
 *
 * The feature boundary of eslint.config.mjs (docs/architecture.md, "Feature boundaries"): code outside
 * a feature imports only its index.ts; api/ and lib/ import no feature. The real configuration lints
 * small fixtures, in a child process because ESLint loads its configuration as an ES module.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

interface Fixture {
  name: string;
  /** where the fixture pretends to live, from the repository root */
  file: string;
  code: string;
  /** the restricted imports ESLint reports, in order */
  reports: string[];
}

const FIXTURES: Fixture[] = [
  { name: 'app/ reaching into a feature’s slice', file: 'src/client/app/Fixture.tsx', code: "import { catalogReducer } from '../features/catalog/slice';", reports: ['../features/catalog/slice'] },
  { name: 'app/ through the feature’s index', file: 'src/client/app/Fixture.tsx', code: "import { catalogReads } from '../features/catalog';\nimport { kbApi } from '../features/knowledgeBase/index';", reports: [] },
  {
    name: 'a feature reaching into another feature (from a sub-folder)',
    file: 'src/client/features/budgetWizard/components/Fixture.tsx',
    code: "import { selectWorksheetList } from '../../worksheets/selectors';\nimport { WORKSHEETS_PATH } from '../../worksheets';",
    reports: ['../../worksheets/selectors'],
  },
  {
    name: 'a feature reaching into another feature (from its top folder)',
    file: 'src/client/features/profile/sagas.ts',
    code: "import { selectUser } from '../auth/selectors';\nimport { useAppSelector } from '../../app/hooks';",
    reports: ['../auth/selectors'],
  },
  {
    name: 'a feature’s own modules, at any depth',
    file: 'src/client/features/catalog/pages/Fixture.tsx',
    code: "import { catalogArea } from '../area';\nimport { Loadable } from '../components/Loadable';\nimport { PageFrame } from '../../../ui/PageFrame';",
    reports: [],
  },
  {
    name: 'session sits on auth, through its index like any other feature',
    file: 'src/client/features/session/components/Fixture.ts',
    code: "import { authReducer } from '../../auth/slice';\nimport { sessionEnd } from '../../auth';\nimport { catalogReducer } from '../../catalog/slice';",
    reports: ['../../auth/slice', '../../catalog/slice'],
  },
  { name: 'lib/ imports no feature, not even an index', file: 'src/client/lib/fixture.ts', code: "import { selectUser } from '../features/auth';", reports: ['../features/auth'] },
  { name: 'api/ imports no feature', file: 'src/client/api/fixture.ts', code: "import { notificationRaised } from '../features/notifications';", reports: ['../features/notifications'] },
  { name: 'ui/ reaching into a feature', file: 'src/client/ui/Fixture.tsx', code: "import { BookmarkList } from '../features/catalog/components/BookmarkList';", reports: ['../features/catalog/components/BookmarkList'] },
  {
    name: 'a lazily loaded page is a chunk boundary: import() may name it',
    file: 'src/client/app/fixtureRoutes.ts',
    code: "export const catalog = () => import('../features/catalog/pages/CatalogPages');",
    reports: [],
  },
  { name: 'the SPA still never imports server code', file: 'src/client/features/catalog/fixture.ts', code: "import { loadConfig } from '../../../server/config';", reports: ['../../../server/config'] },
];

/** Every fixture linted by one ESLint with the project's configuration: the specifiers no-restricted-imports reports. */
function lintFixtures(fixtures: Fixture[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const fixtures = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = [];
    for (const { file, code } of fixtures) {
      const [result] = await eslint.lintText(code, { filePath: file });
      out.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message.match(/^'([^']+)'/)?.[1] ?? m.message));
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(fixtures.map(({ file, code }) => ({ file, code })))], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(output) as string[][];
}

describe('the feature boundary lint rule', () => {
  let reported: string[][] = [];
  beforeAll(() => {
    reported = lintFixtures(FIXTURES);
  }, 120_000);

  it.each(FIXTURES.map((fixture, index) => [fixture.name, index] as const))('%s', (_name, index) => {
    expect(reported[index]).toEqual(FIXTURES[index]!.reports);
  });
});
