import { type RefObject, useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * The offer scrolls smoothly to its heading on load (spec "Legal pages"): the heading ends at the
 * top of the screen, even when it was already in view. Back and forward keep the restored position;
 * a visitor who asked for less motion gets the jump without the animation.
 */
export function useSmoothScrollToTitle(ref: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page (pathname) changes.
  useEffect(() => {
    if (navigationType === 'POP' && window.scrollY > 0) return;
    if (window.location.hash) return;
    const frame = requestAnimationFrame(() => {
      const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      ref.current?.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
