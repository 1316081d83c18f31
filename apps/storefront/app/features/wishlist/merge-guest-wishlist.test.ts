import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../lib/storage';
import { aProduct } from '../../test-fixtures';
import { mergeGuestWishlist } from './merge-guest-wishlist';
import { resetServerWishlist, serverWishlist } from './wishlist-store';

const product = (id: number) => aProduct(id);
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  vi.unstubAllGlobals();
  resetServerWishlist();
});

describe('mergeGuestWishlist', () => {
  it('adds what the server lacks, clears the guest list and reloads the server list', async () => {
    localStorage.setItem(storageKeys.access, 'token');
    localStorage.setItem(storageKeys.wishlist, JSON.stringify([product(1), product(2), product(3), product(4)]));
    const server = new Set([2]);
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit) => {
        calls.push(`${init.method} ${path} ${init.body ?? ''}`.trim());
        if (init.method === 'POST') {
          const id = JSON.parse(String(init.body)).product_id as number;
          if (id === 3) return json({ detail: 'No Product matches the given query.' }, 404);
          server.add(id);
          return json({ product: product(id) }, 201);
        }
        return json({ results: [...server].map((id) => ({ product: product(id) })) });
      }),
    );

    await mergeGuestWishlist();

    expect(calls).toEqual([
      'GET /api/wishlist/',
      'POST /api/wishlist/ {"product_id":1}',
      'POST /api/wishlist/ {"product_id":3}',
      'POST /api/wishlist/ {"product_id":4}',
      'GET /api/wishlist/',
    ]);
    // A product that no longer exists is dropped with the rest.
    expect(localStorage.getItem(storageKeys.wishlist)).toBeNull();
    expect(serverWishlist.get()).toEqual({ status: 'loaded', products: [product(2), product(1), product(4)] });
  });

  it('keeps in the browser what could not be saved for another reason', async () => {
    localStorage.setItem(storageKeys.access, 'token');
    localStorage.setItem(storageKeys.wishlist, JSON.stringify([product(1), product(2)]));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init: RequestInit) => {
        if (init.method === 'POST') {
          return JSON.parse(String(init.body)).product_id === 1
            ? json({ product: product(1) }, 201)
            : new Response(null, { status: 500 });
        }
        return json({ results: [] });
      }),
    );
    await mergeGuestWishlist();
    expect(JSON.parse(localStorage.getItem(storageKeys.wishlist) ?? '[]')).toEqual([product(2)]);
  });

  it('moves nothing when the server list cannot be read', async () => {
    localStorage.setItem(storageKeys.access, 'token');
    const guest = JSON.stringify([product(1)]);
    localStorage.setItem(storageKeys.wishlist, guest);
    const fetchMock = vi.fn(async () => new Response(null, { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    await mergeGuestWishlist();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(storageKeys.wishlist)).toBe(guest);
  });

  it('does nothing for an empty guest list', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await mergeGuestWishlist();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
