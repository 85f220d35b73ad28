/** The catalog feature's public surface for other features and app/ (components, not internals). */
export { BookmarkList } from './components/BookmarkList';
export { ContinueCard } from './components/ContinueCard';
export { TranscriptTable } from './components/TranscriptTable';
export { catalogApi } from './api';
export { catalogArea } from './area';
export { ContinueCardSkeleton } from './components/ContinueCardSkeleton';
export { selectLearnerStarted } from './selectors';
export { type catalogReducer } from './slice';
