/** How long the built SPA's files may be cached. */
import { cacheControlFor } from '../../../../src/server/http/static';

describe('cacheControlFor', () => {
  it.each([
    ['index.html', 'no-cache'],
    ['login.html', 'no-cache'],
    ['login.html.br', 'no-cache'],
    ['app.html.gz', 'no-cache'],
    ['app-catalog-_slug.html', 'no-cache'],
    ['prerendered.json', 'no-cache'],
    ['assets/main.3f9a1c2b.js', 'public, max-age=31536000, immutable'],
    ['favicon.svg', 'public, max-age=3600'],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(`/srv/${file}`)).toBe(expected);
  });
});
