import { evaluateFailures } from '../../../../src/server/security/throttle';

const MIN = 60_000;
const WINDOW = 15 * MIN;
const NOW = 1_000_000_000_000;

describe('evaluateFailures (sign-in throttling rule)', () => {
  it.each([
    ['no failures', [], 5, { limited: false, retryAfterSeconds: 0 }],
    ['4 of 5 failures', [1, 2, 3, 4].map((m) => NOW - m * MIN), 5, { limited: false, retryAfterSeconds: 0 }],
    ['5 of 5, oldest 10 min ago: wait 5 min', [1, 2, 3, 4, 10].map((m) => NOW - m * MIN), 5, { limited: true, retryAfterSeconds: 300 }],
    ['5 of 5 just now: wait the whole window', [0, 0, 0, 0, 0].map(() => NOW), 5, { limited: true, retryAfterSeconds: 900 }],
    ['failures outside the window do not count', [1, 2, 3, 4, 15, 16, 30].map((m) => NOW - m * MIN), 5, { limited: false, retryAfterSeconds: 0 }],
    [
      '7 failures, limit 5: wait until the 5th most recent leaves',
      [1, 2, 3, 4, 5, 6, 7].map((m) => NOW - m * MIN),
      5,
      { limited: true, retryAfterSeconds: 10 * 60 },
    ],
    ['order does not matter', [10, 1, 4, 2, 3].map((m) => NOW - m * MIN), 5, { limited: true, retryAfterSeconds: 300 }],
    ['failures "in the future" (clock skew) are ignored', [NOW + MIN], 1, { limited: false, retryAfterSeconds: 0 }],
    ['a fraction of a second rounds up to 1 s', [NOW - WINDOW + 100], 1, { limited: true, retryAfterSeconds: 1 }],
  ] as const)('%s', (_name, times, limit, expected) => {
    expect(evaluateFailures(times, NOW, limit, WINDOW)).toEqual(expected);
  });
});
