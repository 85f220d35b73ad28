/** The drafts feature's public surface: what other features and app/ may use. */
export { DRAFT_SAVE_TIMEOUT_MS } from './events';
export { draftRegistry, type DraftRegistry } from './registry';
