import type { Product } from '@kram/contract/catalog';
import * as shop from '@kram/contract/endpoints/shop';
import { ApiError, api } from '../../lib/api';
import { readString, storageKeys, writeJson, writeString } from '../../lib/storage';
import { loadServerWishlist, parseGuestWishlist, serverWishlist } from './wishlist-store';

/** Resolves once no load of the server list is under way. */
function loadSettled(): Promise<void> {
  if (serverWishlist.get().status !== 'loading') return Promise.resolve();
  return new Promise((resolve) => {
    const stop = serverWishlist.subscribe(() => {
      if (serverWishlist.get().status === 'loading') return;
      stop();
      resolve();
    });
  });
}

/**
 * After signing in, the hearts a guest gave are moved to the account: each product the server list
 * lacks is added, the browser's list is cleared, and the counter follows the server list again.
 * A product that could not be saved for another reason than being gone stays in the browser's list,
 * to be tried at the next sign-in.
 */
export async function mergeGuestWishlist(): Promise<void> {
  const guest = parseGuestWishlist(readString(storageKeys.wishlist));
  if (guest.length === 0) return;
  let saved: Set<number>;
  try {
    const list = await api.call(shop.wishlist);
    saved = new Set(list.results.map((entry) => entry.product.id));
  } catch {
    // Nothing was moved: the guest list waits for the next sign-in.
    return;
  }
  const kept: Product[] = [];
  // One at a time, in the order the guest saved them.
  for (const product of guest) {
    if (saved.has(product.id)) continue;
    try {
      await api.call(shop.addToWishlist, { body: { product_id: product.id } });
    } catch (error) {
      const gone = error instanceof ApiError && error.status === 404;
      if (!gone) kept.push(product);
    }
  }
  if (kept.length) writeJson(storageKeys.wishlist, kept);
  else writeString(storageKeys.wishlist, null);
  // A load started at sign-in may predate the additions: load once more after it.
  await loadSettled();
  await loadServerWishlist();
}
