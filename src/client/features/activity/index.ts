/**
 * The activity feature's public surface: its pages (/app/activity: transcripts, bookmarks and budgets),
 * which the route table loads lazily as a chunk of their own.
 */
export { BookmarksBudgetsPage, TranscriptsPage } from './pages/ActivityPages';
