import type { Product } from '@kram/contract/catalog';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import uk from '../../../public/locales/uk.json';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { saveSession } from '../../lib/session';
import { AddToCartButton } from './add-to-cart-button';
import { forgetLineChanges, readCurrentProducts } from './cart-refresh';
import { CartSidebar } from './cart-sidebar';
import { closeCart, openCart } from './cart-sidebar-state';
import { addToCart, readCart } from './cart-storage';
import { cartToastMs } from './cart-toast';
import { hideCartToast, showCartToast } from './cart-toast-state';

const product = (over: Partial<Product> = {}): Product => ({
  id: 7,
  slug: 'jacket',
  sku: 'KR-1',
  name: 'Куртка',
  name_ru: 'Куртка',
  description: '',
  description_ru: '',
  price: null,
  old_price: null,
  is_on_promo: false,
  is_on_sale: true,
  is_new: false,
  sizes: [],
  colors: [],
  compositions: [],
  product_images: [],
  category_full_path: 'odyag',
  ...over,
});

function renderSidebar() {
  const router = createMemoryRouter([{ path: '*', element: <CartSidebar /> }]);
  return render(
    <I18nProvider lng="uk" messages={uk as Messages}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const signIn = () =>
  saveSession({ access: 'access-token', refresh: 'refresh-token', is_staff: false, is_superuser: false });

afterEach(() => {
  act(() => {
    closeCart();
    hideCartToast();
    forgetLineChanges();
  });
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the cart sidebar', () => {
  it('has no checkout button when the cart is empty', () => {
    renderSidebar();
    act(openCart);
    expect(screen.getByText('Ваш кошик порожній')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Перейти до оформлення' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Продовжити покупки' })).toBeTruthy();
  });

  it('tells a guest that prices come after sign-in instead of a zero total', async () => {
    addToCart(product(), { count: 2 });
    addToCart(product({ id: 8, slug: 'cap' }));
    const fetch = vi.fn(async (url: string) =>
      Response.json(url.endsWith('/cap') ? product({ id: 8, slug: 'cap' }) : product()),
    );
    vi.stubGlobal('fetch', fetch);
    renderSidebar();
    act(openCart);
    // A guest's lines are checked for stock too, without a token.
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(screen.getByTestId('cart-total').textContent).toContain("Ціни з'являться після входу");
    expect(screen.queryByText(/0\.00/)).toBeNull();
    expect(screen.getByTestId('cart-items-count').textContent).toBe('3 товари');
    expect(screen.getByRole('link', { name: 'Перейти до оформлення' }).getAttribute('href')).toBe('/checkout');
  });

  it('re-reads a signed-in shopper’s products with the token and stores their current prices', async () => {
    addToCart(product(), { count: 2 });
    addToCart(product({ id: 9, slug: 'cap' }));
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      expect((init.headers as Record<string, string>).Authorization).toBe('Bearer access-token');
      const slug = url.split('/').pop();
      const body = slug === 'jacket' ? product({ price: '1250.50' }) : product({ id: 9, slug: 'cap', price: '99.90' });
      return new Response(JSON.stringify(body), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    signIn();
    renderSidebar();
    // Sign-in alone refreshes the stored lines.
    await waitFor(() => expect(readCart().map((line) => line.price)).toEqual(['1250.50', '99.90']));
    expect(fetch.mock.calls.map(([url]) => url).sort()).toEqual(['/api/products/cap', '/api/products/jacket']);

    // Opening the sidebar asks again and shows the total of current prices.
    act(openCart);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(4));
    expect(screen.getByTestId('cart-total').textContent).toBe('Загальна вартість: 2\u202F600,90\u00A0₴');
    expect(screen.getAllByTestId('cart-line-price').map((p) => p.textContent)).toEqual([
      '1\u202F250,50\u00A0₴ × 2',
      '99,90\u00A0₴ × 1',
    ]);
  });

  it('marks a line whose product is gone and leaves it out of the total', async () => {
    addToCart(product({ price: '10.00' }));
    addToCart(product({ id: 8, slug: 'gone', price: '5.00' }));
    vi.stubGlobal('fetch', async (url: string) =>
      url.endsWith('/gone')
        ? new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 })
        : new Response(JSON.stringify(product({ price: '12.00' })), { status: 200 }),
    );
    signIn();
    renderSidebar();
    act(openCart);
    await waitFor(() => expect(screen.getByTestId('cart-line-unavailable')).toBeTruthy());
    expect(screen.getByTestId('cart-total').textContent).toBe('Загальна вартість: 12,00\u00A0₴');
  });

  it('marks a line whose size is sold out in its colour, and says why the checkout refuses it', async () => {
    const stocked = {
      sizes: [
        { id: 1, name: '43', available: true, colors_available: [4] },
        { id: 2, name: '44', available: true, colors_available: [3, 4] },
      ],
      colors: [
        { id: 3, name: 'Олива', name_ru: 'Олива', color_rgb: '#5A5D37', available: true, sizes_available: [2] },
        { id: 4, name: 'Чорний', name_ru: 'Черный', color_rgb: '#1C1C1C', available: true, sizes_available: [1, 2] },
      ],
    };
    const olive = stocked.colors[0] as Product['colors'][number];
    addToCart(product(stocked), { size: { id: 1, name: '43' }, color: olive });
    addToCart(product(stocked), { size: { id: 2, name: '44' }, color: olive });
    // A guest: no token, and the answer has no price.
    vi.stubGlobal('fetch', async () => Response.json(product(stocked)));
    renderSidebar();
    act(openCart);
    await waitFor(() => expect(screen.getAllByTestId('cart-line-unavailable')).toHaveLength(1));
    const [sold, kept] = screen.getAllByTestId('cart-line');
    expect(sold?.textContent).toContain('Розмір: 43');
    expect(sold?.textContent).toContain('Немає в наявності — приберіть з кошика');
    expect(kept?.textContent).not.toContain('Немає в наявності');
    expect(readCart().map((line) => line.available)).toEqual([false, true]);
    const blocked = screen.getByTestId('cart-blocked');
    expect(blocked.textContent).toBe(
      'Деяких товарів немає в наявності: приберіть їх з кошика, щоб оформити замовлення.',
    );
    expect(screen.getByRole('link', { name: 'Перейти до оформлення' }).getAttribute('aria-describedby')).toBe(
      blocked.id,
    );
  });

  it('says which lines changed since the shopper last saw them', async () => {
    let price = '100.00';
    let onSale = false;
    vi.stubGlobal('fetch', async () => Response.json(product({ price, is_on_sale: onSale })));
    addToCart(product({ price: '100.00' }));
    signIn();
    renderSidebar();
    act(openCart);
    await waitFor(() => expect(screen.getByTestId('cart-line-unavailable')).toBeTruthy());
    expect(screen.queryByTestId('cart-line-change')).toBeNull();

    // Back in stock, at another price.
    price = '120.00';
    onSale = true;
    act(closeCart);
    act(openCart);
    await waitFor(() => expect(screen.getAllByTestId('cart-line-change')).toHaveLength(2));
    expect(screen.getAllByTestId('cart-line-change').map((p) => p.textContent)).toEqual([
      'Ціна змінилася: було 100,00\u00A0₴',
      'Знову в наявності',
    ]);
    expect(screen.queryByTestId('cart-line-unavailable')).toBeNull();
    expect(screen.queryByTestId('cart-blocked')).toBeNull();
  });

  it('reads each product once, a few at a time', async () => {
    let running = 0;
    let most = 0;
    const read = vi.fn(async (slug: string) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return slug === 'none' ? null : product({ slug });
    });
    const found = await readCurrentProducts(['a', 'b', 'a', 'c', 'd', 'e', 'f', 'none'], read);
    expect(read).toHaveBeenCalledTimes(7);
    expect(most).toBe(4);
    expect(found.get('none')).toBeNull();
    expect(found.get('f')?.slug).toBe('f');
  });
});

