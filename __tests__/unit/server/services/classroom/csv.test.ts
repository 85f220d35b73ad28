/** The gradebook's CSV: RFC 4180 quoting, a BOM, and no cell a spreadsheet would run as a formula. */
import { csvCell, csvDocument } from '../../../../../src/server/services/classroom/csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['Adams, Jo', '"Adams, Jo"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+1', "'=1+1"],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['\tTab', "'\tTab"],
    ['=HYPERLINK("http://x", "y")', `"'=HYPERLINK(""http://x"", ""y"")"`],
    ['', ''],
  ])('%j → %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each([
    [100, '100'],
    [-5, '-5'],
    [null, ''],
    [undefined, ''],
  ])('the gradebook’s own number or nothing %j → %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

it('csvDocument starts with a UTF-8 BOM and ends every row with CRLF', () => {
  expect(csvDocument([['a', 'b'], ['c', 1]])).toBe('\uFEFFa,b\r\nc,1\r\n');
});
