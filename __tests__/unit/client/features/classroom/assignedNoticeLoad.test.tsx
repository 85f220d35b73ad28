/**
 * The classroom's `AssignedNotice` as other features use it (features/classroom/index.ts): its code is
 * loaded once for every notice on a page (a catalog list has one on each card), nothing shows until it
 * is in, and then every notice shows without suspending, the student's assignments asked for first
 * (not from the notices' effects). A load that fails shows nothing and throws nothing; the next page
 * that shows a notice asks again. The notice itself is a stand-in here (its
 * own tests: assignedWorksheet.test.tsx); each case loads the index in a module registry of its own,
 * so the code one case loaded is not in the next.
 */
import type * as TestingLibrary from '@testing-library/react/pure';
import type * as React from 'react';
import type * as ReactRedux from 'react-redux';

const NOTICE_MODULE = '../../../../../src/client/features/classroom/components/AssignedNotice';

interface Loaded {
  rtl: typeof TestingLibrary;
  react: typeof React;
  AssignedNotice: (props: { path?: string }) => React.ReactElement | null;
  Provider: typeof ReactRedux.Provider;
  /** how many times the notice's module was asked for */
  requests: () => number;
  /** the stores the module was told to ask for assignments in, and whether any notice showed by then */
  asked: { store: unknown; noticesShown: number }[];
}

/** A store for the Provider: the notice's stand-in reads nothing from it. */
const store = { getState: () => ({}), dispatch: jest.fn(), subscribe: () => () => {} };

let current: Loaded | undefined;

/** The index, React and Testing Library from one fresh registry; the notice's module fails `failures` times first. */
async function load(failures = 0): Promise<Loaded> {
  let requests = 0;
  const asked: Loaded['asked'] = [];
  let loaded: Loaded | undefined;
  await jest.isolateModulesAsync(async () => {
    jest.doMock(NOTICE_MODULE, () => {
      requests += 1;
      if (requests <= failures) throw new Error('ChunkLoadError: Loading chunk classroom-student failed');
      const { createElement } = jest.requireActual<typeof React>('react');
      return {
        AssignedNotice: ({ path }: { path?: string }) => createElement('p', { 'data-testid': 'notice' }, `Assigned: ${path}`),
        askForMyAssignments: (to: unknown) => asked.push({ store: to, noticesShown: document.querySelectorAll('[data-testid="notice"]').length }),
      };
    });
    // /pure: the automatic cleanup registers jest hooks, which a test may not do; afterEach cleans up
    const rtl = await import('@testing-library/react/pure');
    const react = await import('react');
    const { Provider } = await import('react-redux');
    const { AssignedNotice } = await import('../../../../../src/client/features/classroom');
    loaded = { rtl, react, Provider, AssignedNotice, requests: () => requests, asked };
  });
  current = loaded;
  return loaded!;
}

function cards({ react, Provider, AssignedNotice }: Loaded, paths: string[]) {
  const list = react.createElement(
    'ul',
    null,
    paths.map((path) => react.createElement('li', { key: path }, react.createElement(AssignedNotice, { path }))),
  );
  return react.createElement(Provider, { store: store as never, children: list });
}

afterEach(() => {
  current?.rtl.cleanup();
  current = undefined;
  jest.dontMock(NOTICE_MODULE);
  // the index asks for the notice after its registry's callback has returned, so from jest's main
  // registry: emptied, so that the next case's stand-in is asked for again
  jest.resetModules();
});

it('every notice on a page shares one load, and each shows its own page once the code is in', async () => {
  const loaded = await load();
  const { render, screen } = loaded.rtl;
  render(cards(loaded, ['/app/catalog/modules/a', '/app/catalog/modules/b', '/app/catalog/modules/c']));
  expect(screen.queryAllByTestId('notice')).toEqual([]);
  expect((await screen.findAllByTestId('notice')).map((n) => n.textContent)).toEqual([
    'Assigned: /app/catalog/modules/a',
    'Assigned: /app/catalog/modules/b',
    'Assigned: /app/catalog/modules/c',
  ]);
  expect(loaded.requests()).toBe(1);
  expect(loaded.asked).toEqual([{ store, noticesShown: 0 }]);
});

it('with the code in, a notice mounted later shows in its first render', async () => {
  const loaded = await load();
  const { render, screen } = loaded.rtl;
  const first = render(cards(loaded, ['/app/catalog/modules/a']));
  await screen.findByTestId('notice');
  first.unmount();
  const markup: string[] = [];
  const Probe = () => {
    // a layout effect runs after the first commit, before anything else may render again
    loaded.react.useLayoutEffect(() => {
      markup.push(document.body.innerHTML);
    }, []);
    return null;
  };
  render(loaded.react.createElement(loaded.react.Fragment, null, cards(loaded, ['/app/catalog/modules/b']), loaded.react.createElement(Probe)));
  expect(markup[0]).toContain('Assigned: /app/catalog/modules/b');
  expect(loaded.requests()).toBe(1);
});

it('a load that fails shows nothing and throws nothing; the next page with a notice asks again', async () => {
  const loaded = await load(1);
  const { render, screen, act } = loaded.rtl;
  const first = render(cards(loaded, ['/app/catalog/modules/a', '/app/catalog/modules/b']));
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(loaded.requests()).toBe(1);
  expect(screen.queryAllByTestId('notice')).toEqual([]);
  first.unmount();
  render(cards(loaded, ['/app/catalog/modules/c']));
  expect((await screen.findByTestId('notice')).textContent).toBe('Assigned: /app/catalog/modules/c');
  expect(loaded.requests()).toBe(2);
});

it('a page hydrated from the server render commits again only when the notices show', async () => {
  const loaded = await load();
  const { render, screen } = loaded.rtl;
  const { createElement, Profiler } = loaded.react;
  const paths = ['/app/catalog/modules/a', '/app/catalog/modules/b', '/app/catalog/modules/c'];
  // the server's markup: no notice in it (the server never has the notice's code)
  const container = document.createElement('div');
  container.innerHTML = `<ul>${paths.map(() => '<li></li>').join('')}</ul>`;
  document.body.appendChild(container);
  // every commit after hydration, with how many notices it left on the page
  const updates: number[] = [];
  const onRender = (_id: string, phase: string) => {
    if (phase !== 'mount') updates.push(container.querySelectorAll('[data-testid="notice"]').length);
  };
  render(createElement(Profiler, { id: 'page', onRender }, cards(loaded, paths)), { container, hydrate: true });
  await screen.findAllByTestId('notice');
  // no re-render of the notices (one each) right after hydration, before their code is in
  expect(updates).toEqual([3]);
});
