import { documentTitle } from '../../../src/common/title';

describe('document title (SPEC §2)', () => {
  it.each([
    ['Home', 'Home - Cashwise'],
    ['Budget Wizard', 'Budget Wizard - Cashwise'],
    ['  Catalog  ', 'Catalog - Cashwise'],
    ['', 'Cashwise'],
    ['   ', 'Cashwise'],
    [null, 'Cashwise'],
    [undefined, 'Cashwise'],
  ])("[S2.17] title %p → %p", (title, expected) => {
    expect(documentTitle(title)).toBe(expected);
  });

  it('[S2.17] the product name can be passed', () => {
    expect(documentTitle('Home', 'Other')).toBe('Home - Other');
    expect(documentTitle(null, 'Other')).toBe('Other');
  });
});
