import type { Config } from 'jest';

/** `npm run test:e2e`: the user's path in Debian's chromium, driven by playwright-core. */
const config: Config = {
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/__tests__/e2e/**/*.e2e.ts'],
  globalSetup: '<rootDir>/__tests__/e2e/support/globalSetup.ts',
  globalTeardown: '<rootDir>/__tests__/e2e/support/globalTeardown.ts',
  transform: { '^.+\\.[tj]sx?$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
  transformIgnorePatterns: ['/node_modules/(?!(jose|openid-client|oauth4webapi|oidc-provider)/)'],
  testTimeout: 60_000,
};

export default config;
