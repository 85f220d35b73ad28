/** The catalog feature's public surface for other features and app/ (components, not internals). */
export { BookmarkList } from './components/BookmarkList';
export { ContinueCard } from './components/ContinueCard';
export { TranscriptTable } from './components/TranscriptTable';
