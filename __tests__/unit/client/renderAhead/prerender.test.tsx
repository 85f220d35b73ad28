/**
 * @jest-environment node
 *
 * The build's prerender of the sign-in and home pages (src/client/renderAhead/prerender.tsx), in Node
 * as scripts/prerender.mjs runs it: the page's markup through the real route table, layout and store,
 * its CSS, its title; and the HTML template filled in with them.
 */
import { resolveRoute } from '../../../../src/client/app/routes';
import { PAGE_DATA_ROUTES } from '../../../../src/client/renderAhead/pageDataRoutes';
import { PAGE_AHEAD } from '../../../../src/client/renderAhead/prerendering';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { styled } from '@mui/material/styles';
import { useId } from 'react';
import { renderToString } from 'react-dom/server';
import {
  everyStyleOfTheRender,
  fillTemplate,
  markCopy,
  REACT_GENERATED_ID,
  prerender,
  prerenderedFileFor,
  prerenderedPages,
  renderSignedInPage,
  type PrerenderedPage,
} from '../../../../src/client/renderAhead/prerender';
import type { Session } from '../../../../src/common/types';
import { prerenderedMatcher } from '../../../../src/common/renderAhead/prerendered';
import { documentTitle } from '../../../../src/common/title';
import { catalogReads } from '../../../../src/client/features/catalog/api';
import { kbApi } from '../../../../src/client/features/knowledgeBase/api';

