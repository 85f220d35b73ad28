/**
 * bootSignedIn.ts, the one script of the prerendered signed-in pages: the copy stays for
 * a visitor with a usable stored session and the app's scripts run once it has been shown; without
 * one (none, expired, idle) the copy goes at once and the scripts run straight away. On a shell whose page the server
 * renders (PAGE_AHEAD), a usable session asks for the student's page, which takes the shell's place
 * before the scripts run; an unusable one (expired, idle: a shared computer's next student) asks
 * for nothing.
 */
import { APP_KEY_STORAGE_KEY, DEFAULT_APP_KEY, LAST_ACTIVITY_STORAGE_KEY, SESSION, SESSION_STORAGE_KEY } from '../../../../src/common/constants';
import type { RenderedPage } from '../../../../src/common/renderAhead/renderedPage';
import { PAGE_ANSWERS_GLOBAL } from '../../../../src/client/renderAhead/pageData';
import {
  afterPagePaint,
  bootSignedIn,
  dropCopyWithoutSession,
  fetchRenderedPage,
  PAGE_PAINT_WAIT_MS,
  PAGE_WAIT_MS,
  pageRequestCredentials,
  showRenderedPage,
} from '../../../../src/client/renderAhead/bootSignedIn';
import { tokenWith } from '../features/harness';

const NOW = Date.UTC(2026, 10, 23, 12);
const live = tokenWith({ exp: NOW / 1000 + 3600 });
const expired = tokenWith({ exp: NOW / 1000 - 1 });
const COPY = '<div data-prerendered=""><main><h1>Welcome!</h1></main></div>';

/** A storage holding `session` under the session key (or nothing), set up when it is first asked for. */
function storageWith(session: string | null): () => Storage {
  return () => {
    window.localStorage.clear();
    if (session !== null) window.localStorage.setItem(SESSION_STORAGE_KEY, session);
    return window.localStorage;
  };
}

/** A storage with a session (token) and, when given, the last activity and app key. */
function sessionStorageWith(token: string | null, lastActivity?: number, appKey?: string): () => Storage {
  return () => {
    window.localStorage.clear();
    if (token !== null) window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token, user: { id: 1 }, clients: [], permissions: [] }));
    if (lastActivity !== undefined) window.localStorage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(lastActivity));
    if (appKey !== undefined) window.localStorage.setItem(APP_KEY_STORAGE_KEY, appKey);
    return window.localStorage;
  };
}

const refused: () => Storage = () => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  window.localStorage.clear();
});

describe('dropCopyWithoutSession: the copy stays only for a usable stored session', () => {
  it.each<[string, string, () => Storage, boolean]>([
    ['a copy and a live session, active a minute ago', COPY, sessionStorageWith(live, NOW - 60_000), false],
    ['a copy and a live session with no recorded activity', COPY, sessionStorageWith(live), false],
    ['a copy and no stored session', COPY, storageWith(null), true],
    ['a copy and an empty stored session', COPY, storageWith(''), true],
    ['a copy and a stored session that is not one', COPY, storageWith('{"token":"t"}'), true],
    ['a copy and an expired token', COPY, sessionStorageWith(expired, NOW), true],
    ['a copy and a session idle for over 30 minutes (the next student on a shared computer)', COPY, sessionStorageWith(live, NOW - SESSION.inactivityLogoutMs - 1), true],
    ['a copy and storage refused', COPY, refused, true],
    ['no copy (the app has rendered)', '<div><main><h1>Welcome back, Maya!</h1></main></div>', storageWith(null), false],
    ['an empty #root', '', storageWith(null), false],
  ])('%s → dropped: %p', (_case, rootHtml, storage, dropped) => {
    document.body.innerHTML = `<div id="root">${rootHtml}</div>`;
    expect(dropCopyWithoutSession(document, pageRequestCredentials(storage, NOW))).toBe(dropped);
    expect(document.getElementById('root')!.innerHTML).toBe(dropped ? '' : rootHtml);
  });

  it('does nothing on a page without #root', () => {
    expect(dropCopyWithoutSession(document, pageRequestCredentials(storageWith(null), NOW))).toBe(false);
  });
});

/** The boot script's element, naming the app's scripts it is to load. */
function scriptLoading(scripts: string): HTMLScriptElement {
  const element = document.createElement('script');
  element.setAttribute('data-scripts', scripts);
  return element;
}
/** The scripts appended to the document so far. */
const appended = () => [...document.head.querySelectorAll('script')].map((s) => new URL(s.src).pathname);

