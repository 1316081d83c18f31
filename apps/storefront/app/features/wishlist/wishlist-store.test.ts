import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../lib/storage';
import { aProduct } from '../../test-fixtures';
import { parseGuestWishlist, resetServerWishlist, serverWishlist, toggleGuest, toggleServer } from './wishlist-store';

const product = (id: number) => aProduct(id);

afterEach(() => {
  vi.unstubAllGlobals();
  resetServerWishlist();
});

describe('guest wishlist', () => {
  it('keeps full products under `wishlist` and fires a storage event on each change', () => {
    const events: (string | null)[] = [];
    const listener = (e: StorageEvent) => events.push(e.key);
    window.addEventListener('storage', listener);
    toggleGuest(product(1));
    toggleGuest(product(2));
    toggleGuest(product(1));
    window.removeEventListener('storage', listener);
    expect(parseGuestWishlist(localStorage.getItem(storageKeys.wishlist)).map((p) => p.id)).toEqual([2]);
    expect(events).toEqual(['wishlist', 'wishlist', 'wishlist']);
  });
});

describe('signed-in wishlist', () => {
  it('changes at once and puts the list back when the server refuses', async () => {
    localStorage.setItem(storageKeys.access, 'token');
    serverWishlist.set({ status: 'loaded', products: [product(1)] });
    let answer!: (r: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );

    const adding = toggleServer(product(2));
    expect(serverWishlist.get().products.map((p) => p.id)).toEqual([2, 1]);
    answer(new Response(JSON.stringify({ detail: 'No Product matches the given query.' }), { status: 404 }));
    await expect(adding).resolves.toEqual({ failed: true, detail: 'No Product matches the given query.' });
    expect(serverWishlist.get().products.map((p) => p.id)).toEqual([1]);

    const removing = toggleServer(product(1));
    expect(serverWishlist.get().products).toEqual([]);
    answer(new Response(null, { status: 500 }));
    await expect(removing).resolves.toEqual({ failed: true, detail: undefined });
    expect(serverWishlist.get().products.map((p) => p.id)).toEqual([1]);
  });

  it('keeps the change when the server accepts it', async () => {
    localStorage.setItem(storageKeys.access, 'token');
    serverWishlist.set({ status: 'loaded', products: [] });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ product: product(3) }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(toggleServer(product(3))).resolves.toEqual({ failed: false });
    expect(serverWishlist.get().products.map((p) => p.id)).toEqual([3]);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/wishlist/',
      expect.objectContaining({ method: 'POST', body: '{"product_id":3}' }),
    );
  });
});
