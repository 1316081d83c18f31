import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunkReloadGuardMs, chunkReloadKey, reloadOnChunkError, reloadOnceForChunk } from './chunk-reload';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('a script chunk that fails to load', () => {
  afterEach(() => window.sessionStorage.clear());

  it('reloads the page once, and not again right after', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let now = 1_000_000;
    const env = { storage, reload, now: () => now };
    const event = { preventDefault: vi.fn() };

    expect(reloadOnceForChunk(event, env)).toBe(true);
    expect(event.preventDefault).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.getItem(chunkReloadKey)).toBe('1000000');

    // The reloaded page fails again at once: the error stands instead of a loop.
    now += 2_000;
    const again = { preventDefault: vi.fn() };
    expect(reloadOnceForChunk(again, env)).toBe(false);
    expect(again.preventDefault).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);

    // A later deploy, much later in the same tab: one reload again.
    now += chunkReloadGuardMs;
    expect(reloadOnceForChunk({ preventDefault: vi.fn() }, env)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload without storage to guard it', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunk({ preventDefault: vi.fn() }, { storage: null, reload, now: () => 1 })).toBe(false);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {},
    };
    expect(reloadOnceForChunk({ preventDefault: vi.fn() }, { storage: refusing, reload, now: () => 1 })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('listens for Vite’s vite:preloadError event until stopped', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const stop = reloadOnChunkError();
    const event = new Event('vite:preloadError', { cancelable: true });
    // happy-dom cannot reload; the handled event is the sign.
    vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(setItem).toHaveBeenCalledWith(chunkReloadKey, expect.any(String));

    stop();
    window.sessionStorage.clear();
    const later = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });
});
