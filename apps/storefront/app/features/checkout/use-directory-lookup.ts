import { useEffect, useRef, useState } from 'react';
import type { DirectoryEntry, DirectoryLookup } from './directory-field';

export type { DirectoryEntry };

export type LookupStatus = 'idle' | 'loading' | 'done' | 'error';

/** Spec section 7: city and branch look-ups wait 300 ms after the last keystroke. */
export const lookupDelayMs = 300;

// Answers of this page's look-ups, so reopening a list or going back to a search asks no more.
const answers = new Map<string, DirectoryEntry[]>();
const keptAnswers = 50;

/**
 * The carrier directory's answer for `path` (cities or warehouses), asked `lookupDelayMs` after the
 * path last changed; a newer path cancels the older request. No path: nothing is asked.
 */
export function useDirectoryLookup(lookup: DirectoryLookup | null): {
  entries: DirectoryEntry[];
  status: LookupStatus;
} {
  const path = lookup?.path ?? null;
  // The look-up of the current path; a new object for the same path asks nothing new.
  const current = useRef(lookup);
  current.current = lookup;
  const [state, setState] = useState<{ path: string | null; entries: DirectoryEntry[]; status: LookupStatus }>({
    path: null,
    entries: [],
    status: 'idle',
  });

  useEffect(() => {
    if (!path) {
      setState({ path: null, entries: [], status: 'idle' });
      return;
    }
    const known = answers.get(path);
    if (known) {
      setState({ path, entries: known, status: 'done' });
      return;
    }
    setState((current) => ({ ...current, path, status: 'loading' }));
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const entries = (await current.current?.load(controller.signal)) ?? [];
        if (answers.size >= keptAnswers) answers.delete(answers.keys().next().value as string);
        answers.set(path, entries);
        setState({ path, entries, status: 'done' });
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn('Directory look-up failed', error);
        setState({ path, entries: [], status: 'error' });
      }
    }, lookupDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [path]);

  // Until the new answer is in, the old one is not shown as the answer to the new search.
  if (state.path !== path) return { entries: [], status: path ? 'loading' : 'idle' };
  return { entries: state.entries, status: state.status };
}

/** Forgets the kept answers (tests). */
export function forgetLookups(): void {
  answers.clear();
}
