import { shortLabel } from '../../../../../src/client/features/budgetWizard/components/FiftyThirtyTwentyChart';
import { fiftyThirtyTwenty } from '../../../../../src/common/budget';

describe('the 50/30/20 chart names its parts short enough for a phone', () => {
  it.each([
    ['Needs (50%)', 'Needs'],
    ['Wants (30%)', 'Wants'],
    ['Savings & debt (20%)', 'Savings & debt'],
    ['Needs', 'Needs'],
  ])('%p → %p', (label, short) => {
    expect(shortLabel(label)).toBe(short);
  });

  it('every row of the comparison gets a short name', () => {
    const rows = fiftyThirtyTwenty({ incomeCents: 300_000, needsCents: 150_000, wantsCents: 90_000, savingsAndDebtCents: 60_000 });
    expect(rows.map((r) => shortLabel(r.label))).toEqual(['Needs', 'Wants', 'Savings & debt']);
  });
});
