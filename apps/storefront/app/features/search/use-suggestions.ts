import type { Suggestions } from '@kram/contract/catalog';
import { suggest } from '@kram/contract/endpoints/shop';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';

/** Same pause as the spec's other as-you-type look-ups (section 9). */
export const suggestDebounceMs = 300;

const none: Suggestions = { products: [], categories: [] };

/** Suggestions for what is typed, asked for once typing pauses; older answers are dropped. */
export function useSuggestions(text: string): Suggestions {
  const [suggestions, setSuggestions] = useState<Suggestions>(none);
  useEffect(() => {
    const q = text.trim();
    if (!q) {
      setSuggestions(none);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .call(suggest, { query: { q }, signal: controller.signal })
        .then(setSuggestions)
        .catch(() => {
          if (!controller.signal.aborted) setSuggestions(none);
        });
    }, suggestDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  return suggestions;
}
