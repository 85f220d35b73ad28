/** How long a learner waits before more screen recording fits in the hourly budget. */
import { recordingWait } from '../../../../../src/server/services/support/limits';

const HOUR_S = 3600;
const NOW = 2_000;
const RECENT = [
  { createdAt: 0, size: 100 },
  { createdAt: 1_000, size: 100 },
];

describe('recordingWait (a budget of 250 bytes an hour)', () => {
  it.each<[string, readonly { createdAt: number; size: number }[], number, number]>([
    ['fits within the budget: no wait', RECENT, 40, 0],
    ['exactly at the budget: no wait', RECENT, 50, 0],
    ['fits once the oldest recording leaves the hour', RECENT, 100, HOUR_S - 2],
    ['fits once both have left the hour: until the newer one leaves', RECENT, 200, HOUR_S - 1],
    ['larger than the whole budget: an hour', RECENT, 300, HOUR_S],
    ['nothing recorded and fits: no wait', [], 250, 0],
  ])('%s', (_name, recent, adding, seconds) => {
    expect(recordingWait(recent, adding, 250, NOW)).toBe(seconds);
  });

  it('waits at least a second', () => {
    expect(recordingWait([{ createdAt: NOW - HOUR_S * 1000 + 1, size: 250 }], 1, 250, NOW)).toBe(1);
  });
});
