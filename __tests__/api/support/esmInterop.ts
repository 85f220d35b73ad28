/**
 * Stop-gap until jest.config.ts lets ts-jest transform them (transformIgnorePatterns):
 * `cookie` (used by fastify's app.inject via light-my-request) and `content-disposition` (used by
 * @fastify/static) ship only as ES modules, which jest's CommonJS runtime on Node 20 cannot
 * require. Each is a single dependency-free file, so we load the REAL code, transpiled to CommonJS.
 * Import this file first in every API test.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

export function loadEsmAsCommonJs(specifier: string): unknown {
  const file = require.resolve(specifier);
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const loaded = { exports: {} as Record<string, unknown> };
  // the transpiled module only assigns to `exports`; it imports nothing
  new Function('exports', 'module', outputText)(loaded.exports, loaded);
  return loaded.exports;
}

jest.mock('cookie', () => loadEsmAsCommonJs('cookie'));
jest.mock('content-disposition', () => loadEsmAsCommonJs('content-disposition'));
