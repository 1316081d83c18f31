import { startTransition, useEffect, useState } from 'react';
import { isDocumentHydrated } from './use-hydrated';

/**
 * How many of `total` items to render. The server's document, and its hydration, hold the `first`
 * items; the rest follow `step` at a time, one browser task each, so that no task is long enough to
 * hold up a tap (docs/decisions/035). Anything rendered after hydration (a page the shopper moves to)
 * renders all of its items at once.
 */
export function useRenderedInSteps(total: number, first: number, step: number): number {
  const [shown, setShown] = useState(() => (isDocumentHydrated() ? Number.POSITIVE_INFINITY : first));
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => startTransition(() => setShown((count) => count + step)), 0);
    return () => clearTimeout(timer);
  }, [shown, total, step]);
  return Math.min(shown, total);
}
