/**
 * After a deploy, a page opened before it asks for script chunks that are gone (their names carry
 * the old build's hashes). Vite reports such a failed dynamic import as `vite:preloadError`; the
 * page then reloads once to get the new build (spec section 8's ChunkLoadError, adapted). The time
 * of that reload is kept in sessionStorage: a chunk that still fails right after it is a real
 * error, shown as one, rather than a reload loop.
 */
export const chunkReloadKey = 'chunk-reload-at';
/** A second failure within this time of the reload is not retried. */
export const chunkReloadGuardMs = 30_000;

interface Env {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  reload: () => void;
  now: () => number;
}

/** True when it reloads (and the error is taken care of); false when the error should stand. */
export function reloadOnceForChunk(event: Pick<Event, 'preventDefault'>, env: Env): boolean {
  // Without storage to guard it (privacy mode) there is no reload either.
  if (!env.storage) return false;
  let last: number;
  try {
    last = Number(env.storage.getItem(chunkReloadKey));
  } catch {
    return false;
  }
  if (Number.isFinite(last) && env.now() - last < chunkReloadGuardMs) return false;
  try {
    env.storage.setItem(chunkReloadKey, String(env.now()));
  } catch {
    return false;
  }
  event.preventDefault();
  env.reload();
  return true;
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Listens for failed chunk loads for the page's lifetime; returns the way to stop. */
export function reloadOnChunkError(): () => void {
  const listener = (event: Event) => {
    reloadOnceForChunk(event, {
      storage: sessionStorageOrNull(),
      reload: () => window.location.reload(),
      now: () => Date.now(),
    });
  };
  window.addEventListener('vite:preloadError', listener);
  return () => window.removeEventListener('vite:preloadError', listener);
}
