/**
 * Printing an article prints the article alone, as budgets, worksheets and the transcript print: the
 * shared print stylesheet (ui/PrintStyles) hides the top bar, navigation, breadcrumbs and
 * footer (with its environment badge).
 */
import { screen } from '@testing-library/react';
import { registerArea } from '../../../../../src/client/app/areas';
import { knowledgeBaseArea } from '../../../../../src/client/features/knowledgeBase/area';
import { initialState } from '../../../../../src/client/features/knowledgeBase/slice';
import type { KbArticleDetail } from '../../../../../src/common/knowledgeBase';
import { renderApp, signedIn } from '../../app/renderApp';

registerArea(knowledgeBaseArea);

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

const ARTICLE: KbArticleDetail = {
  topicSlug: 'credit-and-debt',
  topicTitle: 'Credit and Debt',
  slug: 'apr',
  title: 'APR',
  summary: 'The yearly cost of borrowing.',
  updated: '2026-11-02',
  keyTerms: [{ term: 'APR', definition: 'Annual percentage rate.' }],
  related: [],
  bodyHtml: '<p>APR is the yearly rate.</p>',
  bookmarked: false,
};

/** Every @media print rule in the document (emotion inserts them as text or through insertRule). */
const printRules = () =>
  [
    ...Array.from(document.querySelectorAll('style')).map((style) => style.textContent ?? ''),
    ...Array.from(document.styleSheets).flatMap((sheet) => Array.from(sheet.cssRules).map((rule) => rule.cssText)),
  ]
    .filter((css) => css.includes('@media print'))
    .join('\n');

it('prints without the app around the article', async () => {
  renderApp('/app/resources/knowledge-base/credit-and-debt/apr', {
    preloadedState: {
      ...signedIn(),
      knowledgeBase: { ...initialState, article: { key: 'credit-and-debt/apr', status: 'succeeded', data: ARTICLE, error: null, bookmark: 'idle', preloaded: true } },
    },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'APR' })).toBeInTheDocument();
  const css = printRules().replace(/\s+/g, '');
  expect(css).toMatch(/header,footer,nav,\[data-no-print\],\.MuiBreadcrumbs-root\{display:none!important;?\}/);
});
