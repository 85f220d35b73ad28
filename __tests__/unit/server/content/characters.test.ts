/**
 * Recurring characters keep one story: the rule file's parsing and the check that a paragraph naming
 * the character states each fact's number, on the course itself and on the kinds of slip it catches.
 */
import path from 'node:path';
import { readCatalog } from '../../../../src/server/content/catalog';
import { checkCharacters, contentTexts, parseCharacters, readCharacters } from '../../../../src/server/content/characters';
import { readKnowledgeBase } from '../../../../src/server/content/knowledgeBase';

const RULES = `
Ravi:
  pay per paycheck: 600
  yearly wages: 15600
  job: movie theater
  said:
    pay per paycheck: ['\\$([\\d,]+) every two weeks']
    yearly wages: ['earns \\$([\\d,]+) (?:at his theater job )?(?:this|a|over the) year', '\\$([\\d,]+) in Box 1']
  where: [earning-income/how-taxes-work]
`;
const ravi = parseCharacters(RULES);
const check = (text: string) => checkCharacters(ravi, [{ where: 'a.md', text }]);

describe('[content] recurring characters', () => {
  it.each([
    ['his year as the other sections tell it', 'Ravi earns $600 every two weeks. He earns $15,600 over the year.', []],
    ['a W-2 that halves his wages (the slip the check is for)', 'Ravi earns $600 every two weeks.\n\nRavi\'s W-2 shows $7,800 in Box 1 and $260 in Box 2.', [['yearly wages', 7800]]],
    ['"his" W-2 in the paragraph that names him', '> **Example:** Ravi gets his W-2. His W-2 shows $7,800 in Box 1.', [['yearly wages', 7800]]],
    ['another paragraph, another person: not his', 'Ravi earns $600 every two weeks.\n\nMaya\'s W-2 shows $7,800 in Box 1.', []],
    ['another character with the same words', 'Jess earns $9,000 a year.', []],
  ])('%s', (_why, text, found) => {
    expect(check(text).disagreements.map((d) => [d.fact, d.stated])).toEqual(found);
  });

  it('reports a pattern nothing matched, so a reworded fact is not silently unchecked', () => {
    expect(check('Ravi earns $600 every two weeks.').unused).toEqual(['Ravi: yearly wages: earns \\$([\\d,]+) (?:at his theater job )?(?:this|a|over the) year', 'Ravi: yearly wages: \\$([\\d,]+) in Box 1']);
  });

  it.each([
    ['a pattern for a fact that is not a number', "Ravi:\n  job: theater\n  said:\n    job: ['(\\\\w+)']", 'said names "job", which is not a number among the facts'],
    ['a pattern without its capture group', "Ravi:\n  age: 16\n  said:\n    age: ['aged \\\\d+']", 'must have exactly one capture group'],
    ['a pattern that is not a regular expression', "Ravi:\n  age: 16\n  said:\n    age: ['(']", 'said.age'],
    ['a character that is not a map', 'Ravi: 16', 'Ravi: must be a map of facts'],
  ])('refuses %s, naming the file', (_why, text, problem) => {
    expect(() => parseCharacters(text)).toThrow(expect.objectContaining({ file: 'characters.yaml', message: expect.stringContaining(problem) }));
  });

  it('the course: every paragraph that names a recurring character states their facts, and every rule is used', () => {
    const content = path.resolve(__dirname, '../../../../content');
    const report = checkCharacters(readCharacters(content), contentTexts(readCatalog(content), readKnowledgeBase(content)));
    expect(readCharacters(content).length).toBeGreaterThan(0);
    expect(report).toEqual({ disagreements: [], unused: [] });
  });
});
