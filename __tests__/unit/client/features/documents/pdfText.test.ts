import { pdfText } from '../../../../../src/client/features/documents/pdfText';

describe('pdfText: what the PDF’s built-in fonts can print', () => {
  it.each([
    ['plain ASCII stays', 'September plan: $1,200.50', 'September plan: $1,200.50'],
    ['Latin-1 letters stay', 'Ahorro día — Crème brûlée', 'Ahorro día — Crème brûlée'],
    ['WinAnsi signs stay', '“Quotes” ‘and’ € • … ™', '“Quotes” ‘and’ € • … ™'],
    ['an emoji is left out and the spaces close up', 'Spending 💸 money', 'Spending money'],
    ['emoji at the ends', '💸💸 Goal 🎯', 'Goal'],
    ['a letter with a mark outside Latin-1 keeps its base', 'Łódź Ševčík Nguyễn', 'Lódz Ševcík Nguyen'],
    ['decomposed marks are composed first', 'Cafe\u0301', 'Café'],
    ['another script cannot be printed', '预算 plan', 'plan'],
    ['a line break becomes a space', 'one\ntwo', 'one two'],
    ['nothing printable at all', '💸', ''],
  ])('%s', (_label, input, expected) => {
    expect(pdfText(input)).toBe(expected);
  });
});
