import { TokenRenewals } from '../../../../../src/client/features/auth/tokenRenewals';

/** Whether a promise has settled by the time pending callbacks ran. */
async function isSettled(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

describe('TokenRenewals (docs/server.md "Renewal")', () => {
  it('knows no renewal of a token until one begins, and none once it has settled', async () => {
    const renewals = new TokenRenewals();
    expect(renewals.settled('a')).toBeUndefined();
    const settle = renewals.begin('a');
    const waiting = renewals.settled('a');
    expect(waiting).toBeInstanceOf(Promise);
    expect(renewals.settled('b')).toBeUndefined();
    await expect(isSettled(waiting!)).resolves.toBe(false);
    settle();
    await expect(isSettled(waiting!)).resolves.toBe(true);
    expect(renewals.settled('a')).toBeUndefined();
  });

  it('a later renewal of the same token is not ended by an earlier one settling late', async () => {
    const renewals = new TokenRenewals();
    const settleFirst = renewals.begin('a');
    const first = renewals.settled('a')!;
    const settleSecond = renewals.begin('a');
    const second = renewals.settled('a')!;
    settleFirst();
    await expect(isSettled(first)).resolves.toBe(true);
    expect(renewals.settled('a')).toBe(second);
    settleSecond();
    await expect(isSettled(second)).resolves.toBe(true);
    expect(renewals.settled('a')).toBeUndefined();
  });

  it('settling twice is harmless', () => {
    const renewals = new TokenRenewals();
    const settle = renewals.begin('a');
    settle();
    expect(() => settle()).not.toThrow();
    expect(renewals.settled('a')).toBeUndefined();
  });
});

describe('TokenRenewals: which token came from which', () => {
  it.each([
    ['a token renewed once', [['a', 'b']], 'b', 'a', true],
    ['a token renewed twice', [['a', 'b'], ['b', 'c']], 'c', 'a', true],
    ['the middle of a chain', [['a', 'b'], ['b', 'c']], 'c', 'b', true],
    ['the other way round', [['a', 'b']], 'a', 'b', false],
    ['a token itself (not a replacement)', [['a', 'b']], 'a', 'a', false],
    ['a token of a later sign-in', [['a', 'b']], 'x', 'a', false],
    ['nothing replaced yet', [], 'b', 'a', false],
    ['a replacement by the same token is ignored', [['a', 'a']], 'a', 'a', false],
  ] as const)('%s', (_label, replacements, token, ancestor, expected) => {
    const renewals = new TokenRenewals();
    for (const [from, to] of replacements) renewals.replaced(from, to);
    expect(renewals.descendsFrom(token, ancestor)).toBe(expected);
  });

  it('keeps the latest replacements only: a long session does not grow it', () => {
    const renewals = new TokenRenewals();
    for (let i = 0; i < 100; i += 1) renewals.replaced(`t${i}`, `t${i + 1}`);
    expect(renewals.descendsFrom('t100', 't99')).toBe(true);
    expect(renewals.descendsFrom('t100', 't95')).toBe(true);
    expect(renewals.descendsFrom('t100', 't0')).toBe(false);
  });
});
