/**
 * Self-hosted session recording (issue #4, SPEC §9 queue 1000): rrweb records the page into an
 * in-memory ring buffer. NOTHING leaves the browser here — the support saga reads the buffer only
 * when the student submits a ticket with the recording box ticked, and uploads it to our server.
 *
 * Privacy (the students are minors): every input value is masked (`maskAllInputs`), password fields
 * explicitly too, and elements with the class `cw-no-record` are blocked out entirely.
 * rrweb is loaded lazily, in its own chunk, after the first screen is up.
 */
import { RECORDING_LIMITS } from '../../../../common/constants';
import { pushEvent } from '../../../../common/support';

export interface RecordedEvent {
  type: number;
  timestamp: number;
  data?: unknown;
}

/** rrweb takes a fresh snapshot every this many events, so the ring buffer always holds one. */
export const CHECKOUT_EVERY_N_EVENTS = 300;
export const BLOCK_CLASS = 'cw-no-record';

export interface Recorder {
  /** Loads rrweb and starts recording (once); resolves false when recording cannot run here. */
  start(): Promise<boolean>;
  /** A copy of the buffer: at most RECORDING_LIMITS.queue events, starting at a snapshot. */
  events(): RecordedEvent[];
  add(event: RecordedEvent): void;
  clear(): void;
  stop(): void;
}

export function createRecorder(max: number = RECORDING_LIMITS.queue): Recorder {
  let buffer: RecordedEvent[] = [];
  let stopFn: (() => void) | null = null;
  let starting: Promise<boolean> | null = null;

  const recorder: Recorder = {
    start() {
      if (starting) return starting;
      starting = (async () => {
        try {
          const { record } = await import(/* webpackChunkName: "recorder" */ 'rrweb');
          stopFn =
            record({
              emit: (event) => recorder.add(event as RecordedEvent),
              maskAllInputs: true,
              maskInputOptions: { password: true },
              blockClass: BLOCK_CLASS,
              checkoutEveryNth: CHECKOUT_EVERY_N_EVENTS,
              sampling: { mousemove: 100, scroll: 150, input: 'last' },
              recordCanvas: false,
              collectFonts: false,
            }) ?? null;
          return stopFn !== null;
        } catch {
          return false;
        }
      })();
      return starting;
    },
    events: () => [...buffer],
    add(event) {
      buffer = pushEvent(buffer, event, max);
    },
    clear() {
      buffer = [];
    },
    stop() {
      stopFn?.();
      stopFn = null;
      starting = null;
    },
  };
  return recorder;
}

/** The page's one recorder. */
export const sessionRecorder: Recorder = createRecorder();
