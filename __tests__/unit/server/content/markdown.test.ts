/** Content Markdown: raw HTML never passes through, only same-site links survive rendering. */
import { checkMarkdown, renderMarkdown, wordCount } from '../../../../src/server/content/markdown';

describe('renderMarkdown (markdown-it, html:false)', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['[APR](/app/resources/knowledge-base/credit-and-debt/apr)', '<a href="/app/resources/knowledge-base/credit-and-debt/apr">APR</a>'],
  ])('%s → contains %s', (md, html) => {
    expect(renderMarkdown(md)).toContain(html);
  });

  it('keeps a backslash path on this site (encoded, never a protocol-relative address)', () => {
    expect(renderMarkdown('[x](/\\evil.example)')).toContain('href="/%5Cevil.example"');
  });

  it.each(['[x](https://evil.example)', '[x](//evil.example)', '[x](javascript:alert(1))', '[x](data:text/html,hi)'])(
    'drops the link %s',
    (md) => {
      expect(renderMarkdown(md)).not.toMatch(/<a /);
    },
  );
});

describe('checkMarkdown', () => {
  it.each<[string, RegExp | null]>([
    ['## Fine\n\nText with **bold** and a [link](/app/catalog).', null],
    ['> **Example:** Maya saves $20 a week.', null],
    ['[topic](/app/resources/knowledge-base/insurance)', null],
    ['# Title', /headings start at level 2/],
    ['<b>bold</b>', /raw HTML/],
    ['![x](/a.png)', /images are not allowed/],
    ['[x](http://example.com)', /same-site path/],
    ['[x](/app/resources/knowledge-base/insurance/nope)', /not a known knowledge-base/],
    // a section may send the student to start a worksheet or a budget; a misspelt kind is refused
    ['Fill in the [Net Worth worksheet](/app/resources/worksheets/net-worth).', null],
    ['[the list of worksheets](/app/resources/worksheets) and [one](/app/resources/worksheets/savings-goal#top)', null],
    ['Open the [budget wizard](/app/resources/budget-wizard/create) or [your budgets](/app/resources/budget-wizard).', null],
    ['[x](/app/resources/worksheets/net-wroth)', /not a worksheet: write \/app\/resources\/worksheets\/<kind> with a kind of net-worth, /],
    ['[x](/app/resources/worksheets/paycheck/12)', /not a worksheet/],
    ['[x](/app/resources/worksheets/)', /not a worksheet/],
    ['[x](/app/resources/budget-wizard/new)', /not the budget wizard: write \/app\/resources\/budget-wizard or \/app\/resources\/budget-wizard\/create/],
  ])('%s → %s', (md, problem) => {
    const found = checkMarkdown(md);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toMatch(problem);
  });
});

describe('wordCount', () => {
  it.each([
    ['', 0],
    ['one two  three', 3],
    ['## Heading\n\n- item one\n- item two', 5],
    ['[the link text](/app/x) and | a | table |', 6],
  ])('%j → %d', (md, n) => {
    expect(wordCount(md)).toBe(n);
  });
});
