import * as fflate from 'fflate';
import { RRWEB_META_EVENT } from '../../../../../src/common/support';
import {
  createRecorder,
  packEvent,
  PACK_FROM_CHARS,
  unpackEvent,
  type RecordedEvent,
} from '../../../../../src/client/features/support/recording/recorder';

// rrweb's record() needs a laid-out page: a stand-in that remembers being called and stopped
const rrwebStop = jest.fn();
const rrwebRecord = jest.fn((_options: unknown) => rrwebStop);
jest.mock('rrweb', () => ({ record: (options: unknown) => rrwebRecord(options) }));

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
    expect(packEvent(event, null)).toEqual({ type: FULL_SNAPSHOT, event });
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
