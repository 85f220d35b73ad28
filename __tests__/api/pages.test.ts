/**
 * GET /api/page (LCP; src/server/renderAhead/pageRoutes.ts): a signed-in student's page rendered
 * by the server ahead of the app, through the real server (app.inject) on a real database with the
 * real content, rendered by the SPA's own prerender module (src/client/renderAhead/prerender.tsx, what the build
 * bundles into dist/prerender/prerender.js).
 */
import path from 'node:path';
import { JSDOM } from 'jsdom';
import type { CatalogModuleCard } from '../../src/common/catalog';
import type { KbArticleDetail } from '../../src/common/knowledgeBase';
import type { RenderedPage } from '../../src/common/renderAhead/renderedPage';
import * as prerender from '../../src/client/renderAhead/prerender';
import { importContent, offerAllModules } from '../../src/server/content/importContent';
import { importKnowledgeBase } from '../../src/server/content/importKnowledgeBase';
import { PAGE_MESSAGES } from '../../src/server/renderAhead/pageRoutes';
import { appKeyHeader, authHeaders, createTestApp, messageOf, signIn, type TestApp } from './support/testApp';

jest.setTimeout(30_000); // imports the real content and renders MUI pages

const ROOT = path.resolve(__dirname, '../..');
const ARTICLE = '/app/resources/knowledge-base/budgeting-and-spending/fixed-vs-variable-expenses';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ pageRenderer: prerender });
  await importContent(t.db, path.join(ROOT, 'content'), t.clock());
  await offerAllModules(t.db, ['LINCOLN-HS']);
  await importKnowledgeBase(t.db, path.join(ROOT, 'content'), t.clock());
  token = (await signIn(t.app, 'learner')).token;
});
afterAll(() => t.close());

const page = (pathname: string | undefined, headers: Record<string, string> = authHeaders(token)) =>
  t.app.inject({ method: 'GET', url: '/api/page', query: pathname === undefined ? {} : { path: pathname }, headers });

const service = (servicePath: string) =>
  t.app.inject({ method: 'POST', url: '/api/service', headers: authHeaders(token), payload: { method: 'GET', path: servicePath } });

/** The markup's text, without React's separators. */
const textOf = (html: string) => html.replace(/<!-- -->/g, '');
/** Text as React writes it in markup. */
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** Every element of a markup with its depth, in document order: as written, and as an HTML parser builds it. */
function elementsAsWritten(html: string): string[] {
  const VOID = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
  const elements: string[] = [];
  let depth = 0;
  for (const [, closing, name, selfClosing] of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(\/?)>/g)) {
    const tag = name!.toLowerCase();
    if (closing) {
      depth -= 1;
      continue;
    }
    elements.push(`${depth} ${tag}`);
    if (!VOID.has(tag) && !selfClosing) depth += 1;
  }
  return elements;
}
function elementsAsParsed(html: string): string[] {
  const { document } = new JSDOM('').window;
  const root = document.createElement('div');
  root.innerHTML = html;
  const elements: string[] = [];
  const visit = (element: Element, depth: number) => {
    for (const child of Array.from(element.children)) {
      elements.push(`${depth} ${child.tagName.toLowerCase()}`);
      visit(child, depth + 1);
    }
  };
  visit(root, 0);
  return elements;
}

/**
 * The app hydrates the page (renderAhead/hydrateStudentPage.tsx): the browser must build from the markup
 * the tree React wrote. Markup HTML forbids (a <div> inside a <p>, say) is rebuilt otherwise by
 * the parser, and hydration then fails.
 */
function expectParsedAsWritten(html: string): void {
  const svgInner = html.replace(/<svg\b[^>]*>.*?<\/svg>/gs, '<svg></svg>');
  expect(elementsAsParsed(svgInner)).toEqual(elementsAsWritten(svgInner));
}

