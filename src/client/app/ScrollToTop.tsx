import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** True when the learner asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Navigation state of an address that follows what the learner types on the page (the knowledge
 * base's `?q=`): the same page, so it keeps its scroll position.
 */
export const IN_PLACE = { inPlace: true } as const;

const isInPlace = (state: unknown): boolean => typeof state === 'object' && state !== null && (state as { inPlace?: unknown }).inPlace === true;

/** SPEC §2 (S2.16): after every navigation the page scrolls smoothly to the top (instantly with reduced motion). */
export function ScrollToTop() {
  const { pathname, search, state } = useLocation();
  const inPlace = isInPlace(state);
  useEffect(() => {
    if (inPlace) return;
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    // only a new address scrolls, not a change of `inPlace` alone
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, search]);
  return null;
}
