/**
 * Self-hosted session recording (SPEC §9 queue 1000): rrweb records the page into an in-memory ring
 * buffer, in one of two ways the support saga chooses (sagas.ts `followRecorder`):
 *  - `tick`: from when the student ticks "Attach a recording of my screen" (signed out, or where the
 *    school turned the minute before a request off); unticked, it stops and the buffer is emptied.
 *  - `buffer`: while a signed-in student works, the last minute of the page (HELP_BUFFER: a fresh
 *    snapshot every 30 s, whole segments dropped once the rest still spans the minute). Opening Get
 *    Help marks the moment and holds what came before (`markOpened`) until the request is sent
 *    (`restart`) or the panel is closed (`release`).
 * NOTHING leaves the browser here: the saga reads the buffer when a ticket with the box ticked is
 * sent and uploads it to our server. A session's end stops the recorder and empties the buffer.
 *
 * Privacy (the students are minors): every input value is masked (`maskAllInputs`), password fields
 * explicitly too, and elements with the class `cw-no-record` are blocked out entirely. Errors the app
 * logs meanwhile are marked in the recording by their redacted message and route path only
 * (recording/errorMarks.ts).
 * rrweb and fflate come in the `recorder` chunk, fetched only when recording first starts.
 */
import type * as Fflate from 'fflate';
import type { record } from 'rrweb';
import { HELP_BUFFER, HELP_OPENED_TAG, pushEvent, RECORDING_LIMITS, RRWEB_CUSTOM_EVENT, trimToWindow } from '../../../../common/support';
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
  timestamp: number;
  event?: RecordedEvent;
  packed?: string;
}

/** rrweb's record, with the functions it carries (custom events). */
type RrwebRecord = typeof record;

/** fflate's functions the buffer uses; loaded with rrweb (no event arrives before rrweb runs). */
export type Codec = Pick<typeof Fflate, 'zlibSync' | 'decompressSync' | 'strFromU8' | 'strToU8'>;

const isErrorMark = (entry: BufferedEvent) => entry.type === RRWEB_CUSTOM_EVENT && (entry.event?.data as { tag?: unknown } | undefined)?.tag === ERROR_MARK_TAG;

export function packEvent(event: RecordedEvent, codec: Codec | null): BufferedEvent {
  const { type, timestamp } = event;
  if (!codec) return { type, timestamp, event };
  const json = JSON.stringify(event);
  if (json.length < PACK_FROM_CHARS) return { type, timestamp, event };
  return { type, timestamp, packed: codec.strFromU8(codec.zlibSync(codec.strToU8(json), { level: 6 }), true) };
}

/** A packed entry exists only once the codec is loaded. */
export function unpackEvent(entry: BufferedEvent, codec: Codec | null): RecordedEvent {
  if (entry.event || !codec) return entry.event!;
  return JSON.parse(codec.strFromU8(codec.decompressSync(codec.strToU8(entry.packed ?? '', true)))) as RecordedEvent;
}

/** rrweb takes a fresh snapshot every this many events, so the ring buffer always holds one. */
export const CHECKOUT_EVERY_N_EVENTS = 300;

export type RecorderMode = 'off' | 'tick' | 'buffer';

export interface Recorder {
  /**
   * Loads rrweb and starts recording (once) in `mode` (default `tick`); resolves false when recording
   * cannot run here or was stopped meanwhile.
   */
  start(mode?: Exclude<RecorderMode, 'off'>): Promise<boolean>;
  /** How it records now: `off` once stopped (a start still loading counts as its mode). */
  mode(): RecorderMode;
  /** Buffering: marks that Get Help opened and keeps everything from the minute before it on (the count cap still holds). */
  markOpened(): void;
  /** Buffering: the panel closed unsent: back to keeping the last minute only. */
  release(): void;
  /** Buffering: a request was sent: forgets everything and starts a fresh segment. */
  restart(): void;
  /** A copy of the buffer: at most RECORDING_LIMITS.queue events, starting at a snapshot. */
  events(): RecordedEvent[];
  add(event: RecordedEvent): void;
  /** Marks an error in the recording (redacted; at most ERROR_MARK_LIMITS.perRecording); nothing when not recording. */
  logError(message: string): void;
  clear(): void;
  /** Stops recording (also one still loading rrweb); the buffer stays until clear(). */
  stop(): void;
}

/**
 * When buffering may begin: at the student's first input, then an idle moment (docs/performance.md):
 * loading rrweb and its first snapshot are a long task that must not land in the page's start-up.
 */
export function firstInputThenIdle(target: Window = window): Promise<void> {
  return new Promise((resolve) => {
    const inputs = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    const go = () => {
      for (const input of inputs) target.removeEventListener(input, go, true);
      if (typeof target.requestIdleCallback === 'function') target.requestIdleCallback(() => resolve(), { timeout: 2000 });
      else target.setTimeout(resolve, 200);
    };
    for (const input of inputs) target.addEventListener(input, go, { capture: true, passive: true });
  });
}

