/**
 * @jest-environment node
 *
 * The build's prerender of the sign-in page (issue #9, src/client/prerender.tsx), in Node as
 * scripts/prerender.mjs runs it: the page's markup through the real route table, layout and store,
 * its CSS, its title; and the HTML template filled in with them.
 */
import { fillTemplate, prerender, type PrerenderedPage } from '../../../src/client/prerender';

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
    // every emotion class in the markup has its rule in the styles (css-0: emotion's name for no styles)
    const classes = new Set([...page.html.matchAll(/\bcss-([a-z0-9]+)/g)].map((m) => m[1]!).filter((name) => name !== '0'));
    expect(classes.size).toBeGreaterThan(10);
    for (const name of classes) expect(page.styles).toContain(`.css-${name}`);
    expect(page.styles).toMatch(/^<style data-emotion="css-global/);
  });

  it('refuses a page that needs a signed-in user, and an address the router does not render as a page', async () => {
    await expect(prerender('/app/catalog')).rejects.toThrow(/signed-in user/);
  });
});

describe('fillTemplate', () => {
  const page: PrerenderedPage = { title: 'Sign In & Go - Cashwise', styles: '<style data-emotion="css abc">.css-abc{color:red}</style>', html: '<main>$& $1 hello</main>' };
  const template = '<!doctype html><html><head><title>Cashwise</title><script defer src="/assets/boot.1.js"></script></head><body><div id=root></div></body></html>';

  it('puts in the title, the styles before </head> and the markup in #root', () => {
    expect(fillTemplate(template, page)).toBe(
      '<!doctype html><html><head><title>Sign In &amp; Go - Cashwise</title><script defer src="/assets/boot.1.js"></script>' +
        '<style data-emotion="css abc">.css-abc{color:red}</style></head><body><div id="root"><main>$& $1 hello</main></div></body></html>',
    );
  });

  it.each([
    ['a #root that is not empty', template.replace('<div id=root></div>', '<div id=root><p>x</p></div>'), /empty <div id="root">/],
    ['no title', template.replace('<title>Cashwise</title>', ''), /no <title>/],
    ['no </head>', template.replace('</head>', ''), /no <\/head>/],
  ])('refuses a template with %s', (_case, broken, message) => {
    expect(() => fillTemplate(broken, page)).toThrow(message);
  });
});
