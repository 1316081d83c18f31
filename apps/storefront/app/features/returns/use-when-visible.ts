import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Whether the element has come near the screen yet (and stays so once it has): what it shows is read
 * only then, so a long list asks nothing for what nobody scrolls to. Without IntersectionObserver it
 * counts as seen at once.
 */
export function useWhenVisible<T extends Element>(margin = '300px 0px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, margin]);
  return [ref, seen];
}