/**
 * `preloadedCodec`: tests give fflate here; the page's recorder loads it with rrweb in start().
 * `bufferFrom`: what buffering waits for before it loads rrweb (tests: nothing).
 */
export function createRecorder(max: number = RECORDING_LIMITS.queue, preloadedCodec: Codec | null = null, bufferFrom: () => Promise<void> = firstInputThenIdle): Recorder {
  let buffer: readonly BufferedEvent[] = [];
  let mode: RecorderMode = 'off';
  // Get Help is open (buffering): what came before the opening is kept, not trimmed to the minute
  let held = false;
  let codec: Codec | null = preloadedCodec;
  let rrweb: RrwebRecord | null = null;
  let stopFn: (() => void) | null = null;
  let unwatchErrors: (() => void) | null = null;
  let errorMarks = 0;
  let starting: Promise<boolean> | null = null;
  // bumped by stop(): a start still loading rrweb when the box was unticked must not begin recording
  let generation = 0;

  /**
   * (Re)starts rrweb, which begins with a fresh snapshot. Keeping the minute (`trim`), a snapshot every
   * 30 s lets whole segments go; otherwise (from a tick, or Get Help open with the minute held) one
   * every CHECKOUT_EVERY_N_EVENTS, as a recording always had: no snapshot every 30 s for as long as
   * the form stays open (each one is the page's whole DOM and CSS, and the size limit would then cut
   * the minute before the opening first).
   */
  const begin = (trim: boolean): boolean => {
    stopFn?.();
    stopFn = null;
    if (!rrweb) return false;
    stopFn =
      rrweb({
        emit: (event) => recorder.add(event as RecordedEvent),
        maskAllInputs: true,
        maskInputOptions: { password: true },
        blockClass: RECORDING_BLOCK_CLASS,
        maskTextClass: RECORDING_MASK_CLASS,
        ...(trim ? { checkoutEveryNms: HELP_BUFFER.checkoutEveryMs } : { checkoutEveryNth: CHECKOUT_EVERY_N_EVENTS }),
        sampling: { mousemove: 100, scroll: 150, input: 'last' },
        recordCanvas: false,
        collectFonts: false,
      }) ?? null;
    return stopFn !== null;
  };

  const customEvent = (tag: string, payload: unknown): boolean => {
    if (!stopFn || !rrweb) return false;
    try {
      rrweb.addCustomEvent(tag, payload);
      return true;
    } catch {
      // rrweb stopping meanwhile: the mark is lost (the error itself was handled elsewhere; a lost
      // opening replays from the start)
      return false;
    }
  };

  const recorder: Recorder = {
    start(wanted = 'tick') {
      if (starting) return starting;
      const mine = generation;
      mode = wanted;
      starting = (async () => {
        try {
          if (wanted === 'buffer') await bufferFrom();
          if (mine !== generation) return false;
          const [loaded, fflate] = await Promise.all([
            import(/* webpackChunkName: "recorder" */ 'rrweb'),
            import(/* webpackChunkName: "recorder" */ 'fflate'),
          ]);
          codec = fflate;
          if (mine !== generation) return false;
          rrweb = loaded.record;
          if (!begin(wanted === 'buffer' && !held)) return false;
          // Get Help opened before the recording could begin (that click was the first input)
          if (held) customEvent(HELP_OPENED_TAG, {});
          unwatchErrors = watchClientErrors((message) => recorder.logError(message));
          return true;
        } catch {
          return false;
        }
      })();
      return starting;
    },
    mode: () => mode,
    events: () => buffer.map((entry) => unpackEvent(entry, codec)),
    add(event) {
      buffer = pushEvent(buffer, packEvent(event, codec), max);
      if (mode === 'buffer' && !held) {
        const before = buffer.length;
        buffer = trimToWindow(buffer);
        // the marks that went with the dropped segments no longer count against the cap
        if (buffer.length !== before) errorMarks = buffer.filter(isErrorMark).length;
      }
    },
    markOpened() {
      if (mode !== 'buffer' || held) return;
      held = true;
      // rrweb not running yet (it waits for the first input): start() marks the opening
      if (!stopFn) return;
      begin(false);
      customEvent(HELP_OPENED_TAG, {});
    },
    release() {
      if (mode !== 'buffer' || !held) return;
      held = false;
      if (stopFn) begin(true);
    },
    restart() {
      recorder.clear();
      held = false;
      if (mode === 'buffer' && stopFn) begin(true);
    },
    logError(message) {
      if (errorMarks >= ERROR_MARK_LIMITS.perRecording) return;
      if (customEvent(ERROR_MARK_TAG, errorMarkPayload(message, window.location.href, currentFieldValues()))) errorMarks += 1;
    },
    clear() {
      buffer = [];
      errorMarks = 0;
    },
    stop() {
      generation += 1;
      mode = 'off';
      held = false;
      unwatchErrors?.();
      unwatchErrors = null;
      stopFn?.();
      stopFn = null;
      starting = null;
    },
  };
  return recorder;
}

/** The page's one recorder. */
export const sessionRecorder: Recorder = createRecorder();
