/** The search's vocabulary (pure): typo distance, corrections, synonym expansion, "Did you mean". */
import { parseSearchInput } from '../../../../src/common/knowledgeBase';
import { buildVocabulary, corrections, countTerms, didYouMean, expandQuery, typoDistance } from '../../../../src/server/search/vocabulary';

describe('typoDistance (optimal string alignment, bounded)', () => {
  it.each([
    ['interest', 'interest', 2, 0],
    ['intrest', 'interest', 2, 1],
    ['morgage', 'mortgage', 2, 1],
    ['recieve', 'receive', 2, 1], // a swap is one typo
    ['compuond', 'compound', 2, 1],
    ['budgte', 'budget', 2, 1],
    ['crdit', 'credit', 2, 1],
    ['bugdet', 'budget', 1, 1],
    ['savngs', 'savings', 2, 1],
    ['insurence', 'insurance', 2, 1],
    ['abc', 'xyz', 2, 3], // over the bound: bound + 1
    ['a', 'abcdef', 2, 3],
  ])('%s → %s (max %i) = %i', (a, b, max, distance) => {
    expect(typoDistance(a, b, max)).toBe(distance);
  });
});

const vocabulary = buildVocabulary(
  countTerms(['interest interest rate', 'interest savings', 'interesting', 'mortgage home', 'tax taxes', 'credit card debt pay off', 'w 4 form']),
  [
    ['W-4', 'W4'],
    ['401(k)', '401k'],
    ['mortgage', 'home loan'],
    ['pay off', 'payoff'],
  ],
);

describe('corrections', () => {
  it.each([
    ['intrest', ['interest']],
    ['morgage', ['mortgage']],
    ['taxs', ['tax', 'taxes']], // one typo from both: as many articles, so by spelling
    ['txa', []], // under 4 letters: never corrected
    ['zzzzzz', []],
    ['401x', []], // digits: never corrected
  ])('%s → %j', (word, expected) => {
    expect(corrections(vocabulary, word)).toEqual(expected);
  });

  it('prefers the closest word, then the one more articles hold', () => {
    const v = buildVocabulary(
      [
        ['cradit', 1],
        ['credit', 9],
        ['credits', 4],
      ],
      [],
    );
    expect(corrections(v, 'crdit')).toEqual(['credit', 'cradit']);
  });
});

describe('expandQuery', () => {
  const expand = (q: string) => expandQuery(vocabulary, parseSearchInput(q));
  const show = (q: string) => expand(q).groups.map((g) => g.map((a) => `${a.words.join(' ')}${a.prefix ? '*' : ''}`));

  it.each([
    ['w4 ', [['w 4', 'w4']]],
    ['W-4 ', [['w 4', 'w4']]],
    ['401k ', [['401 k', '401k']]],
    ['home loan ', [['mortgage', 'home loan']]],
    ['credit card debt payoff ', [['credit'], ['card'], ['debt'], ['pay off', 'payoff']]],
    ['intrest ', [['intrest', 'interest']]],
    ['morgage ', [['morgage', 'mortgage', 'home loan']]],
    ['inter', [['inter*']]], // being typed: begins an article word, not corrected
    ['intrest', [['intrest*', 'interest']]],
  ])('%j → %j', (q, groups) => {
    expect(show(q)).toEqual(groups);
  });

  it('remembers what it corrected, for "Did you mean"', () => {
    expect([...expand('Morgage intrest rate ').corrected]).toEqual([
      ['morgage', 'mortgage'],
      ['intrest', 'interest'],
    ]);
  });
});

describe('didYouMean', () => {
  it.each([
    ['intrest', [['intrest', 'interest']], 'interest'],
    ['Morgage  intrest rate', [['morgage', 'mortgage'], ['intrest', 'interest']], 'Mortgage interest rate'],
    ['w4', [], null],
  ] as const)('%j → %j', (query, corrected, suggestion) => {
    expect(didYouMean(query, new Map(corrected.map(([a, b]) => [a, b])))).toBe(suggestion);
  });
});

describe('Spanish: accents are optional', () => {
  const spanish = buildVocabulary(
    [
      ['crédito', 3],
      ['interés', 2],
      ['tasa', 2],
      ['año', 1],
    ],
    [['puntaje de crédito', 'FICO']],
  );
  const show = (q: string) => expandQuery(spanish, parseSearchInput(q)).groups.map((g) => g.map((a) => `${a.words.join(' ')}${a.prefix ? '*' : ''}`));

  it.each([
    ['credito ', [['credito', 'crédito']]],
    ['interes', [['interes*', 'interés']]],
    ['crédito ', [['crédito']]],
    ['ano ', [['ano', 'año']]],
    // a typo beside a missing accent is one typo, not two
    ['credtio ', [['credtio', 'crédito']]],
    // a synonym spelling typed without its accents names its group
    ['puntaje de credito ', [['puntaje de crédito', 'fico']]],
  ])('%j → %j', (q, groups) => {
    expect(show(q)).toEqual(groups);
  });

  it('a missing accent is not offered as "Did you mean"', () => {
    expect([...expandQuery(spanish, parseSearchInput('credito ')).corrected]).toEqual([]);
  });
});
