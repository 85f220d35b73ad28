/**
 * A feature catalog in the one Lingui instance: loaded on first use, its Spanish only when spoken; a
 * component rendered before its words are in waits for them (never an id, never English to a
 * Spanish speaker); a chunk that did not arrive is asked for again.
 */
import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import type { Messages } from '@lingui/core';
import { activateLanguage } from '../../../../src/client/i18n';
import { loadCatalogs, tOf, useT, type FeatureCatalog } from '../../../../src/client/i18n/features';

/**
 * A catalog whose Spanish arrives at once, or when the test says (`manual`), or fails once. Catalogs
 * in use stay in use (as in the app): a later switch to Spanish loads them too.
 */
function fakeCatalog(name: string, { failFirst = false, manual = false } = {}) {
  let release: (messages: Messages) => void = () => undefined;
  let tries = 0;
  const catalog: FeatureCatalog<'fake.hello' | 'fake.count'> = {
    name,
    en: { 'fake.hello': ['Hello'], 'fake.count': [['n', 'plural', { one: ['#', ' item'], other: ['#', ' items'] }]] },
    titles: {},
    load: {
      es: () => {
        tries += 1;
        if (failFirst && tries === 1) return Promise.reject(new Error('chunk failed'));
        if (!manual) return Promise.resolve(SPANISH);
        return new Promise<Messages>((resolve) => (release = resolve));
      },
    },
  };
  return { catalog, arrive: (messages: Messages) => release(messages), tries: () => tries };
}
const SPANISH: Messages = { 'fake.hello': ['Hola'], 'fake.count': [['n', 'plural', { one: ['#', ' cosa'], other: ['#', ' cosas'] }]] };

afterEach(async () => {
  await act(() => activateLanguage('en'));
});

it('speaks English from the catalog object, with ICU plurals, without loading anything', () => {
  const { catalog, tries } = fakeCatalog('english-only');
  expect(tOf(catalog, 'fake.hello')).toBe('Hello');
  expect(tOf(catalog, 'fake.count', { n: 2 })).toBe('2 items');
  expect(tries()).toBe(0);
});

it('a component waits for its Spanish, then speaks it (no English, no id in between)', async () => {
  const { catalog, arrive } = fakeCatalog('suspends', { manual: true });
  await act(() => activateLanguage('es'));
  function Hello() {
    const t = useT(catalog);
    return <p>{t('fake.hello')}</p>;
  }
  await act(async () => {
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Hello />
      </Suspense>,
    );
  });
  expect(screen.getByText('waiting')).toBeInTheDocument();
  expect(screen.queryByText('Hello')).not.toBeInTheDocument();
  await act(async () => arrive(SPANISH));
  expect(await screen.findByText('Hola')).toBeInTheDocument();
});

it('activateLanguage loads the catalogs in use before it switches', async () => {
  const { catalog, arrive } = fakeCatalog('switch', { manual: true });
  expect(tOf(catalog, 'fake.hello')).toBe('Hello');
  const switching = activateLanguage('es');
  await act(async () => arrive(SPANISH));
  await switching;
  expect(tOf(catalog, 'fake.count', { n: 1 })).toBe('1 cosa');
});

it('a Spanish chunk that did not arrive is asked for again', async () => {
  const { catalog, tries } = fakeCatalog('retry', { failFirst: true });
  await expect(loadCatalogs([catalog], 'es')).rejects.toThrow('chunk failed');
  await loadCatalogs([catalog], 'es');
  expect(tries()).toBe(2);
});
