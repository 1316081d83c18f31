import type { Product } from '@kram/contract/catalog';
import { useCallback, useEffect } from 'react';
import { useStore } from '../../lib/create-store';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { storageKeys, useStoredValue } from '../../lib/storage';
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
  const t = useT();
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

  const toggle = useCallback(
    async (product: Product) => {
      if (!signedIn) {
        toggleGuest(product);
        return;
      }
      const saved = serverWishlist.get().products.some((p) => p.id === product.id);
      const result = await toggleServer(product);
      if (result.failed) {
        notify('error', result.detail ?? t(saved ? 'wishlist.removeError' : 'wishlist.addError'));
      }
    },
    [signedIn, t],
  );

  const has = useCallback((id: number) => products.some((p) => p.id === id), [products]);

  return { products, count: products.length, status, has, toggle, signedIn };
}
