/**
 * bootSteps.ts, what the one script of a prerendered page does (boot.ts, bootSignedIn.ts):
 * it runs the app's scripts, in order and once, after the browser has shown the page.
 */
import { afterFirstPaint, loadScriptsOnce, PAINT_TIMEOUT_MS, scriptsToLoad } from '../../../../src/client/renderAhead/bootSteps';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  jest.useRealTimers();
});

describe('scriptsToLoad', () => {
  const script = (value: string | null) => {
    const element = document.createElement('script');
    if (value !== null) element.setAttribute('data-scripts', value);
    return element;
  };
  it.each<[string | null, string[]]>([
    ['/assets/runtime.1.js /assets/vendor.2.js /assets/main.3.js', ['/assets/runtime.1.js', '/assets/vendor.2.js', '/assets/main.3.js']],
    ['  /a.js\n\t/b.js  ', ['/a.js', '/b.js']],
    ['', []],
    [null, []],
  ])('data-scripts %p → %p', (value, expected) => {
    expect(scriptsToLoad(script(value))).toEqual(expected);
  });
  it('reads nothing without a script element', () => {
    expect(scriptsToLoad(null)).toEqual([]);
  });
});

describe('loadScriptsOnce', () => {
  it('appends the scripts to <head> in order, executed in order (async = false), and only the first time', () => {
    const load = loadScriptsOnce(['/assets/runtime.1.js', '/assets/vendor.2.js', '/assets/main.3.js']);
    load();
    load();
    const scripts = [...document.head.querySelectorAll('script')];
    expect(scripts.map((s) => new URL(s.src).pathname)).toEqual(['/assets/runtime.1.js', '/assets/vendor.2.js', '/assets/main.3.js']);
    expect(scripts.every((s) => s.async === false)).toBe(true);
  });
});

describe('afterFirstPaint', () => {
  type Callback = (list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void;

  /** A window whose PerformanceObserver reports the paint entries the test hands it. */
  function fakeWindow(supported: string[] | undefined) {
    const observers: { callback: Callback; disconnected: boolean; options?: unknown }[] = [];
    class FakeObserver {
      static supportedEntryTypes = supported;
      private readonly record: (typeof observers)[number];
      constructor(callback: Callback) {
        this.record = { callback, disconnected: false };
        observers.push(this.record);
      }
      observe(options: unknown) {
        this.record.options = options;
      }
      disconnect() {
        this.record.disconnected = true;
      }
    }
    const win = { PerformanceObserver: supported === undefined ? undefined : FakeObserver, setTimeout: window.setTimeout.bind(window) };
    const paint = (...names: string[]) => {
      for (const o of observers) {
        if (o.disconnected) continue;
        o.callback({ getEntriesByName: (name) => names.filter((n) => n === name) }, { disconnect: () => (o.disconnected = true) });
      }
    };
    return { win: win as unknown as Window & typeof globalThis, observers, paint };
  }

  function visible(state: DocumentVisibilityState): Document {
    return { visibilityState: state } as Document;
  }

  it('loads just after the first contentful paint is reported, once', () => {
    jest.useFakeTimers();
    const { win, observers, paint } = fakeWindow(['paint', 'largest-contentful-paint']);
    const load = jest.fn();
    afterFirstPaint(load, visible('visible'), win);
    expect(observers[0]!.options).toEqual({ type: 'paint', buffered: true });
    paint('first-paint');
    jest.advanceTimersByTime(0);
    expect(load).not.toHaveBeenCalled();
    paint('first-paint', 'first-contentful-paint');
    expect(load).not.toHaveBeenCalled(); // in a task of its own, after the paint's
    jest.advanceTimersByTime(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('loads after PAINT_TIMEOUT_MS when the page is never shown', () => {
    jest.useFakeTimers();
    const { win } = fakeWindow(['paint']);
    const load = jest.fn();
    afterFirstPaint(load, visible('visible'), win);
    jest.advanceTimersByTime(PAINT_TIMEOUT_MS - 1);
    expect(load).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(load).toHaveBeenCalled();
  });

  it.each<[string, DocumentVisibilityState, string[] | undefined]>([
    ['a hidden page (background tab)', 'hidden', ['paint']],
    ['a browser without PerformanceObserver', 'visible', undefined],
    ['a browser without paint timing', 'visible', ['mark', 'measure']],
  ])('loads at once for %s', (_case, state, supported) => {
    const { win } = fakeWindow(supported);
    const load = jest.fn();
    afterFirstPaint(load, visible(state), win);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
