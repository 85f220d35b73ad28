/** The knowledgeBase feature's public surface: what other features and app/ may use. */
export { kbApi } from './api';
export { type knowledgeBaseReducer } from './slice';
