import { useCallback, useEffect, useState } from 'react';

/** Something read from the API once the page needs it: not yet asked, on its way, absent, failed, or read. */
export type Loaded<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error' }
  | { status: 'loaded'; data: T };

/**
 * Reads `load` (null: there is no such thing) once `enabled`, and again on `reload`; an answer that
 * comes after the key changed or the component left is dropped.
 */
export function useLoaded<T>(
  key: string,
  load: (key: string, signal: AbortSignal) => Promise<T | null>,
  enabled = true,
): { state: Loaded<T>; reload: () => void; replace: (data: T) => void } {
  const [state, setState] = useState<Loaded<T>>({ status: enabled ? 'loading' : 'idle' });
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks again; `load` is a module function.
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState((current) => (current.status === 'loaded' ? current : { status: 'loading' }));
    load(key, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState(data === null ? { status: 'missing' } : { status: 'loaded', data });
      },
      (error) => {
        if (controller.signal.aborted) return;
        console.warn('The order’s returns or receipts could not be read', error);
        // A failed second reading keeps what the first one showed.
        setState((current) => (current.status === 'loaded' ? current : { status: 'error' }));
      },
    );
    return () => controller.abort();
  }, [key, enabled, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  const replace = useCallback((data: T) => setState({ status: 'loaded', data }), []);
  return { state, reload, replace };
}
