import type { Product } from '@kram/contract/catalog';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../public/locales/ru.json';
import uk from '../../../public/locales/uk.json';
import { readCart } from '../../features/cart/cart-storage';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { aProduct } from '../../test-fixtures';
import { ProductView } from './product-view';
import { stockReason } from './stock-reason';

const olive = { id: 1, name: 'Олива', name_ru: 'Оливковый', color_rgb: '#5A5D37', swatch_image: null };
const black = { id: 3, name: 'Чорний', name_ru: 'Черный', color_rgb: '#1C1C1C', swatch_image: null };

/** 42 in both colours, 43 in black only, 44 in none; the main photo is black. */
const jacket: Product = aProduct(7, {
  name: 'Куртка',
  sizes: [
    { id: 42, name: '42', available: true, colors_available: [1, 3] },
    { id: 43, name: '43', available: true, colors_available: [3] },
    { id: 44, name: '44', available: false, colors_available: [] },
  ],
  colors: [
    { ...olive, available: true, sizes_available: [42] },
    { ...black, available: true, sizes_available: [42, 43] },
  ],
  product_images: [{ image: '/media/products/j-1200.webp', color: 3, variants: {} }],
});

function renderPage(product: Product = jacket, lng: 'uk' | 'ru' = 'uk') {
  const router = createMemoryRouter([
    { path: '*', element: <ProductView product={product} rating={null} similar={[]} categories={[]} /> },
  ]);
  return render(
    <I18nProvider lng={lng} messages={(lng === 'uk' ? uk : ru) as Messages}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const sizes = () => within(screen.getByTestId('size-options'));
const colors = () => within(screen.getByTestId('color-options'));
/** The radios marked unavailable, by name: each is described as out of stock. */
const dimmed = (scope: { getAllByRole: (role: 'radio') => HTMLElement[] }) =>
  scope
    .getAllByRole('radio')
    .filter((radio) => radio.getAttribute('aria-disabled') === 'true')
    .map((radio) => {
      const description = document.getElementById(radio.getAttribute('aria-describedby') ?? '')?.textContent;
      return `${radio.parentElement?.textContent}: ${description}`;
    });

afterEach(() => vi.unstubAllGlobals());

describe('the product page’s stock', () => {
  it('dims the sizes the chosen colour lacks, and the colours the chosen size lacks', () => {
    renderPage();
    // Black is chosen: only 44 is dimmed, still a radio that can be reached and chosen.
    expect(dimmed(sizes())).toEqual(['44: немає в наявності']);
    expect(screen.getByText('44').closest('label')?.getAttribute('title')).toBe('немає в наявності');

    fireEvent.click(colors().getByRole('radio', { name: 'Олива' }));
    expect(dimmed(sizes())).toEqual(['43: немає в наявності', '44: немає в наявності']);
    expect(dimmed(colors())).toEqual([]);

    fireEvent.click(sizes().getByRole('radio', { name: '43' }));
    expect(dimmed(colors())).toEqual(['Олива: немає в наявності']);
    expect(colors().getByRole('radio', { name: 'Чорний' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('says why a dimmed size cannot be added, offers the mail, and adds nothing', () => {
    renderPage();
    expect(screen.queryByTestId('stock-alert')).toBeNull();
    fireEvent.click(colors().getByRole('radio', { name: 'Олива' }));
    fireEvent.click(sizes().getByRole('radio', { name: '43' }));
    const reason = screen.getByTestId('stock-reason');
    expect(reason.getAttribute('role')).toBe('status');
    expect(reason.textContent).toBe('Розміру 43 у кольорі Олива немає в наявностіЄ в кольорах: Чорний');
    const add = screen.getByTestId('add-to-cart');
    expect(add.textContent).toBe('Немає в наявності');
    expect(add.getAttribute('aria-disabled')).toBe('true');
    expect(add.getAttribute('aria-describedby')).toBe(reason.id);
    fireEvent.click(add);
    expect(readCart()).toEqual([]);
    expect(screen.getByRole('form', { name: "Повідомити, коли з'явиться" })).toBeTruthy();

    // Another colour that has the size: the reason and the form go, and the size can be added.
    fireEvent.click(colors().getByRole('radio', { name: 'Чорний' }));
    expect(screen.queryByTestId('stock-alert')).toBeNull();
    expect(screen.getByTestId('stock-reason').textContent).toBe('');
    fireEvent.click(screen.getByTestId('add-to-cart'));
    expect(readCart()).toMatchObject([{ id: 7, selectedSize: { id: 43 }, selectedColor: { id: 3 }, count: 1 }]);
  });

  it('subscribes the variant chosen', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({ detail: 'We will write when it is back.' }, { status: 201 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderPage();
    fireEvent.click(sizes().getByRole('radio', { name: '44' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Ваш e-mail' }), { target: { value: 'olena@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Повідомити мене' }));
    await waitFor(() => expect(screen.getByTestId('stock-alert-done')).toBeTruthy());
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/stock-alerts/');
    expect(JSON.parse(init.body as string)).toEqual({ product: 7, size: 44, color: 3, email: 'olena@example.com' });
  });

  it('speaks Russian on the Russian page', () => {
    renderPage(jacket, 'ru');
    fireEvent.click(colors().getByRole('radio', { name: 'Оливковый' }));
    fireEvent.click(sizes().getByRole('radio', { name: '43' }));
    expect(screen.getByTestId('stock-reason').textContent).toBe(
      'Размера 43 в цвете Оливковый нет в наличииЕсть в цветах: Черный',
    );
    expect(screen.getByRole('form', { name: 'Сообщить, когда появится' })).toBeTruthy();
  });

  it('keeps the page as it was for a server that does not count stock per variant', () => {
    const old = aProduct(8, { sizes: [{ id: 1, name: 'M' }], colors: [olive] });
    renderPage(old);
    expect(dimmed(sizes())).toEqual([]);
    fireEvent.click(sizes().getByRole('radio', { name: 'M' }));
    expect(screen.queryByTestId('stock-alert')).toBeNull();
    expect(screen.getByTestId('add-to-cart').textContent).toBe('У кошик');
  });
});

describe('the reason a variant cannot be bought', () => {
  const size = (id: number) => jacket.sizes.find((s) => s.id === id) ?? null;
  it('names the size, the colour, both or the product', () => {
    expect(stockReason(jacket, null, olive, 'uk')).toBeNull();
    expect(stockReason(jacket, size(42), olive, 'uk')).toBeNull();
    expect(stockReason(jacket, size(44), null, 'uk')).toEqual({
      key: 'stock.size',
      values: { size: '44' },
      otherColors: [],
    });
    expect(stockReason(jacket, size(43), olive, 'ru')).toEqual({
      key: 'stock.sizeInColor',
      values: { size: '43', color: 'Оливковый' },
      otherColors: ['Черный'],
    });
    const flask = aProduct(9, { colors: [{ ...black, available: false, sizes_available: [] }] });
    expect(stockReason(flask, null, flask.colors[0] ?? null, 'uk')?.key).toBe('stock.color');
    expect(stockReason(aProduct(10, { is_on_sale: false }), null, null, 'uk')?.key).toBe('stock.product');
  });
});
