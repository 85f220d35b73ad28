/**
 * A page's code that did not arrive (a lazily loaded chunk failed). Two causes, told apart by
 * asking the server for the file once more:
 * - the network dropped it (no answer): the page offers "Try again" inside its frame;
 * - the server no longer has it (404): a newer build was deployed and this tab runs the old one.
 *   The server keeps the previous build's files for a while (docs/server.md "Static files"), so
 *   this is a tab left open across two deploys, or one long after. The app reloads once, on the
 *   same address, after the drafts were saved; a second failure within RELOAD_GUARD_MS shows
 *   "Try again" instead, so a broken deploy never makes a reload loop.
 */

/** How this tab saves its drafts before it reloads: the store's (main.tsx binds it), bounded there. */
let saveDraftsBeforeReload: () => Promise<unknown> = () => Promise.resolve();

/** Binds the drafts' save to the app's store (main.tsx, once the store exists). */
export function setDraftSaving(save: () => Promise<unknown>): void {
  saveDraftsBeforeReload = save;
}

/** sessionStorage key: when this tab last reloaded for a newer build. */
export const RELOAD_STORAGE_KEY = 'cc:reloadedForNewBuild';
/** No second reload for a missing file within this long of the first. */
export const RELOAD_GUARD_MS = 5 * 60_000;

/** webpack's error for a chunk that did not load: name ChunkLoadError, `request` its address. */
export function chunkAddress(error: unknown): string | null {
  if (!(error instanceof Error) || error.name !== 'ChunkLoadError') return null;
  const request = (error as Error & { request?: unknown }).request;
  return typeof request === 'string' ? request : null;
}

export type ChunkFailure = 'network' | 'gone';

/** 'gone' when the server answers the chunk's address with 404 (a newer build is deployed). */
export async function whyChunkFailed(error: unknown): Promise<ChunkFailure> {
  const address = chunkAddress(error);
  if (!address) return 'network';
  try {
    const response = await fetch(address, { method: 'HEAD', cache: 'no-store' });
    return response.status === 404 ? 'gone' : 'network';
  } catch {
    return 'network';
  }
}

function readGuard(storage: Storage): number | null {
  try {
    const value = Number(storage.getItem(RELOAD_STORAGE_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export interface ReloadDeps {
  storage: Storage;
  now: () => number;
  reload: () => void;
  saveDrafts: () => Promise<unknown>;
}

const browserDeps = (): ReloadDeps => ({
  storage: window.sessionStorage,
  now: () => Date.now(),
  reload: () => window.location.reload(),
  saveDrafts: () => saveDraftsBeforeReload(),
});

/**
 * Reloads the app for a newer build, unless it did so within RELOAD_GUARD_MS (or storage refuses
 * to remember it: then never, as a loop could not be ruled out). True when it reloads.
 */
export async function reloadOnceForNewBuild(deps: ReloadDeps = browserDeps()): Promise<boolean> {
  const last = readGuard(deps.storage);
  const now = deps.now();
  if (last !== null && now - last < RELOAD_GUARD_MS) return false;
  try {
    deps.storage.setItem(RELOAD_STORAGE_KEY, String(now));
  } catch {
    return false;
  }
  await deps.saveDrafts();
  deps.reload();
  return true;
}
