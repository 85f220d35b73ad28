import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** True when the learner asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** SPEC §2 (S2.16): after every navigation the page scrolls smoothly to the top (instantly with reduced motion). */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [pathname, search]);
  return null;
}
