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
  it.each([
    [{ terms: ['apr'], prefixLast: true }, '"apr"*', "'apr':*"],
    [{ terms: ['compound', 'interest'], prefixLast: false }, '"compound" "interest"', "'compound' & 'interest'"],
    [{ terms: [], prefixLast: false }, null, null],
    [{ terms: ['a"b', 'ok'], prefixLast: false }, '"ok"', "'ok'"],
  ])('%j → FTS5 %s, tsquery %s', (terms, fts, ts) => {
    expect(fts5Query(terms)).toBe(fts);
    expect(tsQuery(terms)).toBe(ts);
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