describe('the add-to-cart confirmation', () => {
  it('shows without taking the focus, leads to the cart, and goes by itself', () => {
    vi.useFakeTimers();
    renderSidebar();
    const before = document.activeElement;
    act(() => showCartToast('Куртка'));
    const toast = screen.getByTestId('cart-toast');
    expect(toast.textContent).toContain('Товар додано до кошика');
    expect(toast.textContent).toContain('Куртка');
    expect(toast.closest('[role="status"]')).toBeTruthy();
    expect(document.activeElement).toBe(before);

    act(() => vi.advanceTimersByTime(cartToastMs + 10));
    expect(screen.queryByTestId('cart-toast')).toBeNull();

    act(() => showCartToast('Кепка'));
    fireEvent.click(screen.getByRole('button', { name: 'Перейти до кошика' }));
    expect(screen.getByTestId('cart-sidebar')).toBeTruthy();
    expect(screen.queryByTestId('cart-toast')).toBeNull();
  });

  it('stays while the pointer is on it', () => {
    vi.useFakeTimers();
    renderSidebar();
    act(() => showCartToast('Куртка'));
    fireEvent.mouseEnter(screen.getByTestId('cart-toast'));
    act(() => vi.advanceTimersByTime(cartToastMs * 3));
    expect(screen.getByTestId('cart-toast')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Перейти до кошика' }), { key: 'Escape' });
    expect(screen.queryByTestId('cart-toast')).toBeNull();
  });
});

describe('the add-to-cart button of a catalogue card', () => {
  it('puts a product without sizes in the cart in its first colour that can be bought', () => {
    localStorage.clear();
    const colour = (id: number, available: boolean) => ({
      id,
      name: `c${id}`,
      name_ru: `c${id}`,
      color_rgb: '#000000',
      available,
    });
    const jacket = product({ colors: [colour(1, false), colour(2, true), colour(3, true)] });
    const router = createMemoryRouter([{ path: '*', element: <AddToCartButton product={jacket} compact /> }]);
    render(
      <I18nProvider lng="uk" messages={uk as Messages}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByTestId('add-to-cart'));
    expect(readCart().map((line) => line.selectedColor?.id)).toEqual([2]);
  });
});
