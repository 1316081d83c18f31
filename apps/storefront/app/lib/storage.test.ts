import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys, subscribeToKey, writeString } from './storage';

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('storage subscriptions', () => {
  it('tell each reader of a key about writes to it and to no other key, through one window listener', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const cart = Array.from({ length: 100 }, () => vi.fn());
    const unsubscribe = cart.map((onChange) => subscribeToKey(storageKeys.cart, onChange));
    const wishlist = vi.fn();
    subscribeToKey(storageKeys.wishlist, wishlist);
    expect(added.mock.calls.filter(([type]) => type === 'storage').length).toBeLessThanOrEqual(1);

    writeString(storageKeys.cart, '[]');
    expect(cart.every((onChange) => onChange.mock.calls.length === 1)).toBe(true);
    expect(wishlist).not.toHaveBeenCalled();

    // Another tab cleared the storage: every key may have changed.
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(wishlist).toHaveBeenCalledTimes(1);

    for (const stop of unsubscribe) stop();
    writeString(storageKeys.cart, null);
    expect(cart.every((onChange) => onChange.mock.calls.length === 2)).toBe(true);
  });
});
