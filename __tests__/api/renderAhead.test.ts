/**
 * RENDER_AHEAD, the one switch of the render-ahead layer, through the real server (app.inject):
 * on, the build's prerendered pages answer their addresses and GET /api/page renders a student's
 * page; off, every page of the SPA gets index.html (the app boots the plain way) and GET /api/page
 * renders nothing (204) for a page that still asks.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RenderedPage } from '../../src/common/renderAhead/renderedPage';
import type { PageRenderer } from '../../src/server/renderAhead/pageRenderer';
import { authHeaders, createTestApp, signIn, type TestApp } from './support/testApp';

const INDEX = '<!doctype html><html><head><title>Cashwise</title><script defer src="/main.3f9a1c2b.js"></script></head><body><div id="root"></div></body></html>';
const LOGIN = '<!doctype html><html><head><title>Sign In - Cashwise</title></head><body><div id="root"><form data-prerendered></form></div></body></html>';
const HOME = '<!doctype html><html><head><title>Home - Cashwise</title></head><body><div id="root"><main data-prerendered></main></div></body></html>';
const SHELL = '<!doctype html><html><head><title>Cashwise</title></head><body><div id="root"><div data-prerendered="page-ahead"></div></div></body></html>';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-render-ahead-'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'main.3f9a1c2b.js'), 'console.log("app");');
  writeFileSync(path.join(dir, 'login.html'), LOGIN);
  writeFileSync(path.join(dir, 'app.html'), HOME);
  writeFileSync(path.join(dir, 'app-catalog.html'), SHELL);
  const pages = [
    { pattern: '/login', file: 'login.html' },
    { pattern: '/app', file: 'app.html' },
    { pattern: '/app/catalog', file: 'app-catalog.html' },
  ];
  writeFileSync(path.join(dir, 'prerendered.json'), JSON.stringify({ pages }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A renderer that renders every page with the answers it was given, and counts what it was asked. */
function countingRenderer(): PageRenderer & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    pageDataPaths(pathname) {
      asked.push(pathname);
      return pathname === '/app/catalog' ? ['/catalog'] : null;
    },
    async renderSignedInPage(pathname, session) {
      return { title: 'Catalog - Cashwise', styles: '<style></style>', html: `<div data-prerendered="student-page">${session.user.firstName}</div>` };
    },
  };
}

describe.each([
  ['on', true],
  ['off', false],
])('RENDER_AHEAD=%s', (value, on) => {
  let t: TestApp;
  let renderer: ReturnType<typeof countingRenderer>;
  let token: string;
  beforeAll(async () => {
    renderer = countingRenderer();
    t = await createTestApp({ env: { STATIC_DIR: dir, RENDER_AHEAD: value }, pageRenderer: renderer });
    token = (await signIn(t.app, 'learner')).token;
  });
  afterAll(() => t.close());
  const html = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it.each<[string, string]>([
    ['/login', LOGIN],
    ['/app', HOME],
    ['/app/catalog', SHELL],
  ])(`answers %s with ${on ? 'its prerendered page' : 'index.html'}, never cached`, async (url, prerendered) => {
    const response = await html(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(on ? prerendered : INDEX);
  });

  it("serves the app's scripts either way", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/main.3f9a1c2b.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('console.log');
  });

  it(on ? "renders the student's page for GET /api/page" : 'renders nothing for GET /api/page (204) and never asks the renderer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/page', query: { path: '/app/catalog' }, headers: authHeaders(token) });
    if (on) {
      expect(response.statusCode).toBe(200);
      const page = response.json() as RenderedPage;
      expect(page).toMatchObject({ path: '/app/catalog', title: 'Catalog - Cashwise', html: '<div data-prerendered="student-page">Maya</div>' });
      expect(page.answers.map((answer) => answer.path)).toEqual(['/catalog']);
      expect(renderer.asked).toEqual(['/app/catalog']);
    } else {
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(renderer.asked).toEqual([]);
    }
  });

  it('still refuses GET /api/page without a session (401)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/page', query: { path: '/app/catalog' }, headers: authHeaders('not-a-token') });
    expect(response.statusCode).toBe(401);
  });
});
