/**
 * renderAhead/prerendering.ts: how the app knows a copy in #root, and what it does to a student's page the
 * server rendered for them before hydrating it (main.tsx; TBT): the buttons the boot
 * script disabled are as the server rendered them again, the others stay as they were; after the
 * first commit the page is no longer a copy.
 */
import {
  COPY_DISABLED_ATTRIBUTE,
  enableCopyButtons,
  forgetCopy,
  prerenderedCopyShown,
  PRERENDERED_ATTRIBUTE,
  STUDENT_PAGE,
} from '../../../../src/client/renderAhead/prerendering';
import { disableCopyButtons } from '../../../../src/client/renderAhead/bootSignedIn';

afterEach(() => {
  document.body.innerHTML = '';
});

function rootWith(html: string): HTMLElement {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  return document.getElementById('root')!;
}

describe('prerenderedCopyShown', () => {
  it.each([
    ['a student\'s page', `<div ${PRERENDERED_ATTRIBUTE}="${STUDENT_PAGE}"></div>`, true],
    ['a shell whose page is rendered ahead', `<div ${PRERENDERED_ATTRIBUTE}="page-ahead"></div>`, true],
    ['a plain copy', `<div ${PRERENDERED_ATTRIBUTE}=""></div>`, true],
    ['the app\'s own page', '<div></div>', false],
    ['an empty root', '', false],
  ])('%s', (_, html, copy) => {
    rootWith(html);
    expect(prerenderedCopyShown()).toBe(copy);
  });
});

describe('enableCopyButtons', () => {
  it('gives back the buttons the boot script disabled, and leaves a button the page itself disabled', () => {
    const root = rootWith(
      `<div ${PRERENDERED_ATTRIBUTE}="${STUDENT_PAGE}"><button type="button">Bookmark</button><button type="button" disabled="">Next</button></div>`,
    );
    const asServed = root.innerHTML;
    disableCopyButtons(root);
    expect([...root.querySelectorAll('button')].map((button) => button.disabled)).toEqual([true, true]);
    expect(root.querySelectorAll(`[${COPY_DISABLED_ATTRIBUTE}]`)).toHaveLength(1);
    enableCopyButtons(root);
    // exactly the markup the server rendered, which the app's hydration expects
    expect(root.innerHTML).toBe(asServed);
  });
});

describe('forgetCopy', () => {
  it('unmarks the first element of #root (a hydrated page keeps its element), and does nothing without one', () => {
    const root = rootWith(`<div ${PRERENDERED_ATTRIBUTE}="${STUDENT_PAGE}"><h1>Catalog</h1></div>`);
    const element = root.firstElementChild;
    forgetCopy();
    expect(root.firstElementChild).toBe(element);
    expect(prerenderedCopyShown()).toBe(false);
    rootWith('');
    expect(() => forgetCopy()).not.toThrow();
  });
});
