/**
 * bootSignedIn.ts, the one script of the prerendered signed-in home page (app.html, issue #9): the
 * copy stays for a visitor with a stored session and the app's scripts run once it has been shown;
 * without a stored session the copy goes at once and the scripts run straight away.
 */
import { SESSION_STORAGE_KEY } from '../../../src/common/constants';
import { bootSignedIn, dropCopyWithoutSession } from '../../../src/client/bootSignedIn';

const COPY = '<div data-prerendered=""><main><h1>Welcome!</h1></main></div>';

/** A storage holding `session` under the session key (or nothing), set up when it is first asked for. */
function storageWith(session: string | null): () => Storage {
  return () => {
    window.localStorage.clear();
    if (session !== null) window.localStorage.setItem(SESSION_STORAGE_KEY, session);
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

describe('dropCopyWithoutSession', () => {
  it.each<[string, string, () => Storage, boolean]>([
    ['a copy and a stored session', COPY, storageWith('{"token":"t"}'), false],
    ['a copy and no stored session', COPY, storageWith(null), true],
    ['a copy and an empty stored session', COPY, storageWith(''), true],
    ['a copy and storage refused', COPY, refused, true],
    ['no copy (the app has rendered)', '<div><main><h1>Welcome back, Maya!</h1></main></div>', storageWith(null), false],
    ['an empty #root', '', storageWith(null), false],
  ])('%s → dropped: %p', (_case, rootHtml, storage, dropped) => {
    document.body.innerHTML = `<div id="root">${rootHtml}</div>`;
    expect(dropCopyWithoutSession(document, storage)).toBe(dropped);
    expect(document.getElementById('root')!.innerHTML).toBe(dropped ? '' : rootHtml);
  });

  it('does nothing on a page without #root', () => {
    expect(dropCopyWithoutSession(document, storageWith(null))).toBe(false);
  });
});

describe('bootSignedIn', () => {
  const script = () => {
    const element = document.createElement('script');
    element.setAttribute('data-scripts', '/assets/runtime.1.js /assets/main.2.js');
    return element;
  };
  const appended = () => [...document.head.querySelectorAll('script')].map((s) => new URL(s.src).pathname);

  it('keeps the copy for a stored session and runs the scripts once the page has been shown', () => {
    document.body.innerHTML = `<div id="root">${COPY}</div>`;
    const whenShown = jest.fn<void, [() => void]>();
    bootSignedIn(script(), document, storageWith('{"token":"t"}'), whenShown);
    expect(document.getElementById('root')!.innerHTML).toBe(COPY);
    expect(appended()).toEqual([]);
    expect(whenShown).toHaveBeenCalledTimes(1);
    whenShown.mock.calls[0]![0]();
    expect(appended()).toEqual(['/assets/runtime.1.js', '/assets/main.2.js']);
  });

  it('without a stored session drops the copy and runs the scripts at once', () => {
    document.body.innerHTML = `<div id="root">${COPY}</div>`;
    const whenShown = jest.fn();
    bootSignedIn(script(), document, storageWith(null), whenShown);
    expect(document.getElementById('root')!.innerHTML).toBe('');
    expect(appended()).toEqual(['/assets/runtime.1.js', '/assets/main.2.js']);
    expect(whenShown).not.toHaveBeenCalled();
  });
});
