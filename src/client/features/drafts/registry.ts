/**
 * Nothing typed is lost: the one place forms with a draft register a `save`
 * callback. Before the session ends for inactivity or expiry, the drafts saga calls every registered
 * saver (bounded by DRAFT_SAVE_TIMEOUT_MS) and only then lets the session end.
 *
 * The registry holds functions, so it lives OUTSIDE the store (state stays serializable): the app's
 * one registry is `draftRegistry`, handed to the sagas through saga context (`drafts`) and to the
 * hook through DraftRegistryContext. Tests make their own with `createDraftRegistry()`.
 */
/** Saves one form's draft; may be async. A throw or rejection counts as a failed save. */
export type DraftSave = () => unknown;

export interface DraftSaveResult {
  saved: string[];
  failed: string[];
}

export interface DraftRegistry {
  /** Registers `save` under `key` (one saver per key, the last wins); returns the unregister function. */
  register(key: string, save: DraftSave): () => void;
  /** The keys registered now, in registration order. */
  keys(): string[];
  /** Calls every saver at once; resolves when all have settled. */
  saveAll(): Promise<DraftSaveResult>;
}

export function createDraftRegistry(): DraftRegistry {
  const savers = new Map<string, DraftSave>();
  return {
    register(key, save) {
      savers.set(key, save);
      return () => {
        if (savers.get(key) === save) savers.delete(key);
      };
    },
    keys: () => Array.from(savers.keys()),
    async saveAll() {
      const entries = Array.from(savers.entries());
      const outcomes = await Promise.allSettled(entries.map(([, save]) => Promise.resolve().then(save)));
      const result: DraftSaveResult = { saved: [], failed: [] };
      outcomes.forEach((outcome, index) => {
        const key = (entries[index] as [string, DraftSave])[0];
        (outcome.status === 'fulfilled' ? result.saved : result.failed).push(key);
      });
      return result;
    },
  };
}

/** The app's registry (createAppStore puts it in saga context; the hook uses it by default). */
export const draftRegistry: DraftRegistry = createDraftRegistry();
