/**
 * `useDraftSaver(key, save)`: a form with a draft registers here (docs/drafts.md).
 * While the form is mounted (and `enabled`), `save` is called before the session ends for inactivity
 * or expiry. The latest `save` is always the one called, so it may close over the form's values.
 */
import { createContext, useContext, useEffect, useRef } from 'react';
import { draftRegistry, type DraftRegistry, type DraftSave } from './registry';

export const DraftRegistryContext = createContext<DraftRegistry>(draftRegistry);

export function useDraftSaver(key: string, save: DraftSave, enabled = true): void {
  const registry = useContext(DraftRegistryContext);
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    return registry.register(key, () => latest.current());
  }, [registry, key, enabled]);
}
