/** The knowledge-base search's status line: singular and plural both right. */
import { searchStatusText } from '../../../../../src/client/features/knowledgeBase/searchStatus';

describe('searchStatusText', () => {
  it.each<[query: string, status: string, count: number | null, expected: string]>([
    ['401(k)', 'succeeded', 1, '1 article matches "401(k)"'],
    ['interest', 'succeeded', 2, '2 articles match "interest"'],
    ['  budget ', 'succeeded', 12, '12 articles match "budget"'],
    ['zzz', 'succeeded', 0, 'No articles match "zzz". Try another word, such as APR, budget or credit score.'],
    ['apr', 'loading', null, 'Searching…'],
    ['apr', 'failed', null, 'Search is not available right now. Please try again in a moment.'],
    ['   ', 'succeeded', 3, ''],
  ])('%p (%s, %p) reads %p', (query, status, count, expected) => {
    expect(searchStatusText(query, status, count)).toBe(expected);
  });
});
