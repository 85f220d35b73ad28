/**
 * What a signed-in person leaves in this tab's sessionStorage so that it survives a reload (the
 * Get Help draft), all under one prefix, so that every session end forgets it in one place (the
 * auth saga), whichever features this page has loaded: a shared computer's next student finds
 * nothing of the last one's.
 */
export const TAB_MEMORY_PREFIX = 'cw:tab:';

type Keys = Pick<Storage, 'length' | 'key' | 'removeItem'>;

function tabStorage(): Keys | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Removes every key under TAB_MEMORY_PREFIX; a storage that refuses loses nothing else. */
export function forgetTabMemory(storage: Keys | null = tabStorage()): void {
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith(TAB_MEMORY_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // nothing more to do: the session itself is gone
  }
}