describe('bootSignedIn', () => {
  const script = () => scriptLoading('/assets/runtime.1.js /assets/main.2.js');

  it('keeps the copy for a stored session, its buttons disabled, and runs the scripts once the page has been shown', () => {
    const copy = '<div data-prerendered=""><header><button type="button">Account menu</button></header><main><h1>Welcome!</h1><a href="/app/catalog">Catalog</a></main></div>';
    document.body.innerHTML = `<div id="root">${copy}</div>`;
    const whenShown = jest.fn<void, [() => void]>();
    bootSignedIn(script(), document, sessionStorageWith(live, NOW - 60_000), { whenShown, now: () => NOW });
    expect(document.getElementById('root')!.innerHTML).toBe(copy.replace('<button type="button">', '<button type="button" disabled="" data-copy-disabled="">'));
    expect(appended()).toEqual([]);
    expect(whenShown).toHaveBeenCalledTimes(1);
    whenShown.mock.calls[0]![0]();
    expect(appended()).toEqual(['/assets/runtime.1.js', '/assets/main.2.js']);
  });

  it.each<[string, () => Storage]>([
    ['without a stored session', storageWith(null)],
    ['with a session idle for over 30 minutes', sessionStorageWith(live, NOW - SESSION.inactivityLogoutMs - 1)],
    ['with an expired token', sessionStorageWith(expired, NOW)],
  ])('%s drops the copy and runs the scripts at once', (_case, storage) => {
    document.body.innerHTML = `<div id="root">${COPY}</div>`;
    const whenShown = jest.fn();
    bootSignedIn(script(), document, storage, { whenShown, now: () => NOW });
    expect(document.getElementById('root')!.innerHTML).toBe('');
    expect(appended()).toEqual(['/assets/runtime.1.js', '/assets/main.2.js']);
    expect(whenShown).not.toHaveBeenCalled();
  });
});

// ------------------------------------------------------------------ the student's page ahead of the app

const AHEAD_COPY = '<div data-prerendered="page-ahead"><main><h1>Loading page</h1></main></div>';
const PAGE: RenderedPage = {
  path: '/app/catalog',
  title: 'Catalog - Cashwise',
  styles: '<style data-emotion="css abc">.css-abc{color:red}</style>',
  html: '<div data-prerendered=""><main><h1>Catalog</h1><h2>Saving Basics</h2><a href="/app/catalog/saving-basics">Open</a><button type="button">Bookmark</button></main></div>',
  answers: [{ path: '/catalog', data: [{ slug: 'saving-basics' }] }],
};

describe('pageRequestCredentials: only a usable session asks for a page', () => {
  it.each<[string, () => Storage, { token: string; appKey: string } | null]>([
    ['a live session, active a minute ago', sessionStorageWith(live, NOW - 60_000), { token: live, appKey: DEFAULT_APP_KEY }],
    ['a live session with no recorded activity', sessionStorageWith(live), { token: live, appKey: DEFAULT_APP_KEY }],
    ['a live session and a stored app key', sessionStorageWith(live, NOW, 'cashwise-kiosk'), { token: live, appKey: 'cashwise-kiosk' }],
    ['a session idle for over 30 minutes (the next student on a shared computer)', sessionStorageWith(live, NOW - SESSION.inactivityLogoutMs - 1), null],
    ['an expired token', sessionStorageWith(expired, NOW), null],
    ['a token that is not a token', sessionStorageWith('not-a-jwt', NOW), null],
    ['no session', sessionStorageWith(null), null],
    ['storage refused', refused, null],
  ])('%s → %p', (_case, storage, expected) => {
    expect(pageRequestCredentials(storage, NOW)).toEqual(expected);
  });
});

describe('fetchRenderedPage', () => {
  const credentials = { token: live, appKey: DEFAULT_APP_KEY };
  const answer = (status: number, body: unknown): typeof fetch =>
    jest.fn(async () => ({ status, json: async () => body }) as Response);

  it('asks GET /api/page for the address with the session and app key, and returns the page', async () => {
    const fetchImpl = answer(200, PAGE);
    const signal = new AbortController().signal;
    await expect(fetchRenderedPage('/app/catalog', credentials, signal, fetchImpl)).resolves.toEqual(PAGE);
    expect(fetchImpl).toHaveBeenCalledWith('/api/page?path=%2Fapp%2Fcatalog', {
      headers: { Accept: 'application/json', Authorization: `Bearer ${live}`, 'x-app-key': DEFAULT_APP_KEY },
      credentials: 'same-origin',
      signal,
    });
  });

  it.each<[string, typeof fetch]>([
    ['204: nothing to render ahead', answer(204, null)],
    ['401: the session is not live', answer(401, { message: 'Your session is not valid.' })],
    ['500', answer(500, { message: 'Something went wrong' })],
    ['a 200 of another shape', answer(200, { html: 3 })],
    ['a 200 for another address', answer(200, { ...PAGE, path: '/app/profile' })],
    ['a body that is not JSON', jest.fn(async () => ({ status: 200, json: async () => Promise.reject(new SyntaxError('Unexpected token')) }) as unknown as Response)],
    ['no network', jest.fn(async () => Promise.reject(new TypeError('Failed to fetch')))],
  ])('returns null for %s', async (_case, fetchImpl) => {
    await expect(fetchRenderedPage('/app/catalog', credentials, new AbortController().signal, fetchImpl)).resolves.toBeNull();
  });
});

