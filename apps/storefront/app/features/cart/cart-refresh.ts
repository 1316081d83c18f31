import type { Product } from '@kram/contract/catalog';
import * as shop from '@kram/contract/endpoints/shop';
import { useEffect } from 'react';
import { ApiError, api } from '../../lib/api';
import { createStore, useStore } from '../../lib/create-store';
import { useSession } from '../../lib/session';
import { type LineChange, lineChanges, withCurrentProducts } from './cart-lines';
import { readCart, updateCart } from './cart-storage';

export type RefreshState = 'idle' | 'loading' | 'error';

const state = createStore<RefreshState>('idle');
export const useCartRefreshState = () => useStore(state, 'idle');

const noChanges: ReadonlyMap<string, LineChange> = new Map();
const changes = createStore<ReadonlyMap<string, LineChange>>(noChanges);

/**
 * What the refreshes of this visit changed in each line. A price keeps the first one the shopper saw,
 * so two moves in a row still name where it started.
 */
function rememberChanges(found: ReadonlyMap<string, LineChange>): void {
  if (found.size === 0) return;
  const next = new Map(changes.get());
  for (const [key, change] of found) {
    const kept = next.get(key);
    next.set(key, { ...kept, ...change, priceWas: kept?.priceWas ?? change.priceWas });
  }
  changes.set(next);
}

/** Forgets every change found so far (a new visit starts without them). */
export function forgetLineChanges(): void {
  changes.set(noChanges);
}

/** The changes the refreshes found in the line with this key, if any. */
export function useLineChange(key: string): LineChange | undefined {
  return useStore(changes, noChanges).get(key);
}

/** At most this many product reads at once: a long cart does not flood the API. */
const parallel = 4;

async function readProduct(slug: string, signal?: AbortSignal): Promise<Product | null> {
  try {
    return await api.call(shop.product, { params: { slug }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Reads each of the cart's products from the API (with the shopper's token, so with prices) and
 * stores what it says back into the lines. The API has one read per product and no batch; a cart
 * holds a handful of products, each read is cached by the server, and they go a few at a time.
 */
export async function readCurrentProducts(
  slugs: readonly string[],
  read: (slug: string) => Promise<Product | null> = readProduct,
): Promise<Map<string, Product | null>> {
  const found = new Map<string, Product | null>();
  const queue = [...new Set(slugs)];
  const worker = async () => {
    for (let slug = queue.shift(); slug !== undefined; slug = queue.shift()) found.set(slug, await read(slug));
  };
  await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, worker));
  return found;
}

let inFlight: Promise<void> | null = null;

/** One refresh at a time: a sign-in and an opening sidebar at the same moment share it. */
export function refreshCartProducts(): Promise<void> {
  inFlight ??= (async () => {
    const slugs = readCart().map((line) => line.slug);
    if (slugs.length === 0) {
      state.set('idle');
      return;
    }
    state.set('loading');
    try {
      const current = await readCurrentProducts(slugs);
      // The cart may have changed while the reads were out: apply them to the cart as it is now.
      updateCart((lines) => {
        const next = withCurrentProducts(lines, current);
        rememberChanges(lineChanges(lines, next));
        return next;
      });
      state.set('idle');
    } catch (error) {
      // The lines keep the prices they had; the sidebar says they could not be checked.
      console.warn('The cart’s prices could not be refreshed', error);
      state.set('error');
    }
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * The cart shows what the shop says now: each time `open` turns true (the sidebar opening, the
 * checkout page) every shopper's lines are checked for stock, and a signed-in shopper's for the
 * current prices, which are read on sign-in too (and when a page finds a stored session).
 */
export function useCartRefresh(open: boolean): void {
  const { signedIn } = useSession();
  useEffect(() => {
    if (signedIn) void refreshCartProducts();
  }, [signedIn]);
  // Only an opening asks again; a sign-in is the effect above.
  useEffect(() => {
    if (open) void refreshCartProducts();
  }, [open]);
}
