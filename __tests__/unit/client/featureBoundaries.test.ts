/**
 * @jest-environment node
 *
 * The feature boundary of eslint.config.mjs (docs/architecture.md, "Feature boundaries"): code outside
 * a feature imports only its index.ts; api/ and lib/ import no feature. The real configuration lints
 * small fixtures, in a child process because ESLint loads its configuration as an ES module.
 * And the data-loading rule: no service path in a component or a page ("Loading data").
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

interface Fixture {
  name: string;
  /** where the fixture pretends to live, from the repository root */
  file: string;
  code: string;
  /** the restricted imports ESLint reports, in order (with `rule`: the code it reports) */
  reports: string[];
  rule?: 'no-restricted-syntax';
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

const NO_SERVICE_PATHS: Fixture[] = [
  ...['src/client/features/catalog/pages/Fixture.tsx', 'src/client/features/support/components/Fixture.ts', 'src/client/app/pages/Fixture.tsx', 'src/client/features/profile/Fixture.tsx'].map((file) => ({
    name: `a service path in ${file}`,
    file,
    code: "const a = '/catalog/modules/m'; const b = `/me/language${'?'}`; const c = '/api/service';",
    reports: ["'/catalog/modules/m'", '`/me/language${', "'/api/service'"],
    rule: 'no-restricted-syntax' as const,
  })),
  {
    name: 'a table of service paths imported into a page',
    file: 'src/client/features/classroom/pages/Fixture.tsx',
    code: "import { CLASSROOM_PATHS } from '../../../../common/classroom';\nimport { kbApi } from '../../knowledgeBase';",
    reports: ['CLASSROOM_PATHS', 'kbApi'],
    rule: 'no-restricted-syntax',
  },
  {
    name: "the app's own addresses in a page are links, not service paths",
    file: 'src/client/features/catalog/pages/Fixture.tsx',
    code: "import { catalogPaths } from '../../../../common/catalog';\nconst a = ['/app/catalog', '/certificates/ABCD', '/password', '/password/reset/x', '/login', catalogPaths.module('m')];",
    reports: [],
    rule: 'no-restricted-syntax',
  },
  {
    name: "a feature's api.ts and sagas name service paths",
    file: 'src/client/features/catalog/api.ts',
    code: "export const a = '/catalog'; export const b = `/catalog/modules/${'m'}`;",
    reports: [],
    rule: 'no-restricted-syntax',
  },
];

/** Every fixture linted by one ESLint with the project's configuration: the specifiers no-restricted-imports reports. */
function lintFixtures(fixtures: Fixture[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const fixtures = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = [];
    for (const { file, code, rule } of fixtures) {
      const [result] = await eslint.lintText(code, { filePath: file });
      const lines = code.split('\\n');
      const reported = (m) => (rule ? lines[m.line - 1].slice(m.column - 1, m.endColumn - 1) : m.message.match(/^'([^']+)'/)?.[1] ?? m.message);
      out.push(result.messages.filter((m) => m.ruleId === (rule ?? 'no-restricted-imports')).map(reported));
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(fixtures.map(({ file, code, rule }) => ({ file, code, rule })))], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(output) as string[][];
}

describe('the feature boundary and service path lint rules', () => {
  const fixtures = [...FIXTURES, ...NO_SERVICE_PATHS];
  let reported: string[][] = [];
  beforeAll(() => {
    reported = lintFixtures(fixtures);
  }, 120_000);

  it.each(fixtures.map((fixture, index) => [fixture.name, index] as const))('%s', (_name, index) => {
    expect(reported[index]).toEqual(fixtures[index]!.reports);
  });
});