describe('showRenderedPage', () => {
  it("puts the page in place of the shell's copy, with its styles and title, and leaves its answers for the app", () => {
    document.body.innerHTML = `<div id="root">${AHEAD_COPY}</div>`;
    const holder = {};
    expect(showRenderedPage(document, PAGE, holder)).toBe(true);
    expect(document.getElementById('root')!.innerHTML).toBe(PAGE.html.replace('<button type="button">', '<button type="button" disabled="" data-copy-disabled="">'));
    // until the app runs its buttons take no click (its links work as links)
    expect(document.querySelector('button')!.disabled).toBe(true);
    expect(document.querySelector('a')!.getAttribute('href')).toBe('/app/catalog/saving-basics');
    expect(document.head.innerHTML).toContain(PAGE.styles);
    expect(document.title).toBe('Catalog - Cashwise');
    expect(holder).toEqual({ [PAGE_ANSWERS_GLOBAL]: { path: '/app/catalog', answers: PAGE.answers } });
  });

  it.each([
    ['a copy the server does not render ahead', '<div data-prerendered=""><main></main></div>'],
    ['the app (it has rendered already)', '<div><main><h1>Catalog</h1></main></div>'],
  ])('leaves %s alone', (_case, rootHtml) => {
    document.body.innerHTML = `<div id="root">${rootHtml}</div>`;
    const holder = {};
    expect(showRenderedPage(document, PAGE, holder)).toBe(false);
    expect(document.getElementById('root')!.innerHTML).toBe(rootHtml);
    expect(holder).toEqual({});
  });
});

