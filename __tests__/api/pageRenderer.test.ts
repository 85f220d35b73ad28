/**
 * The worker thread that renders GET /api/page's pages (src/server/renderAhead/pageRenderer.ts), with a
 * stand-in bundle of the prerender's shape: answers come back by request, a failed or late render
 * fails only itself, and a worker that dies (its heap full) is replaced by the next render.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WorkerPageRenderer } from '../../src/server/renderAhead/pageRenderer';
import type { Session } from '../../src/common/types';

jest.setTimeout(30_000);

const BUNDLE = `
exports.pageDataPaths = (pathname) => (pathname === '/app/catalog' ? ['/catalog'] : null);
exports.renderSignedInPage = async (pathname, session, answers, now) => {
  if (pathname === '/app/throws') throw new Error('no such page');
  if (pathname === '/app/slow') return new Promise(() => undefined);
  if (pathname === '/app/heap') {
    const hoard = [];
    for (;;) hoard.push(new Array(100000).fill(pathname));
  }
  return { title: pathname, styles: '<style></style>', html: session.user.firstName + ' ' + answers.length + ' ' + now(), extra: 'not passed on' };
};
`;

const SESSION = { token: '', user: { id: 1, firstName: 'Maya' }, clients: [], permissions: [] } as unknown as Session;

let dir: string;
let renderer: WorkerPageRenderer;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-renderer-'));
  writeFileSync(path.join(dir, 'prerender.js'), BUNDLE);
  renderer = new WorkerPageRenderer(path.join(dir, 'prerender.js'), { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 }, 1_000);
});
afterAll(async () => {
  await renderer.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('WorkerPageRenderer', () => {
  it("answers with the bundle's data paths and renders, each request its own answer", async () => {
    await expect(renderer.pageDataPaths('/app/catalog')).resolves.toEqual(['/catalog']);
    await expect(renderer.pageDataPaths('/app/profile')).resolves.toBeNull();
    const [a, b] = await Promise.all([
      renderer.renderSignedInPage('/app/a', SESSION, [], () => 7),
      renderer.renderSignedInPage('/app/b', SESSION, [{ path: '/x', data: 1 }], () => 8),
    ]);
    expect(a).toEqual({ title: '/app/a', styles: '<style></style>', html: 'Maya 0 7' });
    expect(b).toEqual({ title: '/app/b', styles: '<style></style>', html: 'Maya 1 8' });
  });

  it('fails a render that throws, and renders the next', async () => {
    await expect(renderer.renderSignedInPage('/app/throws', SESSION, [], () => 0)).rejects.toThrow('no such page');
    await expect(renderer.renderSignedInPage('/app/ok', SESSION, [], () => 1)).resolves.toMatchObject({ html: 'Maya 0 1' });
  });

  it('fails a render that takes too long', async () => {
    await expect(renderer.renderSignedInPage('/app/slow', SESSION, [], () => 0)).rejects.toThrow(/took over 1000 ms/);
  });

  it('fails the renders of a worker whose heap is full, and starts a new worker for the next', async () => {
    await expect(renderer.renderSignedInPage('/app/heap', SESSION, [], () => 0)).rejects.toThrow();
    await expect(renderer.renderSignedInPage('/app/after', SESSION, [], () => 2)).resolves.toMatchObject({ html: 'Maya 0 2' });
  });

  it('fails renders once closed, and a closed renderer can start again', async () => {
    const closing = new WorkerPageRenderer(path.join(dir, 'prerender.js'));
    const slow = closing.renderSignedInPage('/app/slow', SESSION, [], () => 0);
    await closing.close();
    await expect(slow).rejects.toThrow(/closed/);
    await expect(closing.pageDataPaths('/app/catalog')).resolves.toEqual(['/catalog']);
    await closing.close();
  });
});
