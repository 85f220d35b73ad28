/** Which HTML file answers a client route (issue #9: the prerendered sign-in and home pages). */
import { cacheControlFor, htmlPageFor } from '../../../src/server/http/static';

describe('htmlPageFor', () => {
  const withLogin = new Set(['login.html']);
  const withBoth = new Set(['login.html', 'app.html']);
  it.each<[string, ReadonlySet<string>, string]>([
    ['/login', withLogin, 'login.html'],
    ['/login/', withLogin, 'login.html'],
    ['/login?redirect=%2Fapp%2Fcatalog', withLogin, 'login.html'],
    ['/login?reason=idle', withLogin, 'index.html'],
    ['/login?redirect=%2Fapp&reason=signedOut', withLogin, 'index.html'],
    ['/login', new Set<string>(), 'index.html'],
    ['/', withLogin, 'index.html'],
    ['/app/catalog', withLogin, 'index.html'],
    ['/login/extra', withLogin, 'index.html'],
    ['/constructor', withLogin, 'index.html'],
    ['/__proto__', withLogin, 'index.html'],
    ['/app', withLogin, 'index.html'],
    ['/app', withBoth, 'app.html'],
    ['/app/', withBoth, 'app.html'],
    ['/app?from=bookmark', withBoth, 'app.html'],
    ['/login', withBoth, 'login.html'],
    ['/', withBoth, 'index.html'],
    ['/app/catalog', withBoth, 'index.html'],
    ['/application', withBoth, 'index.html'],
  ])('%s (prerendered: %p) → %s', (url, available, file) => {
    expect(htmlPageFor(url, available)).toBe(file);
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['index.html', 'no-cache'],
    ['login.html', 'no-cache'],
    ['login.html.br', 'no-cache'],
    ['app.html', 'no-cache'],
    ['app.html.gz', 'no-cache'],
    ['assets/main.3f9a1c2b.js', 'public, max-age=31536000, immutable'],
    ['favicon.svg', 'public, max-age=3600'],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(`/srv/${file}`)).toBe(expected);
  });
});
