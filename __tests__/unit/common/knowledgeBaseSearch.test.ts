/** Search input rules (pure): what reaches FTS5 / to_tsquery is only quoted words, never syntax. */
import { MARK_END as E, MARK_START as S, parseSearchInput, snippetSegments } from '../../../src/common/knowledgeBase';
import { fts5Query, tsQuery } from '../../../src/server/search/queries';

describe('parseSearchInput', () => {
  it.each([
    ['APR', ['apr'], true],
    ['  APR  ', ['apr'], false],
    ['compound interest', ['compound', 'interest'], true],
    ['compound interest ', ['compound', 'interest'], false],
    ['W-4', ['w', '4'], false],
    ['b', ['b'], false],
    ['"apr" OR credit*', ['apr', 'credit'], false],
    ['title:apr', ['title', 'apr'], true],
    ['Crédit', ['crédit'], true],
    ['apr apr APR', ['apr'], true],
    ['', [], false],
    ['***', [], false],
    ['"', [], false],
    ['AND OR', [], false],
    ['NOT near the', [], false],
    ['()^:-{}', [], false],
  ])('%j → %j (prefix %s)', (input, terms, prefixLast) => {
    expect(parseSearchInput(input)).toEqual({ terms, prefixLast });
  });

  it('cuts long input instead of refusing it, and keeps at most 8 words of at most 40 characters', () => {
    expect(parseSearchInput('x'.repeat(10_000)).terms).toEqual(['x'.repeat(40)]);
    expect(parseSearchInput('a1 b2 c3 d4 e5 f6 g7 h8 i9 j10').terms).toHaveLength(8);
  });

  it('treats anything that is not text as an empty query', () => {
    expect(parseSearchInput(undefined).terms).toEqual([]);
    expect(parseSearchInput(42).terms).toEqual([]);
    expect(parseSearchInput({ q: 'apr' }).terms).toEqual([]);
  });
});

describe('engine query strings', () => {
  const word = (w: string, prefix = false) => ({ words: [w], prefix });
  const phrase = (...words: string[]) => ({ words, prefix: false });
  it.each([
    [[[word('apr', true)]], 'all', '"apr"*', "'apr':*"],
    [[[word('compound')], [word('interest')]], 'all', '"compound" AND "interest"', "'compound' & 'interest'"],
    [[[word('compound')], [word('interest')]], 'any', '"compound" OR "interest"', "'compound' | 'interest'"],
    [[], 'all', null, null],
    [[[word('a"b')], [word('ok')]], 'all', '"ok"', "'ok'"],
    [[[word('w4'), phrase('w', '4')]], 'all', '("w4" OR "w 4")', "('w4' | 'w' <-> ('4' | '-4'))"],
    [
      [[word('intrest'), word('interest')], [phrase('credit', 'score'), word('fico', true)]],
      'all',
      '("intrest" OR "interest") AND ("credit score" OR "fico"*)',
      "('intrest' | 'interest') & ('credit' <-> 'score' | 'fico':*)",
    ],
    [[[phrase('roth', 'ira*')]], 'all', null, null],
  ] as const)('%j (%s) → FTS5 %s, tsquery %s', (groups, match, fts, ts) => {
    const copy = groups.map((group) => group.map((a) => ({ words: [...a.words], prefix: a.prefix })));
    expect(fts5Query(copy, match)).toBe(fts);
    expect(tsQuery(copy, match)).toBe(ts);
  });
});

describe('snippetSegments', () => {
  it.each([
    [`a ${S}APR${E} is`, [{ text: 'a ', match: false }, { text: 'APR', match: true }, { text: ' is', match: false }]],
    [`${S}one${E}${S}two${E}`, [{ text: 'onetwo', match: true }]],
    ['<script>alert(1)</script>', [{ text: '<script>alert(1)</script>', match: false }]],
    [`${S}unclosed`, [{ text: 'unclosed', match: true }]],
    [`stray${E} end`, [{ text: 'stray end', match: false }]],
    ['', []],
  ])('%j', (marked, segments) => {
    expect(snippetSegments(marked)).toEqual(segments);
  });
});
