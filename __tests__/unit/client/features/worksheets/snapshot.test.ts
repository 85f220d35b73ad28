/** A turned-in worksheet as its student saw it: entered numbers in dollars, percent and years, then its results. */
import { emptyWorksheet } from '../../../../../src/common/worksheets';
import { ENTERED_HEADING, enteredValue, worksheetSnapshotSections } from '../../../../../src/client/features/worksheets/snapshot';
import type { FieldType } from '../../../../../src/client/features/worksheets/specs';

describe('enteredValue', () => {
  it.each<[FieldType, unknown, string]>([
    ['money', 300_000, '$3,000.00'],
    ['money', 20_000, '$200.00'],
    ['money', -1_250, '-$12.50'],
    ['money', 0, '$0.00'],
    ['money', null, '—'],
    ['percent', 450, '4.5%'],
    ['percent', 1999, '19.99%'],
    ['percent', 1000, '10%'],
    ['quantity', 12_500, '12.5'],
    ['years', 1, '1 year'],
    ['years', 10, '10 years'],
    ['text', 'Car', 'Car'],
    ['text', '', '—'],
    ['frequency', 'biweekly', 'Every two weeks'],
    ['money', '300000', '—'],
    ['percent', Number.NaN, '—'],
  ])('%s %p reads %p', (type, value, expected) => {
    expect(enteredValue(type, value)).toBe(expected);
  });
});

describe('worksheetSnapshotSections', () => {
  it('a savings goal: the numbers entered in dollars and percent, never cents or basis points, then its timeline', () => {
    const sections = worksheetSnapshotSections('savings-goal', { goalName: 'Car', targetCents: 300_000, currentCents: 20_000, monthlyCents: 25_000, aprBasisPoints: 450 });
    expect(sections[0]).toEqual({
      heading: ENTERED_HEADING,
      rows: [
        ['Goal', 'Car'],
        ['Goal amount', '$3,000.00'],
        ['Saved so far', '$200.00'],
        ['Deposit each month', '$250.00'],
        ['Interest rate (APY)', '4.5%'],
      ],
    });
    expect(sections[1]!.heading).toBe('Timeline');
    const text = JSON.stringify(sections);
    expect(text).not.toMatch(/cents|basis points|300000|20000/i);
    for (const [, value] of sections[1]!.rows.slice(1)) expect(value).toMatch(/^\$[\d,]+\.\d\d$/);
  });

  it('a list: each item on one line with its labels; an empty list says so', () => {
    const debts = [
      { name: 'Card', balanceCents: 120_000, aprBasisPoints: 1999, minimumCents: 3_500 },
      { name: ' ', balanceCents: 50_000, aprBasisPoints: 500, minimumCents: null },
    ];
    const [entered] = worksheetSnapshotSections('debt-payoff', { extraCents: 5_000, debts });
    expect(entered!.rows).toEqual([
      ['Extra each month', '$50.00'],
      ['Card', 'Balance $1,200.00 · Interest rate (APR) 19.99% · Minimum payment $35.00'],
      ['Debt 2', 'Balance $500.00 · Interest rate (APR) 5% · Minimum payment —'],
    ]);
    expect(worksheetSnapshotSections('net-worth', { ...emptyWorksheet('net-worth'), assets: [], liabilities: [] })[0]!.rows).toEqual([
      ['Assets', '—'],
      ['Liabilities', '—'],
    ]);
  });

  it('a copy the formulas cannot read still shows what it holds, and says the results cannot be worked out', () => {
    const sections = worksheetSnapshotSections('debt-payoff', { extraCents: 100, debts: 'not a list' });
    expect(sections[0]!.rows).toEqual([
      ['Extra each month', '$1.00'],
      ['Debts', '—'],
    ]);
    expect(sections.length).toBeGreaterThan(1);
  });
});