/** Every emotion class in the markup has its rule in the styles (css-0: emotion's name for no styles). */
function expectStylesForEveryClass(page: PrerenderedPage): void {
  const classes = new Set([...page.html.matchAll(/\bcss-([a-z0-9]+)/g)].map((m) => m[1]!).filter((name) => name !== '0'));
  expect(classes.size).toBeGreaterThan(10);
  for (const name of classes) expect(page.styles).toContain(`.css-${name}`);
  expect(page.styles).toMatch(/^<style data-emotion="css-global/);
}

describe('prerender', () => {
  it('renders /login as a signed-out visitor sees it first, with its CSS and title', async () => {
    const page = await prerender('/login');
    expect(page.title).toBe('Sign In - Cashwise');
    expect(page.html).toContain('<h1');
    // React separates adjacent text with empty comments
    expect(page.html.replace(/<!-- -->/g, '')).toContain('Welcome to Cashwise. Sign in with the user name and password from your school.');
    expect(page.html).toMatch(/<form[^>]*aria-label="Sign in"/);
    const input = (id: string) => page.html.match(new RegExp(`<input[^>]*\\bid="${id}"[^>]*>`))?.[0] ?? '';
    // read-only until the app has replaced it: nothing typed or submitted there could be lost
    expect(input('username')).toMatch(/\breadonly=""/i);
    expect(input('password')).toMatch(/\breadonly=""/i);
    expect(input('password')).toContain('type="password"');
    expect(page.html.match(/<button[^>]*type="submit"[^>]*>/)?.[0]).toMatch(/\bdisabled=""/);
    expect(page.html).toContain('id="main-content"');
    expect(page.html).not.toContain('role="alert"');
    expectStylesForEveryClass(page);
  });

  it('renders /app, with its shell, for a session with no name, no school and no token', async () => {
    const page = await prerender('/app', { signedIn: true });
    expect(page.title).toBe('Home - Cashwise');
    const text = page.html.replace(/<!-- -->/g, '');
    expect(text).toMatch(/<h1[^>]*>Welcome!<\/h1>/);
    // the area cards, the page's largest text, are in the copy
    expect(text).toContain('Work through modules on budgeting, saving, credit and more, one short section at a time.');
    expect(text).toMatch(/<a[^>]*href="\/app\/profile"/);
    // the shell: the main navigation, Get Help, the account menu (no name) and the main element
    expect(text).toMatch(/<nav[^>]*aria-label="Main"/);
    expect(text).toContain('>Get Help</button>');
    expect(text).toContain('aria-label="Account menu"');
    expect(text).toContain('id="main-content"');
    // the school's line (invisible) and "Continue where you left off" hold their places
    expect(text).toMatch(/<p[^>]*data-testid="school-line-placeholder"[^>]*>You&#x27;re learning with your school.<\/p>/);
    expect(text).toContain('data-testid="continue-card-skeleton"');
    // no sign-in link: the copy is a signed-in page
    expect(text).not.toContain('href="/login"');
    expectStylesForEveryClass(page);
  });

  it.each([
    ['/app/catalog', 'Catalog', '/app/catalog', 'cards'],
    ['/app/catalog/1/material/1', 'Material', '/app/catalog', 'article'],
    ['/app/catalog/1/material/1/section/1', 'Section', '/app/catalog', 'article'],
    ['/app/resources/budget-wizard/create', 'Create Budget', '/app/resources', 'form'],
    ['/app/activity/transcripts', 'Catalog', '/app/activity', 'rows'],
    ['/app/profile/password', 'Change Password', null, 'form'],
  ])('renders %s as the signed-in shell alone, with its title, its area marked in the navigation and the page\'s skeleton', async (pathname, title, current, skeleton) => {
    const page = await prerender(pathname, { signedIn: true, withPage: false });
    expect(page.title).toBe(`${title} - Cashwise`);
    const text = page.html.replace(/<!-- -->/g, '');
    // the main element holds a heading for assistive technology, out of sight, then the page's
    // skeleton (a polite status "Loading page"; its shapes hidden from assistive technology)
    expect(text).toMatch(
      new RegExp(`<main[^>]*id="main-content"[^>]*><h1 class="[^"]*">Loading page</h1><div[^>]*role="status" aria-busy="true" data-page-skeleton="${skeleton}">`),
    );
    expect(text).toMatch(/data-page-skeleton="[a-z]+"><span[^>]*>Loading page<\/span><div[^>]*aria-hidden="true">/);
    expect(text).toContain('aria-label="Account menu"');
    expect(text).toContain('>Get Help</button>');
    const marked = [...text.matchAll(/<a[^>]*aria-current="page"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    // the profile is not in the main navigation
    expect(marked).toEqual(current ? [current] : []);
    expectStylesForEveryClass(page);
  });

  it.each([
    ['a page that needs a signed-in user, without signedIn', '/app/catalog', {}, /needs a signed-in user/],
    ['a public page with signedIn', '/login', { signedIn: true }, /is public/],
    ['a public page without its page', '/login', { withPage: false }, /only a signed-in page/],
  ])('refuses %s', async (_case, pathname, options, message) => {
    await expect(prerender(pathname, options)).rejects.toThrow(message);
  });
});

describe('prerenderedPages: what the build prerenders, from the route table', () => {
  const pages = prerenderedPages();
  const shells = pages.filter((page) => !page.withPage);

  it('is the sign-in page, the home page, and the shell of every other signed-in page of the shell', () => {
    expect(pages.slice(0, 2)).toEqual([
      { pattern: '/login', file: 'login.html', pathname: '/login', signedIn: false, withPage: true },
      { pattern: '/app', file: 'app.html', pathname: '/app', signedIn: true, withPage: true },
    ]);
    const patterns = shells.map((page) => page.pattern);
    expect(patterns).toEqual(expect.arrayContaining([
      '/app/catalog',
      '/app/catalog/:slug',
      '/app/catalog/:slug/material/:mslug/section/:sslug',
      '/app/resources/knowledge-base/:tslug/:aslug',
      '/app/resources/budget-wizard/create',
      '/app/resources/budget-wizard/:id',
      '/app/activity/transcripts',
      '/app/profile/access-codes',
      '/app/support/tickets/:key',
    ]));
    // the public pages of the shell are read signed out: index.html
    for (const pattern of ['/app/about', '/app/terms', '/app/privacy']) expect(patterns).not.toContain(pattern);
    expect(new Set(pages.map((page) => page.file)).size).toBe(pages.length);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it.each(prerenderedPages().map((page) => [page.pathname, page] as const))('%s: the route table renders it as the page says', (pathname, page) => {
    const meta = resolveRoute(pathname);
    expect(meta.notFound).toBe(false);
    expect(meta.requiresAuth).toBe(page.signedIn);
    expect(page.file).toBe(page.withPage ? page.file : prerenderedFileFor(page.pattern));
    // the server finds each page's own file for its address (a literal segment before a parameter)
    expect(prerenderedMatcher(pages).match(pathname)?.file).toBe(page.file);
  });

  it('renders every shell with its page\'s title', async () => {
    for (const page of shells) {
      const rendered = await prerender(page.pathname, { signedIn: true, withPage: false });
      expect([page.pattern, rendered.title]).toEqual([page.pattern, documentTitle(resolveRoute(page.pathname).title)]);
    }
  });

  it('marks the shells of the pages the server renders ahead of the app (PAGE_AHEAD), and only those', async () => {
    const ahead: string[] = [];
    for (const page of shells) {
      const rendered = await prerender(page.pathname, { signedIn: true, withPage: false });
      if (rendered.pageAhead) ahead.push(page.pattern);
      expect(fillTemplate(TEMPLATE, rendered)).toContain(`<div id="root"><div data-prerendered="${rendered.pageAhead ? PAGE_AHEAD : ''}"`);
    }
    expect(ahead.sort()).toEqual(PAGE_DATA_ROUTES.map((route) => route.pattern).sort());
    // the pages rendered whole are not marked: they are not asked for
    expect((await prerender('/app', { signedIn: true })).pageAhead).toBe(false);
    expect((await prerender('/login')).pageAhead).toBe(false);
  });

  it.each([
    ['/app/catalog/:slug', 'app-catalog-_slug.html'],
    ['/app/resources/budget-wizard/create', 'app-resources-budget-wizard-create.html'],
  ])('names the file for %s %s', (pattern, file) => {
    expect(prerenderedFileFor(pattern)).toBe(file);
  });
});

const TEMPLATE = '<!doctype html><html><head><title>Cashwise</title></head><body><div id="root"></div></body></html>';

describe('renderSignedInPage: a student\'s page, rendered by the server at request time', () => {
  const session: Session = {
    token: 'never-in-the-markup',
    user: { id: 7, firstName: 'Maya', lastName: 'Johnson', userName: 'learner', userEmail: 'maya@example.edu', timezone: 'America/Chicago' },
    clients: [{ lsclientID: 'LINCOLN-HS', clientName: 'Lincoln High School' }],
    permissions: [],
  };
  const card = (slug: string, title: string, status: 'not-started' | 'in-progress' | 'completed') => ({
    slug,
    title,
    order: 1,
    summary: `All about ${title}.`,
    estimatedMinutes: 30,
    progress: { percent: status === 'completed' ? 100 : 0, status },
    continuePath: `/app/catalog/${slug}`,
  });

  it("renders the catalog with the student's modules, in the shell with their name; the copy is marked as the student's page", async () => {
    const modules = [card('saving-basics', 'Saving Basics', 'not-started'), card('credit', 'Credit & You', 'completed')];
    const page = await renderSignedInPage('/app/catalog', session, [{ path: '/catalog', data: modules }], () => Date.UTC(2026, 10, 23));
    expect(page.title).toBe('Catalog - Cashwise');
    // the app hydrates it (main.tsx): no id React generated, which would differ in the app's tree
    expect(page.html).toMatch(/^<div data-prerendered="student-page"/);
    expect(page.html).not.toMatch(REACT_GENERATED_ID);
    const text = page.html.replace(/<!-- -->/g, '');
    expect(text).toContain('aria-label="Account menu for Maya');
    expect(text).toContain('<h1');
    // one action a card, named for what it does
    expect(text).toContain('aria-label="Start Saving Basics"');
    expect(text).toContain('aria-label="Review Credit &amp; You"');
    expect(text).not.toMatch(/aria-label="Open (Saving Basics|Credit)/);
    expect(text).not.toContain('Loading page');
    expect(page.html).not.toContain(session.token);
    expectStylesForEveryClass(page);
  });

  it("[S2.17] names the tab with the section's and the article's own name, not the route's", async () => {
    const section = {
      moduleSlug: 'saving-basics',
      moduleTitle: 'Saving Basics',
      materialSlug: 'why-save',
      materialTitle: 'Why Save?',
      slug: 'pay-yourself-first',
      title: 'Pay Yourself First',
      order: 1,
      estimatedMinutes: 5,
      kbArticles: [],
      bodyHtml: '<p>Save first.</p>',
      completed: false,
      bookmarked: false,
      previous: null,
      next: null,
    };
    const sectionPage = await renderSignedInPage(
      '/app/catalog/saving-basics/material/why-save/section/pay-yourself-first',
      session,
      [{ path: catalogReads.section('saving-basics', 'why-save', 'pay-yourself-first').path, data: section }],
      () => 0,
    );
    expect(sectionPage.title).toBe('Pay Yourself First - Cashwise');
    const article = {
      topicSlug: 'credit-and-debt',
      topicTitle: 'Credit and Debt',
      slug: 'apr',
      title: 'What Is APR?',
      summary: 'The yearly cost of borrowing.',
      updated: '2026-11-22',
      keyTerms: [],
      related: [],
      bodyHtml: '<p>APR.</p>',
      bookmarked: false,
    };
    const articlePage = await renderSignedInPage('/app/resources/knowledge-base/credit-and-debt/apr', session, [{ path: kbApi.article('credit-and-debt', 'apr'), data: article }], () => 0);
    expect(articlePage.title).toBe('What Is APR? - Cashwise');
  });

  it('renders the loading page without the answers (the app would ask for them)', async () => {
    const page = await renderSignedInPage('/app/catalog', session, [], () => 0);
    expect(page.html).toContain('role="progressbar"');
  });
});

describe('everyStyleOfTheRender: the styles the app would insert as its first render commits', () => {
  /** The class names a `<style data-emotion="css …">` element hands to the app's emotion cache. */
  const adopted = (styles: string) => (styles.match(/<style data-emotion="css ([^"]*)"/)?.[1] ?? '').split(' ').filter(Boolean);

  it('carries the class of a layer between, which is on no element, with its rule', () => {
    // MUI's shape: a component styled from a component that renders a styled element (IconButton
    // from ButtonBase); the outer layer's class goes in as a className and is merged into the inner's
    const Inner = styled('button')({ color: 'rgb(1, 2, 3)' });
    const Base = ({ className }: { className?: string }) => <Inner className={className}>go</Inner>;
    const Outer = styled(Base)({ margin: 7 });
    const cache = createCache({ key: 'css' });
    // no <style> elements inline in the markup (what createEmotionServer sets, as prerender does)
    cache.compat = true;
    const html = renderToString(
      <CacheProvider value={cache}>
        <Outer />
      </CacheProvider>,
    );
    const onElements = [...html.matchAll(/\bcss-([a-z0-9]+)/g)].map((m) => m[1]);
    expect(onElements).toHaveLength(1);
    const chunk = everyStyleOfTheRender(cache, html).styles.find((c) => c.key === 'css');
    expect(chunk?.ids).toHaveLength(2);
    expect(chunk?.ids).toContain(onElements[0]);
    const between = chunk!.ids.find((id) => id !== onElements[0])!;
    expect(chunk?.css).toContain(`.css-${between}{margin:7px;}`);
    expect(chunk?.css).toContain(`.css-${onElements[0]}{color:rgb(1, 2, 3);margin:7px;}`);
  });

  it('gives /app every class the render inserted, with its rule, the global styles first', async () => {
    const page = await prerender('/app', { signedIn: true });
    const names = adopted(page.styles);
    const onElements = new Set([...page.html.matchAll(/\bcss-([a-z0-9]+)/g)].map((m) => m[1]!));
    expect(names.filter((name) => !onElements.has(name)).length).toBeGreaterThan(5);
    for (const name of names) expect(page.styles).toContain(`.css-${name}`);
    expect(page.styles).toMatch(/^<style data-emotion="css-global/);
  });
});

describe('markCopy and REACT_GENERATED_ID', () => {
  it('marks the first element with the value given', () => {
    expect(markCopy('<div class="x"><p>hi</p></div>', '')).toBe('<div data-prerendered="" class="x"><p>hi</p></div>');
    expect(markCopy('<main></main>', PAGE_AHEAD)).toBe(`<main data-prerendered="${PAGE_AHEAD}"></main>`);
    expect(markCopy('<main></main>', 'student-page')).toBe('<main data-prerendered="student-page"></main>');
  });

  it("knows the ids React's useId makes on the server, and no other", () => {
    const Labelled = () => {
      const id = useId();
      return <input id={id} aria-label="x" />;
    };
    expect(renderToString(<Labelled />)).toMatch(REACT_GENERATED_ID);
    expect('<h2 id="kb-related">').not.toMatch(REACT_GENERATED_ID);
    expect('<p>_R_1_ in a sentence</p>').not.toMatch(REACT_GENERATED_ID);
  });
});

describe('fillTemplate', () => {
  const page: PrerenderedPage = { title: 'Sign In & Go - Cashwise', styles: '<style data-emotion="css abc">.css-abc{color:red}</style>', html: '<main>$& $1 hello</main>' };
  const template = '<!doctype html><html><head><title>Cashwise</title><script defer src="/assets/boot.1.js"></script></head><body><div id=root></div></body></html>';

  it('puts in the title, the styles before </head> and the markup in #root', () => {
    expect(fillTemplate(template, page)).toBe(
      '<!doctype html><html><head><title>Sign In &amp; Go - Cashwise</title><script defer src="/assets/boot.1.js"></script>' +
        '<style data-emotion="css abc">.css-abc{color:red}</style></head><body><div id="root"><main data-prerendered="">$& $1 hello</main></div></body></html>',
    );
  });

  it.each([
    ['a #root that is not empty', template.replace('<div id=root></div>', '<div id=root><p>x</p></div>'), /empty <div id="root">/],
    ['no title', template.replace('<title>Cashwise</title>', ''), /no <title>/],
    ['no </head>', template.replace('</head>', ''), /no <\/head>/],
  ])('refuses a template with %s', (_case, broken, message) => {
    expect(() => fillTemplate(broken, page)).toThrow(message);
  });

  it('refuses markup that does not start with an element (the copy is marked on its first one)', () => {
    expect(() => fillTemplate(template, { ...page, html: 'hello <main></main>' })).toThrow(/does not start with an element/);
  });
});