describe('GET /api/page', () => {
  it("renders the catalog with the student's modules, shell and name, and answers with what it was rendered from", async () => {
    const response = await page('/app/catalog');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const rendered = response.json() as RenderedPage;
    const modules = (await service('/catalog')).json() as CatalogModuleCard[];
    expect(modules.length).toBeGreaterThan(0);
    expect(rendered.path).toBe('/app/catalog');
    expect(rendered.title).toBe('Catalog - Cashwise');
    expect(rendered.answers).toEqual([{ path: '/catalog', data: modules }]);
    // the copy: marked as the student's page (the app hydrates it), the student's account in the
    // shell, every module's card
    expect(rendered.html).toMatch(/^<div data-prerendered="student-page"/);
    expect(textOf(rendered.html)).toContain('aria-label="Account menu for Maya');
    // (one action a card, named for what it does)
    const action = { 'not-started': 'Start', 'in-progress': 'Continue', completed: 'Review' } as const;
    for (const module of modules) expect(textOf(rendered.html)).toContain(`aria-label="${action[module.progress.status]} ${escaped(module.title)}"`);
    expect(rendered.styles).toMatch(/^<style data-emotion="css-global/);
    expectParsedAsWritten(rendered.html);
    // nothing of the token is in the page
    expect(response.body).not.toContain(token);
  });

  it('renders a knowledge-base article and counts its view once', async () => {
    const views = async () =>
      (await t.db.selectFrom('kb_article_views').select('views').where('article_slug', '=', 'fixed-vs-variable-expenses').executeTakeFirst())?.views ?? 0;
    const before = Number(await views());
    const response = await page(ARTICLE);
    expect(response.statusCode).toBe(200);
    const rendered = response.json() as RenderedPage;
    const article = rendered.answers[0]!.data as KbArticleDetail;
    expect(rendered.answers.map((answer) => answer.path)).toEqual(['/kb/articles/budgeting-and-spending/fixed-vs-variable-expenses']);
    expect(textOf(rendered.html)).toContain(escaped(article.title));
    expect(textOf(rendered.html)).toContain('<article');
    expectParsedAsWritten(rendered.html);
    expect(Number(await views())).toBe(before + 1);
  });

  it("renders a module, a material and a section, done and not done, as a browser's parser builds them (the app hydrates them)", async () => {
    const modules = (await service('/catalog')).json() as CatalogModuleCard[];
    const slug = modules[0]!.slug;
    const module = (await service(`/catalog/modules/${slug}`)).json() as { materials: { slug: string }[] };
    const mslug = module.materials[0]!.slug;
    const material = (await service(`/catalog/modules/${slug}/materials/${mslug}`)).json() as { sections: { slug: string }[] };
    const sslug = material.sections[0]!.slug;
    const addresses = [`/app/catalog/${slug}`, `/app/catalog/${slug}/material/${mslug}`, `/app/catalog/${slug}/material/${mslug}/section/${sslug}`];
    for (const address of addresses) {
      const response = await page(address);
      expect(response.statusCode).toBe(200);
      expectParsedAsWritten((response.json() as RenderedPage).html);
    }
    // done: the section says so (a chip beside its reading time)
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/service',
      headers: authHeaders(token),
      payload: { method: 'POST', path: `/catalog/modules/${slug}/materials/${mslug}/sections/${sslug}/complete` },
    });
    expect(done.statusCode).toBe(200);
    const section = (await page(addresses[2]!)).json() as RenderedPage;
    expect(textOf(section.html)).toContain('>Completed<');
    expectParsedAsWritten(section.html);
  });

  it.each([
    ['a page that declares no data', '/app/profile'],
    ['a module that is not in the school’s catalog (the service answers 404)', '/app/catalog/no-such-module'],
    ['an address of no page (the app shows Not Found)', '/app/catalog/a/b/c/d/e'],
  ])('answers 204 for %s: the app renders the page itself', async (_case, pathname) => {
    const response = await page(pathname);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it.each([
    ['no path', undefined],
    ['an empty path', ''],
    ['a public page', '/login'],
    ['the home page, prerendered by the build', '/app'],
    ['a relative path', 'app/catalog'],
    ['a query in the path', '/app/catalog?x=1'],
    ['markup in the path', '/app/<script>'],
    ['a path too long', `/app/${'a'.repeat(2050)}`],
  ])('answers 400 for %s', async (_case, pathname) => {
    const response = await page(pathname);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(PAGE_MESSAGES.badPath);
  });

  it('answers 401 without a live session or a known app key, and renders nothing', async () => {
    expect((await page('/app/catalog', appKeyHeader)).statusCode).toBe(401);
    expect((await page('/app/catalog', authHeaders(`${token}x`))).statusCode).toBe(401);
    expect((await page('/app/catalog', { authorization: `Bearer ${token}`, 'x-app-key': 'not-an-app' })).statusCode).toBe(401);
    const ended = await signIn(t.app, 'multi');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: authHeaders(ended.token) })).statusCode).toBeLessThan(300);
    expect((await page('/app/catalog', authHeaders(ended.token))).statusCode).toBe(401);
  });
});

describe('GET /api/page without a built renderer', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp(); // STATIC_DIR without dist/prerender beside it
  });
  afterAll(() => bare.close());

  it('answers 204: the app renders every page itself', async () => {
    const session = await signIn(bare.app, 'learner');
    const response = await bare.app.inject({ method: 'GET', url: '/api/page', query: { path: '/app/catalog' }, headers: authHeaders(session.token) });
    expect(response.statusCode).toBe(204);
  });
});

describe('GET /api/page when the render fails', () => {
  let failing: TestApp;
  beforeAll(async () => {
    failing = await createTestApp({
      pageRenderer: {
        pageDataPaths: () => ['/catalog'],
        renderSignedInPage: () => Promise.reject(new Error('the page renderer stopped (exit code 1)')),
      },
    });
  });
  afterAll(() => failing.close());

  it('answers 204 (the app renders the page itself), not an error', async () => {
    const session = await signIn(failing.app, 'learner');
    const response = await failing.app.inject({ method: 'GET', url: '/api/page', query: { path: '/app/catalog' }, headers: authHeaders(session.token) });
    expect(response.statusCode).toBe(204);
  });
});
