/** The catalog feature's public surface: what other features and app/ may use (its pages load through the route table). */
export { BookmarkList } from './components/BookmarkList';
export { ContinueCard } from './components/ContinueCard';
export { TranscriptTable } from './components/TranscriptTable';
export { catalogReads } from './api';
export { catalogArea } from './area';
export { ContinueCardSkeleton } from './components/ContinueCardSkeleton';
export { selectLearnerStarted } from './selectors';
export { type catalogReducer } from './slice';
