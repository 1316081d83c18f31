import { type RefObject, useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Pages scroll to their title on load (spec section 2). Back and forward keep the position the
 * browser restores.
 */
export function useScrollToTitle(ref: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page (pathname) changes.
  useEffect(() => {
    if (navigationType === 'POP' && window.scrollY > 0) return;
    // After React Router's own scroll reset, which runs once the navigation settles.
    const frame = requestAnimationFrame(() => {
      const element = ref.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top;
      // A title already in the upper half of the screen stays where it is: the page does not jump.
      if (top >= 0 && top < window.innerHeight / 2) return;
      element.scrollIntoView({ block: 'start' });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
