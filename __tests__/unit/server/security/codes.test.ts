/** security/codes.ts sameSecret: the one constant-time comparison of secrets and their hashes. */
import { sameSecret, sha256 } from '../../../../src/server/security/codes';

describe('sameSecret', () => {
  it.each<[string, string, string, boolean]>([
    ['the same text', 'abc123', 'abc123', true],
    ['two empty texts', '', '', true],
    ['one character apart', 'abc123', 'abc124', false],
    ['a prefix', 'abc', 'abc123', false],
    ['a different case', 'ABC', 'abc', false],
    ['an accent', 'café', 'cafe', false],
    ['the same hash', sha256('key'), sha256('key'), true],
    ['hashes of different keys', sha256('key'), sha256('kez'), false],
  ])('%s → %p', (_label, a, b, same) => {
    expect(sameSecret(a, b)).toBe(same);
    expect(sameSecret(b, a)).toBe(same);
  });
});
