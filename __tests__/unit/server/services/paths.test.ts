import { matchPattern, normalisePath } from '../../../../src/server/services/paths';

describe('normalisePath', () => {
  it.each([
    ['/status', ['status']],
    ['/modules/saving-basics', ['modules', 'saving-basics']],
    ['/modules/a%20b', ['modules', 'a b']],
    ['/a/b/', ['a', 'b']],
    ['/', ['']],
    ['/whichway/support', ['whichway', 'support']],
  ])('accepts %s', (path, segments) => {
    expect(normalisePath(path)).toEqual(segments);
  });

  it.each([
    '', 'status', '../x', '/..', '/a/..', '/a/./b', '/a/%2e%2e', '/a/%2E/b', '/a%2fb', '/a%5Cb', '/a%00', '/a%40b',
    '/a/%252e%252e', '/a/%25252E', '/a%252fb', '/a%255cb', '/a%2500', '/a%2540b',
    '//host/x', '/a//b', '/a\\b', '/@host', 'http://host/', '/a?b', '/a#b', '/a b', '/a/%G0', '/a/%', `/${'a'.repeat(3000)}`,
  ])('refuses %s', (path) => {
    expect(normalisePath(path)).toBeNull();
  });
});

describe('matchPattern', () => {
  it.each([
    ['/status', ['status'], {}],
    ['/modules/:slug', ['modules', 'saving'], { slug: 'saving' }],
    ['/a/:x/b/:y', ['a', '1', 'b', '2'], { x: '1', y: '2' }],
    ['/modules/:slug', ['modules'], null],
    ['/modules/:slug', ['modules', 'a', 'b'], null],
    ['/modules/:slug', ['lessons', 'a'], null],
    ['/modules/:slug', ['modules', ''], null],
  ])('%s against %j', (pattern, segments, expected) => {
    expect(matchPattern(pattern, segments)).toEqual(expected);
  });
});
