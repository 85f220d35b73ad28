/** The engines' query syntax for Spanish, which FTS5 cannot stem and PostgreSQL's `spanish` stems unevenly. */
import { fts5StemmedQuery, spanishForms, spanishStem, tsQuery } from '../../../../src/server/search/queries';

it.each([
  ['préstamos', 'préstamo'],
  ['estudiantiles', 'estudiantil'],
  ['tasas', 'tasa'],
  ['crédito', 'crédito'],
  ['mes', 'mes'],
  ['401k', '401k'],
])('spanishStem(%s) → %s', (word, stem) => expect(spanishStem(word)).toBe(stem));

it.each([
  ['préstamo', ['préstamo', 'préstamos']],
  ['préstamos', ['préstamos', 'préstamo']],
  ['estudiantil', ['estudiantil', 'estudiantiles']],
  ['w2', ['w2']],
  ['de', ['de']],
])('spanishForms(%s) → %j', (word, forms) => expect(spanishForms(word)).toEqual(forms));

it('FTS5: each word of a Spanish phrase is a prefix of its stem, joined into one phrase', () => {
  expect(fts5StemmedQuery([[{ words: ['préstamo', 'estudiantil'], prefix: false }, { words: ['fico'], prefix: false }], [{ words: ['tasas'], prefix: true }]])).toBe(
    '("préstamo"* + "estudiantil"* OR "fico"*) AND "tasa"*',
  );
});

it('PostgreSQL: a Spanish word asks for its singular and plural too', () => {
  expect(tsQuery([[{ words: ['préstamo', 'estudiantil'], prefix: false }]], 'all', spanishForms)).toBe("('préstamo' | 'préstamos') <-> ('estudiantil' | 'estudiantiles')");
  expect(tsQuery([[{ words: ['préstamo'], prefix: false }]])).toBe("'préstamo'");
});
