import type { Product } from '@kram/contract/catalog';
import * as shop from '@kram/contract/endpoints/shop';
import { ApiError, api, detailOf } from '../../lib/api';
import { createStore } from '../../lib/create-store';
import { readJson, storageKeys, writeJson } from '../../lib/storage';

/** The signed-in shopper's server list, shared by every heart and counter on the page. */
export interface ServerWishlist {
  status: 'idle' | 'loading' | 'loaded' | 'error';
  products: Product[];
}

export const initialServerWishlist: ServerWishlist = { status: 'idle', products: [] };
export const serverWishlist = createStore<ServerWishlist>(initialServerWishlist);

export function isProductList(value: unknown): value is Product[] {
  return Array.isArray(value) && value.every((p) => p && typeof p === 'object' && typeof p.id === 'number');
}

export function parseGuestWishlist(raw: string | null): Product[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return isProductList(value) ? value : [];
  } catch {
    return [];
  }
}

/** Guests keep full product objects under `wishlist`; each write fires a storage event. */
export function toggleGuest(product: Product): void {
  const list = readJson(storageKeys.wishlist, [] as Product[], isProductList);
  const next = list.some((p) => p.id === product.id) ? list.filter((p) => p.id !== product.id) : [...list, product];
  writeJson(storageKeys.wishlist, next);
}

export async function loadServerWishlist(): Promise<void> {
  if (serverWishlist.get().status === 'loading') return;
  serverWishlist.set((s) => ({ ...s, status: 'loading' }));
  try {
    const list = await api.call(shop.wishlist);
    serverWishlist.set({ status: 'loaded', products: list.results.map((entry) => entry.product) });
  } catch {
    serverWishlist.set({ status: 'error', products: [] });
  }
}

export function resetServerWishlist(): void {
  serverWishlist.set(initialServerWishlist);
}

/**
 * Toggles at once and puts the list back if the server refuses (spec section 4). Resolves to the
 * server's message when it failed, so the caller can show it.
 */
export async function toggleServer(product: Product): Promise<{ failed: false } | { failed: true; detail?: string }> {
  const before = serverWishlist.get();
  const saved = before.products.some((p) => p.id === product.id);
  serverWishlist.set({
    ...before,
    products: saved ? before.products.filter((p) => p.id !== product.id) : [product, ...before.products],
  });
  try {
    const body = { product_id: product.id };
    if (saved) await api.call(shop.removeFromWishlist, { body });
    else await api.call(shop.addToWishlist, { body });
    return { failed: false };
  } catch (error) {
    serverWishlist.set((now) => ({
      ...now,
      products: saved
        ? [product, ...now.products.filter((p) => p.id !== product.id)]
        : now.products.filter((p) => p.id !== product.id),
    }));
    return { failed: true, detail: error instanceof ApiError ? detailOf(error.body) : undefined };
  }
}