describe('bootSignedIn with a page ahead', () => {
  const script = () => scriptLoading('/assets/main.2.js');
  /** A page answer the test hands out when it likes. */
  function deferredPage() {
    let resolve: (page: RenderedPage | null) => void = () => undefined;
    const promise = new Promise<RenderedPage | null>((r) => {
      resolve = r;
    });
    const askForPage = jest.fn<Promise<RenderedPage | null>, [string, { token: string; appKey: string }, AbortSignal]>(() => promise);
    return { askForPage, resolve };
  }
  const flush = async () => {
    await Promise.resolve();
    await Promise.resolve();
  };

  beforeEach(() => {
    jest.useFakeTimers();
    window.history.replaceState(null, '', '/app/catalog');
    document.body.innerHTML = `<div id="root">${AHEAD_COPY}</div>`;
  });
  afterEach(() => {
    jest.useRealTimers();
    delete (window as unknown as Record<string, unknown>)[PAGE_ANSWERS_GLOBAL];
  });

  it('shows the page, then runs the scripts once it is painted and the shell was shown', async () => {
    const { askForPage, resolve } = deferredPage();
    const whenShown = jest.fn<void, [() => void]>();
    const afterPaint = jest.fn<void, [() => void]>();
    bootSignedIn(script(), document, sessionStorageWith(live, NOW), { whenShown, askForPage, afterPaint, now: () => NOW });
    expect(askForPage).toHaveBeenCalledWith('/app/catalog', { token: live, appKey: DEFAULT_APP_KEY }, expect.any(AbortSignal));
    whenShown.mock.calls[0]![0](); // the shell was painted: the page is not in yet, nothing runs
    expect(appended()).toEqual([]);
    resolve(PAGE);
    await flush();
    expect(document.querySelector('h2')!.textContent).toBe('Saving Basics');
    expect(appended()).toEqual([]);
    afterPaint.mock.calls[0]![0]();
    expect(appended()).toEqual(['/assets/main.2.js']);
  });

  it('runs the scripts as before when there is no page to show', async () => {
    const { askForPage, resolve } = deferredPage();
    const whenShown = jest.fn<void, [() => void]>();
    bootSignedIn(script(), document, sessionStorageWith(live, NOW), { whenShown, askForPage, afterPaint: jest.fn(), now: () => NOW });
    resolve(null);
    await flush();
    expect(appended()).toEqual([]);
    whenShown.mock.calls[0]![0]();
    expect(appended()).toEqual(['/assets/main.2.js']);
    expect(document.getElementById('root')!.innerHTML).toBe(AHEAD_COPY);
  });

  it(`gives up on a page that takes over ${PAGE_WAIT_MS} ms: the scripts run, and the page is dropped when it comes`, async () => {
    const { askForPage, resolve } = deferredPage();
    const whenShown = jest.fn<void, [() => void]>();
    bootSignedIn(script(), document, sessionStorageWith(live, NOW), { whenShown, askForPage, afterPaint: jest.fn(), now: () => NOW });
    whenShown.mock.calls[0]![0]();
    const signal = askForPage.mock.calls[0]![2];
    jest.advanceTimersByTime(PAGE_WAIT_MS - 1);
    expect(appended()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(appended()).toEqual(['/assets/main.2.js']);
    expect(signal.aborted).toBe(true);
    resolve(PAGE);
    await flush();
    expect(document.getElementById('root')!.innerHTML).toBe(AHEAD_COPY);
    expect(PAGE_ANSWERS_GLOBAL in window).toBe(false);
  });

  it.each([
    ['an idle session', sessionStorageWith(live, NOW - SESSION.inactivityLogoutMs - 1)],
    ['an expired session', sessionStorageWith(expired, NOW)],
  ])('asks for nothing with %s: the shell goes and the scripts run at once (the app sends them to sign in)', (_case, storage) => {
    const { askForPage } = deferredPage();
    const whenShown = jest.fn<void, [() => void]>();
    bootSignedIn(script(), document, storage, { whenShown, askForPage, now: () => NOW });
    expect(askForPage).not.toHaveBeenCalled();
    expect(document.getElementById('root')!.innerHTML).toBe('');
    expect(appended()).toEqual(['/assets/main.2.js']);
    expect(whenShown).not.toHaveBeenCalled();
  });

  it('asks for nothing on a copy the server does not render ahead', () => {
    document.body.innerHTML = `<div id="root">${COPY}</div>`;
    const { askForPage } = deferredPage();
    const whenShown = jest.fn<void, [() => void]>();
    bootSignedIn(script(), document, sessionStorageWith(live, NOW), { whenShown, askForPage, now: () => NOW });
    expect(askForPage).not.toHaveBeenCalled();
    expect(whenShown).toHaveBeenCalledTimes(1);
  });
});

describe('afterPagePaint', () => {
  /** A window whose paint entries the test hands out, with its own timers. */
  function fakeWindow(supportsLcp = true) {
    let report: ((entries: { getEntries(): { startTime: number }[] }) => void) | undefined;
    const disconnect = jest.fn();
    const timers: (() => void)[] = [];
    const win = {
      performance: { now: () => 100 },
      setTimeout: (fn: () => void) => timers.push(fn),
      PerformanceObserver: Object.assign(
        function PerformanceObserver(this: object, callback: typeof report) {
          report = callback;
          return { observe: jest.fn(), disconnect };
        },
        { supportedEntryTypes: supportsLcp ? ['paint', 'largest-contentful-paint'] : ['paint'] },
      ),
    } as unknown as Window & typeof globalThis;
    const paint = (...startTimes: number[]) => report?.({ getEntries: () => startTimes.map((startTime) => ({ startTime })) });
    return { win, paint, disconnect, timers };
  }

  it('calls back once a largest-contentful-paint after the page was put in is reported, once', () => {
    const { win, paint, disconnect, timers } = fakeWindow();
    const done = jest.fn();
    afterPagePaint(done, win);
    paint(40); // the shell's paint, before the page: not it
    expect(timers).toHaveLength(1); // only the limit
    paint(120);
    timers.forEach((fn) => fn());
    expect(done).toHaveBeenCalledTimes(1);
    expect(disconnect).toHaveBeenCalled();
  });

  it(`calls back after ${PAGE_PAINT_WAIT_MS} ms when no such paint is reported (the page is not larger than the shell)`, () => {
    const { win, disconnect, timers } = fakeWindow();
    const done = jest.fn();
    afterPagePaint(done, win);
    timers[0]!();
    expect(done).toHaveBeenCalledTimes(1);
    expect(disconnect).toHaveBeenCalled();
  });

  it('waits only for the limit in a browser without largest-contentful-paint entries', () => {
    const { win, timers } = fakeWindow(false);
    const done = jest.fn();
    afterPagePaint(done, win);
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(done).toHaveBeenCalledTimes(1);
  });
});
