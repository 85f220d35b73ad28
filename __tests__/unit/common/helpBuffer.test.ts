/**
 * Get Help's minute before a request (docs/privacy.md): the time rule that keeps the in-tab buffer
 * at least a minute long and bounded (whole segments, each starting with a Meta event), as a table;
 * where the replay starts (the last "Get Help opened" mark).
 */
import { HELP_BUFFER, HELP_OPENED_TAG, RRWEB_CUSTOM_EVENT, RRWEB_META_EVENT, helpOpenedAt, pushEvent, trimToWindow } from '../../../src/common/support';

const M = RRWEB_META_EVENT;
const X = 3; // an incremental event
const s = 1000;

type E = { type: number; timestamp: number };
/** "M0 X10 M30" → Meta at 0 s, an incremental event at 10 s, Meta at 30 s. */
const events = (text: string): E[] => text.split(' ').map((t) => ({ type: t[0] === 'M' ? M : X, timestamp: Number(t.slice(1)) * s }));
const show = (list: readonly E[]) => list.map((e) => `${e.type === M ? 'M' : 'X'}${e.timestamp / s}`).join(' ');

describe('trimToWindow: at least the last minute, whole segments, never more than a minute and a segment', () => {
  it.each([
    ['empty', '', ''],
    ['under a minute: everything', 'M0 X10 X50', 'M0 X10 X50'],
    ['a second segment, still under a minute', 'M0 X10 M30 X59', 'M0 X10 M30 X59'],
    ['70 s: the first segment is needed to reach back a minute', 'M0 X10 M30 X40 M60 X70', 'M0 X10 M30 X40 M60 X70'],
    ['90 s: the second segment starts exactly a minute back, the first goes', 'M0 X10 M30 X40 M60 X90', 'M30 X40 M60 X90'],
    ['95 s: from the segment that reaches back a minute', 'M0 X10 M30 X40 M60 X70 M90 X95', 'M30 X40 M60 X70 M90 X95'],
    ['a long quiet page: segments far older than a minute go', 'M0 M30 M60 M90 M120 M150 X200', 'M120 M150 X200'],
    ['events before the first snapshot are dropped (nothing to rebuild them on)', 'X0 X5 M10 X20', 'M10 X20'],
    ['no snapshot at all: kept as is (the recorder always starts with one)', 'X0 X90', 'X0 X90'],
  ])('%s', (_what, given, kept) => {
    const buffer = given ? events(given) : [];
    expect(show(trimToWindow(buffer))).toBe(kept);
  });

  it('fed a snapshot every 30 s for an hour, the buffer spans 60 to 90 s and holds at most three segments', () => {
    let buffer: readonly E[] = [];
    for (let t = 0; t <= 3600 * s; t += 500) {
      buffer = trimToWindow(pushEvent(buffer, { type: t % HELP_BUFFER.checkoutEveryMs === 0 ? M : X, timestamp: t }, 10_000));
      const span = buffer[buffer.length - 1]!.timestamp - buffer[0]!.timestamp;
      if (t >= HELP_BUFFER.windowMs) expect(span).toBeGreaterThanOrEqual(HELP_BUFFER.windowMs);
      expect(span).toBeLessThan(HELP_BUFFER.windowMs + HELP_BUFFER.checkoutEveryMs);
      expect(buffer.filter((e) => e.type === M).length).toBeLessThanOrEqual(3);
    }
  });

  it('returns the same buffer when nothing goes (no copy per event)', () => {
    const buffer = events('M0 X10');
    expect(trimToWindow(buffer)).toBe(buffer);
  });
});

describe('helpOpenedAt: where the replay starts', () => {
  const opened = (timestamp: number) => ({ type: RRWEB_CUSTOM_EVENT, timestamp, data: { tag: HELP_OPENED_TAG, payload: {} } });
  it.each([
    ['no mark: null (the replay starts at its beginning)', [{ type: M, timestamp: 1 }], null],
    ['one mark', [{ type: M, timestamp: 1 }, opened(40)], 40],
    ['opened twice: the last one', [opened(10), { type: M, timestamp: 20 }, opened(50)], 50],
    ['an error mark is not an opening', [{ type: RRWEB_CUSTOM_EVENT, timestamp: 5, data: { tag: 'error', payload: {} } }], null],
    ['junk is skipped', [null, 'x', { type: RRWEB_CUSTOM_EVENT, data: { tag: HELP_OPENED_TAG } }], null],
  ])('%s', (_what, given, at) => {
    expect(helpOpenedAt(given as unknown[])).toBe(at);
  });
});
