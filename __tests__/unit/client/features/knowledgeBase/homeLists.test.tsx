/**
 * The knowledge base's home: "Popular articles" come from real views. Before there are any, the page
 * shows the recently updated list once, not the same list twice side by side.
 */
import { screen, within } from '@testing-library/react';
import { registerArea } from '../../../../../src/client/app/areas';
import { knowledgeBaseArea } from '../../../../../src/client/features/knowledgeBase/area';
import { initialState } from '../../../../../src/client/features/knowledgeBase/slice';
import type { KbArticleCard, KbHome } from '../../../../../src/common/knowledgeBase';
import { renderApp, signedIn } from '../../app/renderApp';

registerArea(knowledgeBaseArea);

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

const card = (slug: string, title: string): KbArticleCard =>
  ({ topicSlug: 'saving', topicTitle: 'Saving', slug, title, summary: `${title} in short.`, updated: '2026-11-02' });

const home = (data: KbHome) => ({
  ...signedIn(),
  knowledgeBase: { ...initialState, home: { status: 'succeeded' as const, data, error: null } },
});

const TOPICS: KbHome['topics'] = [];

it('shows popular and recent articles side by side once articles have been read', async () => {
  renderApp('/app/resources/knowledge-base', {
    preloadedState: home({ topics: TOPICS, popular: [card('apr', 'APR')], recent: [card('budgets', 'Budgets'), card('apr', 'APR')] }),
  });
  const popular = await screen.findByRole('list', { name: 'Popular articles' });
  expect(within(popular).getAllByRole('link').map((a) => a.textContent)).toEqual([expect.stringContaining('APR')]);
  expect(within(screen.getByRole('list', { name: 'Recently updated articles' })).getAllByRole('link')).toHaveLength(2);
});

it('shows the recent list once, without a "Popular articles" copy of it, before any article has been read', async () => {
  renderApp('/app/resources/knowledge-base', {
    preloadedState: home({ topics: TOPICS, popular: [], recent: [card('budgets', 'Budgets'), card('apr', 'APR')] }),
  });
  expect(await screen.findByRole('heading', { level: 2, name: 'Recently updated' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Popular articles' })).not.toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Popular articles' })).not.toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: /Budgets/ })).toHaveLength(1);
});
