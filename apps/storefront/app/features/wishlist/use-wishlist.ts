import type { Product } from '@kram/contract/catalog';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useStore } from '../../lib/create-store';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { readString, storageKeys, subscribeToKey, useStoredValue } from '../../lib/storage';
import {
  initialServerWishlist,
  loadServerWishlist,
  parseGuestWishlist,
  resetServerWishlist,
  serverWishlist,
  toggleGuest,
  toggleServer,
} from './wishlist-store';

const none: Product[] = [];
const readGuestWishlist = (raw: string | null): Product[] => (raw ? parseGuestWishlist(raw) : none);

/**
 * The wishlist in force: the server's for a signed-in shopper, the browser's for a guest. The count
 * is the list's length either way (spec section 4).
 */
export function useWishlist() {
  const { signedIn } = useSession();
  // Nothing stored reads as the very array the server rendered with, so hydrating a grid of cards
  // does not make every heart render again at once (a page of 100 cards: a long task).
  const guest = useStoredValue(storageKeys.wishlist, readGuestWishlist, none);
  const server = useStore(serverWishlist, initialServerWishlist);

  useEffect(() => {
    if (signedIn && serverWishlist.get().status === 'idle') void loadServerWishlist();
    if (!signedIn && serverWishlist.get().status !== 'idle') resetServerWishlist();
  }, [signedIn]);

  const products = signedIn ? server.products : guest;
  const status = signedIn ? server.status : 'loaded';

  const toggle = useWishlistToggle();

  const has = useCallback((id: number) => products.some((p) => p.id === id), [products]);

  return { products, count: products.length, status, has, toggle, signedIn };
}

/**
 * Adds or removes a product in the wishlist in force: the browser's for a guest, the server's for a
 * signed-in shopper (put back, with the server's message, when it refuses).
 */
export function useWishlistToggle(): (product: Product) => Promise<void> {
  const t = useT();
  return useCallback(
    async (product: Product) => {
      if (!readString(storageKeys.access)) {
        toggleGuest(product);
        return;
      }
      const saved = serverWishlist.get().products.some((p) => p.id === product.id);
      const result = await toggleServer(product);
      if (result.failed) {
        notify('error', result.detail ?? t(saved ? 'wishlist.removeError' : 'wishlist.addError'));
      }
    },
    [t],
  );
}

function subscribeToWishlist(onChange: () => void): () => void {
  const stops = [
    subscribeToKey(storageKeys.access, onChange),
    subscribeToKey(storageKeys.wishlist, onChange),
    serverWishlist.subscribe(onChange),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

let savedCache: { signedIn: boolean; raw: string | null; server: unknown; ids: ReadonlySet<number> } | undefined;

/** The ids in the wishlist in force, parsed once per change, whatever the number of hearts asking. */
function savedIds(): ReadonlySet<number> {
  const signedIn = Boolean(readString(storageKeys.access));
  const raw = signedIn ? null : readString(storageKeys.wishlist);
  const server = signedIn ? serverWishlist.get() : null;
  if (savedCache?.signedIn !== signedIn || savedCache.raw !== raw || savedCache.server !== server) {
    const products = server ? server.products : parseGuestWishlist(raw);
    savedCache = { signedIn, raw, server, ids: new Set(products.map((p) => p.id)) };
  }
  return savedCache.ids;
}

/**
 * Whether one product is in the wishlist in force: a single subscription per heart, and a yes or
 * no that only changes for the heart whose product was added or removed. A listing has up to 100
 * hearts; each reading the whole list (session, storage, server list) made hydrating it slow.
 */
export function useSavedInWishlist(productId: number): boolean {
  return useSyncExternalStore(
    subscribeToWishlist,
    () => savedIds().has(productId),
    () => false,
  );
}
