/**
 * @jest-environment node
 *
 * The SPA's build leaves axios's fetch adapter out (webpack.config.js, src/client/api/noFetchAdapter.js;
 * bundle): the replacement must still find axios's file, and what stands in for it must
 * be what axios takes for "not supported here", so XHR, first in axios's list, is what it uses.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import webpack from 'webpack';
import * as noFetch from '../../../../src/client/api/noFetchAdapter';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require('../../../../webpack.config.js') as (env: unknown, argv: { mode: string }) => webpack.Configuration[];

describe('axios without its fetch adapter', () => {
  it("the production build replaces axios's fetch adapter, at the path axios has it", () => {
    const spa = config({}, { mode: 'production' }).find((c) => c.name === 'spa')!;
    const replacement = spa.plugins!.find((p): p is webpack.NormalModuleReplacementPlugin => p instanceof webpack.NormalModuleReplacementPlugin)!;
    const fetchAdapter = path.join(path.dirname(require.resolve('axios/package.json')), 'lib/adapters/fetch.js');
    expect(existsSync(fetchAdapter)).toBe(true);
    expect(replacement.resourceRegExp.test(fetchAdapter)).toBe(true);
    expect(replacement.resourceRegExp.test(fetchAdapter.replace('fetch.js', 'xhr.js'))).toBe(false);
    expect(replacement.newResource).toBe(path.resolve(__dirname, '../../../../src/client/api/noFetchAdapter.js'));
  });

  it("stands in with axios's 'not supported in this environment'", () => {
    expect(noFetch.getFetch()).toBe(false);
    expect(noFetch.default).toBe(false);
  });
});
