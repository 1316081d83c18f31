import { startTransition, useEffect, useRef, useState } from 'react';
import { isDocumentHydrated } from './use-hydrated';

/**
 * How many of `total` items to render. The server's document, and its hydration, hold the `first`
 * items; the rest follow `step` at a time, one browser task each, so that no task is long enough to
 * hold up a tap (docs/decisions/035). Once they are all shown, and in anything first rendered after
 * hydration, every item renders at once: another page shown in the same place takes no steps.
 */
export function useRenderedInSteps(total: number, first: number, step: number): number {
  // A ref, not state: the steps ending is no reason to render again.
  const stepsOver = useRef(isDocumentHydrated());
  const [shown, setShown] = useState(() => (stepsOver.current ? Number.POSITIVE_INFINITY : first));
  useEffect(() => {
    if (shown >= total) {
      stepsOver.current = true;
      return;
    }
    const timer = setTimeout(() => startTransition(() => setShown((count) => count + step)), 0);
    return () => clearTimeout(timer);
  }, [shown, total, step]);
  return stepsOver.current ? total : Math.min(shown, total);
}
