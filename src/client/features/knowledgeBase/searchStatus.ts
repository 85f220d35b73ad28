/** The knowledge-base search's status line (read by screen readers as a live region). Pure. */
/** '' without a query; else searching, unavailable, none, or "1 article matches …" / "3 articles match …". */
export function searchStatusText(query: string, status: string, count: number | null): string {
  const q = query.trim();
  if (q === '') return '';
  if (status === 'failed') return 'Search is not available right now. Please try again in a moment.';
  if (count === null) return 'Searching…';
  if (count === 0) return `No articles match "${q}". Try another word, such as APR, budget or credit score.`;
  return count === 1 ? `1 article matches "${q}"` : `${count} articles match "${q}"`;
}
