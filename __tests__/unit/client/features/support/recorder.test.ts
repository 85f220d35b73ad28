import * as fflate from 'fflate';
import { HELP_BUFFER, HELP_OPENED_TAG, RRWEB_META_EVENT } from '../../../../../src/common/support';
import {
  CHECKOUT_EVERY_N_EVENTS,
  createRecorder,
  firstInputThenIdle,
  packEvent,
  PACK_FROM_CHARS,
  unpackEvent,
  type RecordedEvent,
} from '../../../../../src/client/features/support/recording/recorder';

// rrweb's record() needs a laid-out page: a stand-in that remembers being called and stopped
const rrwebStop = jest.fn();
const rrwebRecord = jest.fn((_options: unknown) => rrwebStop);
const rrwebCustomEvent = jest.fn();
jest.mock('rrweb', () => ({
  record: Object.assign((options: unknown) => rrwebRecord(options), {
    addCustomEvent: (tag: string, payload: unknown) => rrwebCustomEvent(tag, payload),
  }),
}));

const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;

/** A full snapshot of about `chars` characters of JSON, like rrweb's (nested nodes, CSS text). */
function snapshot(chars: number, timestamp = 1): RecordedEvent {
  const css = '.css-1x2y3z{display:flex;margin:0 auto;padding:8px 16px;}'.repeat(Math.ceil(chars / 60));
  return { type: FULL_SNAPSHOT, timestamp, data: { node: { type: 0, childNodes: [{ type: 2, tagName: 'style', attributes: { _cssText: css } }] }, initialOffset: { top: 0, left: 0 } } };
}

const mouseMove = (timestamp: number): RecordedEvent => ({ type: INCREMENTAL, timestamp, data: { source: 1, positions: [{ x: 10, y: 20, id: 5, timeOffset: -30 }] } });
const meta = (timestamp: number): RecordedEvent => ({ type: RRWEB_META_EVENT, timestamp, data: { href: 'http://localhost/app', width: 1024, height: 600 } });

describe('session recorder buffer (soak: large events wait deflated)', () => {
  it.each([
    { name: 'a mouse move', event: mouseMove(5), packed: false },
    { name: 'a meta event', event: meta(1), packed: false },
    { name: 'a snapshot just under the threshold', event: snapshot(PACK_FROM_CHARS - 400), packed: false },
    { name: 'a 200 kB snapshot', event: snapshot(200_000), packed: true },
  ])('$name: packed $packed, and unpacks to an equal event', ({ event, packed }) => {
    const entry = packEvent(event, fflate);
    expect(entry.type).toBe(event.type);
    expect(entry.packed !== undefined).toBe(packed);
    expect(unpackEvent(entry, fflate)).toEqual(event);
  });

  it('keeps a large snapshot in a small fraction of its JSON', () => {
    const event = snapshot(200_000);
    const entry = packEvent(event, fflate);
    expect(entry.packed!.length).toBeLessThan(JSON.stringify(event).length / 10);
  });

  it('keeps events as they are until the codec is loaded (with rrweb)', () => {
    const event = snapshot(200_000);
    expect(packEvent(event, null)).toEqual({ type: FULL_SNAPSHOT, timestamp: event.timestamp, event });
  });

  it.each([
    { codec: 'fflate', given: fflate },
    { codec: 'not loaded yet', given: null },
  ])('[S9.10] events() returns what was added, at most the queue, starting at a Meta event (codec: $codec)', ({ given }) => {
    const recorder = createRecorder(5, given);
    const added = [meta(1), snapshot(50_000, 2), mouseMove(3), meta(4), snapshot(50_000, 5), mouseMove(6), mouseMove(7)];
    for (const e of added) recorder.add(e);
    // 7 events into a queue of 5: the oldest two go, then up to the next Meta event
    expect(recorder.events()).toEqual(added.slice(3));
    recorder.clear();
    expect(recorder.events()).toEqual([]);
  });
});

describe('starting and stopping (recording is opt-in)', () => {
  beforeEach(() => {
    rrwebRecord.mockClear();
    rrwebStop.mockClear();
  });

  it('records once started, masking every input; stop() ends it', async () => {
    const recorder = createRecorder();
    await expect(recorder.start()).resolves.toBe(true);
    expect(rrwebRecord).toHaveBeenCalledTimes(1);
    expect(rrwebRecord.mock.calls[0]![0]).toEqual(expect.objectContaining({ maskAllInputs: true, maskInputOptions: { password: true } }));
    recorder.stop();
    expect(rrwebStop).toHaveBeenCalledTimes(1);
  });

  it('a box unticked while rrweb is still loading never starts recording', async () => {
    const recorder = createRecorder();
    const started = recorder.start();
    recorder.stop();
    await expect(started).resolves.toBe(false);
    expect(rrwebRecord).not.toHaveBeenCalled();
    // ticked again, it starts afresh
    await expect(recorder.start()).resolves.toBe(true);
    expect(rrwebRecord).toHaveBeenCalledTimes(1);
  });
});

