/**
 * Self-hosted session recording (SPEC §9 queue 1000): rrweb records the page into an in-memory ring
 * buffer. It runs only while the student has ticked "Attach a recording of my screen" in a support
 * form (the support saga starts and stops it), and NOTHING leaves the browser here: the saga reads
 * the buffer when that ticket is sent and uploads it to our server. Unticked, signed out or sent,
 * the recorder stops and the buffer is emptied.
 *
 * Privacy (the students are minors): every input value is masked (`maskAllInputs`), password fields
 * explicitly too, and elements with the class `cw-no-record` are blocked out entirely. Errors the app
 * logs meanwhile are marked in the recording by their redacted message and route path only
 * (recording/errorMarks.ts).
 * rrweb and fflate come in the `recorder` chunk, fetched only when a box is first ticked.
 */
import type * as Fflate from 'fflate';
import { pushEvent, RECORDING_LIMITS } from '../../../../common/support';
import { RECORDING_BLOCK_CLASS, RECORDING_MASK_CLASS } from '../../../ui/recordingPrivacy';
import { watchClientErrors } from '../../../lib/errorLog';
import { currentFieldValues, ERROR_MARK_LIMITS, ERROR_MARK_TAG, errorMarkPayload } from './errorMarks';

export interface RecordedEvent {
  type: number;
  timestamp: number;
  data?: unknown;
}

/**
 * Events whose JSON is at least this long (full snapshots, the mutations of a page change) wait in
 * the buffer deflated; smaller ones (mouse moves, scrolls, inputs) stay as they are. A full snapshot
 * carries the page's whole DOM and its CSS text, and the buffer holds three or four of them: kept as
 * objects they were most of the tab's heap growth over a school day (soak: +15.7 % from 1 h
 * to 8 h); deflated they take about a tenth. Deflating a snapshot takes a few milliseconds, once
 * per CHECKOUT_EVERY_N_EVENTS events; inflating happens only when a ticket includes the recording.
 */
export const PACK_FROM_CHARS = 2048;

/** One buffered event: the event itself, or its JSON deflated into a one-byte (latin1) string. */
export interface BufferedEvent {
  type: number;
  event?: RecordedEvent;
  packed?: string;
}

/** fflate's functions the buffer uses; loaded with rrweb (no event arrives before rrweb runs). */
export type Codec = Pick<typeof Fflate, 'zlibSync' | 'decompressSync' | 'strFromU8' | 'strToU8'>;

export function packEvent(event: RecordedEvent, codec: Codec | null): BufferedEvent {
  if (!codec) return { type: event.type, event };
  const json = JSON.stringify(event);
  if (json.length < PACK_FROM_CHARS) return { type: event.type, event };
  return { type: event.type, packed: codec.strFromU8(codec.zlibSync(codec.strToU8(json), { level: 6 }), true) };
}

/** A packed entry exists only once the codec is loaded. */
export function unpackEvent(entry: BufferedEvent, codec: Codec | null): RecordedEvent {
  if (entry.event || !codec) return entry.event!;
  return JSON.parse(codec.strFromU8(codec.decompressSync(codec.strToU8(entry.packed ?? '', true)))) as RecordedEvent;
}

/** rrweb takes a fresh snapshot every this many events, so the ring buffer always holds one. */
export const CHECKOUT_EVERY_N_EVENTS = 300;

export interface Recorder {
  /** Loads rrweb and starts recording (once); resolves false when recording cannot run here or was stopped meanwhile. */
  start(): Promise<boolean>;
  /** A copy of the buffer: at most RECORDING_LIMITS.queue events, starting at a snapshot. */
  events(): RecordedEvent[];
  add(event: RecordedEvent): void;
  /** Marks an error in the recording (redacted; at most ERROR_MARK_LIMITS.perRecording); nothing when not recording. */
  logError(message: string): void;
  clear(): void;
  /** Stops recording (also one still loading rrweb); the buffer stays until clear(). */
  stop(): void;
}

/** `preloadedCodec`: tests give fflate here; the page's recorder loads it with rrweb in start(). */
export function createRecorder(max: number = RECORDING_LIMITS.queue, preloadedCodec: Codec | null = null): Recorder {
  let buffer: BufferedEvent[] = [];
  let codec: Codec | null = preloadedCodec;
  let stopFn: (() => void) | null = null;
  let addCustomEvent: (<T>(tag: string, payload: T) => void) | null = null;
  let unwatchErrors: (() => void) | null = null;
  let errorMarks = 0;
  let starting: Promise<boolean> | null = null;
  // bumped by stop(): a start still loading rrweb when the box was unticked must not begin recording
  let generation = 0;

  const recorder: Recorder = {
    start() {
      if (starting) return starting;
      const mine = generation;
      starting = (async () => {
        try {
          const [{ record }, fflate] = await Promise.all([
            import(/* webpackChunkName: "recorder" */ 'rrweb'),
            import(/* webpackChunkName: "recorder" */ 'fflate'),
          ]);
          codec = fflate;
          if (mine !== generation) return false;
          stopFn =
            record({
              emit: (event) => recorder.add(event as RecordedEvent),
              maskAllInputs: true,
              maskInputOptions: { password: true },
              blockClass: RECORDING_BLOCK_CLASS,
              maskTextClass: RECORDING_MASK_CLASS,
              checkoutEveryNth: CHECKOUT_EVERY_N_EVENTS,
              sampling: { mousemove: 100, scroll: 150, input: 'last' },
              recordCanvas: false,
              collectFonts: false,
            }) ?? null;
          if (stopFn === null) return false;
          addCustomEvent = record.addCustomEvent;
          unwatchErrors = watchClientErrors((message) => recorder.logError(message));
          return true;
        } catch {
          return false;
        }
      })();
      return starting;
    },
    events: () => buffer.map((entry) => unpackEvent(entry, codec)),
    add(event) {
      buffer = pushEvent(buffer, packEvent(event, codec), max);
    },
    logError(message) {
      if (!stopFn || !addCustomEvent || errorMarks >= ERROR_MARK_LIMITS.perRecording) return;
      errorMarks += 1;
      try {
        addCustomEvent(ERROR_MARK_TAG, errorMarkPayload(message, window.location.href, currentFieldValues()));
      } catch {
        // rrweb stopping meanwhile: the mark is lost, the error itself was already handled elsewhere
      }
    },
    clear() {
      buffer = [];
      errorMarks = 0;
    },
    stop() {
      generation += 1;
      unwatchErrors?.();
      unwatchErrors = null;
      stopFn?.();
      stopFn = null;
      addCustomEvent = null;
      starting = null;
    },
  };
  return recorder;
}

/** The page's one recorder. */
export const sessionRecorder: Recorder = createRecorder();
