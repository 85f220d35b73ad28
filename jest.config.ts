import type { Config } from 'jest';

/** `npm test`: every test that needs no browser. Unit tests of the SPA run in jsdom, the rest in node. */
const transform: Config['transform'] = {
  '^.+\\.[tj]sx?$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
};
// jose, the OpenID packages and the content check's text-readability (with syllable) ship only ES
// modules: let ts-jest turn them into CommonJS for the test runtime.
const transformIgnorePatterns = ['/node_modules/(?!(jose|openid-client|oauth4webapi|oidc-provider|text-readability|syllable)/)'];

const config: Config = {
  // Speed is measured by `npm run bench`, never by tests: a generous budget keeps a loaded
  // 2-core machine from failing a correct test.
  testTimeout: 20_000,
  // Two workers even on two cores: many API suites wait on child servers, PostgreSQL or argon2's
  // thread pool rather than on the CPU, so a second worker overlaps those waits (CI: .ci/run).
  maxWorkers: 2,
  testSequencer: '<rootDir>/__tests__/support/longFirst.cjs',
  projects: [
    {
      displayName: 'client',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/__tests__/unit/client/**/*.test.ts?(x)'],
      setupFiles: ['<rootDir>/__tests__/setup/jsdom.ts'],
      setupFilesAfterEnv: ['<rootDir>/__tests__/setup/jestDom.ts'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/__tests__/unit/*.test.ts',
        '<rootDir>/__tests__/unit/common/**/*.test.ts',
        '<rootDir>/__tests__/unit/server/**/*.test.ts',
        '<rootDir>/__tests__/api/**/*.test.ts',
      ],
      transform,
      transformIgnorePatterns,
    },
  ],
};

export default config;