describe('buffering: the last minute while a signed-in student works (docs/privacy.md)', () => {
  beforeEach(() => {
    rrwebRecord.mockClear();
    rrwebCustomEvent.mockClear();
  });
  /** a Meta every 30 s (rrweb's checkout), a mouse move every 5 s, from `from` to `to` seconds */
  const feed = (recorder: ReturnType<typeof createRecorder>, from: number, to: number) => {
    for (let t = from; t <= to; t += 5) recorder.add(t % 30 === 0 ? meta(t * 1000) : mouseMove(t * 1000));
  };
  // buffering begins at once here (in the page: at the first input, then an idle moment)
  const now = () => Promise.resolve();
  const span = (events: RecordedEvent[]) => (events.at(-1)!.timestamp - events[0]!.timestamp) / 1000;

  it('records masked as ever, with a fresh snapshot every 30 s instead of every N events', async () => {
    const recorder = createRecorder(1000, fflate, now);
    await expect(recorder.start('buffer')).resolves.toBe(true);
    expect(recorder.mode()).toBe('buffer');
    const options = rrwebRecord.mock.calls[0]![0] as Record<string, unknown>;
    expect(options).toEqual(expect.objectContaining({ maskAllInputs: true, maskInputOptions: { password: true }, checkoutEveryNms: HELP_BUFFER.checkoutEveryMs }));
    expect(options).not.toHaveProperty('checkoutEveryNth');
    recorder.stop();
    expect(recorder.mode()).toBe('off');
  });

  it('keeps 60 to 90 seconds, starting at a snapshot, however long the student works', async () => {
    const recorder = createRecorder(1000, fflate, now);
    await recorder.start('buffer');
    feed(recorder, 0, 600);
    const kept = recorder.events();
    expect(kept[0]!.type).toBe(RRWEB_META_EVENT);
    expect(span(kept)).toBeGreaterThanOrEqual(60);
    expect(span(kept)).toBeLessThan(90);
    recorder.stop();
  });

  it('Get Help opened: the moment is marked and what came before is held until the panel closes unsent', async () => {
    const recorder = createRecorder(1000, fflate, now);
    await recorder.start('buffer');
    feed(recorder, 0, 100);
    const first = recorder.events()[0]!.timestamp;
    recorder.markOpened();
    expect(rrwebCustomEvent).toHaveBeenCalledWith(HELP_OPENED_TAG, {});
    // from the opening, a snapshot every N events again (not every 30 s for as long as the form is open)
    expect(rrwebRecord).toHaveBeenCalledTimes(2);
    expect(rrwebRecord.mock.calls[1]![0]).toEqual(expect.objectContaining({ checkoutEveryNth: CHECKOUT_EVERY_N_EVENTS, maskAllInputs: true }));
    recorder.markOpened(); // opened again while held: one mark
    expect(rrwebCustomEvent).toHaveBeenCalledTimes(1);
    feed(recorder, 105, 400);
    expect(recorder.events()[0]!.timestamp).toBe(first);
    recorder.release();
    feed(recorder, 405, 410);
    expect(span(recorder.events())).toBeLessThan(90);
    recorder.stop();
  });

  it('a sent request forgets the buffer and starts a fresh snapshot; tick mode does not mark openings', async () => {
    const recorder = createRecorder(1000, fflate, now);
    await recorder.start('buffer');
    feed(recorder, 0, 50);
    recorder.markOpened();
    recorder.restart();
    expect(recorder.events()).toEqual([]);
    // a fresh rrweb session (a fresh snapshot), keeping the minute again
    expect(rrwebRecord.mock.calls.at(-1)![0]).toEqual(expect.objectContaining({ checkoutEveryNms: HELP_BUFFER.checkoutEveryMs }));
    recorder.stop();
    await recorder.start();
    expect(recorder.mode()).toBe('tick');
    recorder.markOpened();
    expect(rrwebCustomEvent).toHaveBeenCalledTimes(1);
    recorder.stop();
  });
});

describe('buffering waits for the first input, then an idle moment (docs/performance.md)', () => {
  it('loads nothing before the student does anything; Get Help opened meanwhile is marked once rrweb runs', async () => {
    rrwebRecord.mockClear();
    rrwebCustomEvent.mockClear();
    const recorder = createRecorder(1000, fflate, () => firstInputThenIdle(window));
    const started = recorder.start('buffer');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(rrwebRecord).not.toHaveBeenCalled();
    recorder.markOpened();
    expect(rrwebCustomEvent).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown'));
    await expect(started).resolves.toBe(true);
    expect(rrwebRecord).toHaveBeenCalledTimes(1);
    expect(rrwebCustomEvent).toHaveBeenCalledWith(HELP_OPENED_TAG, {});
    recorder.stop();
  });
});
