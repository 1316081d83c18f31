import type { Product } from '@kram/contract/catalog';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import uk from '../../../public/locales/uk.json';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { ProductView } from './product-view';

const image = (key: string, color: number | null) => ({
  image: `/media/products/${key}-1200.webp`,
  color,
  variants: { '400': `/media/products/${key}-400.webp`, '1200': `/media/products/${key}-1200.webp` },
});
const olive = { id: 1, name: 'Олива', name_ru: 'Олива', color_rgb: '#5A5D37', swatch_image: null };
const black = { id: 3, name: 'Чорний', name_ru: 'Черный', color_rgb: '#1C1C1C', swatch_image: null };
const multicam = {
  id: 4,
  name: 'Мультикам',
  name_ru: 'Мультикам',
  color_rgb: null,
  swatch_image: '/media/swatches/multicam.webp',
};
const bare = { id: 9, name: 'Візерунок', name_ru: 'Узор', color_rgb: null, swatch_image: null };

const product: Product = {
  id: 7,
  slug: 'kurtka-alpha',
  sku: 'KR-JKT-00007',
  name: 'Куртка Alpha',
  name_ru: 'Куртка Alpha',
  description: 'Тепла куртка',
  description_ru: 'Тёплая куртка',
  price: null,
  old_price: null,
  is_on_promo: false,
  is_on_sale: true,
  is_new: false,
  sizes: [],
  // In the shop's colour order; the product was photographed in black first.
  colors: [olive, black, multicam, bare],
  compositions: [],
  product_images: [
    image('jacket-black-1', 3),
    image('jacket-black-2', 3),
    image('jacket-label', null),
    image('jacket-olive-1', 1),
    image('jacket-multicam-1', 4),
  ],
  category_full_path: 'odyag/kurtky',
};

function renderView(similar: Product[] | null = [], url = '/product/odyag/kurtky/kurtka-alpha') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <ProductView product={product} rating={4} similar={similar} categories={[]} />,
      },
    ],
    { initialEntries: [url] },
  );
  return render(
    <I18nProvider lng="uk" messages={uk as Messages}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const shownImage = () =>
  (within(screen.getByTestId('gallery')).getAllByRole('img')[0] as HTMLImageElement).getAttribute('src');
const thumbnails = () => within(screen.getByTestId('gallery')).queryAllByRole('button', { name: /Показати фото/ });
const colorRadio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('ProductView colours', () => {
  it("starts on the colour of the main photo and shows that colour's photos with the shared ones", () => {
    renderView();
    expect(colorRadio('Чорний').checked).toBe(true);
    expect(shownImage()).toContain('jacket-black-1');
    expect(thumbnails()).toHaveLength(3);
  });

  it('switches the gallery to the photos of the colour picked', () => {
    renderView();
    fireEvent.click(colorRadio('Олива'));
    expect(colorRadio('Олива').checked).toBe(true);
    expect(shownImage()).toContain('jacket-label');
    expect(thumbnails()).toHaveLength(2);
    fireEvent.click(thumbnails()[1] as HTMLElement);
    expect(shownImage()).toContain('jacket-olive-1');
    fireEvent.click(colorRadio('Мультикам'));
    expect(shownImage()).toContain('jacket-label');
    fireEvent.click(screen.getByRole('button', { name: 'Наступне фото' }));
    expect(shownImage()).toContain('jacket-multicam-1');
  });

  it('opens on the colour a filtered catalogue card links to', () => {
    renderView([], '/product/odyag/kurtky/kurtka-alpha?color=1');
    expect(colorRadio('Олива').checked).toBe(true);
    expect(thumbnails()).toHaveLength(2);
  });

  it("shows a camouflage colour's swatch and dims a colour with nothing to show", () => {
    renderView();
    const swatchOf = (name: string) => colorRadio(name).parentElement?.querySelector('.swatch') as HTMLElement;
    expect(swatchOf('Мультикам').style.backgroundImage).toContain('/media/swatches/multicam.webp');
    expect(colorRadio('Мультикам').disabled).toBe(false);
    expect(colorRadio('Візерунок').disabled).toBe(true);
    expect(colorRadio('Візерунок').parentElement?.className).toContain('is-dimmed');
    fireEvent.click(colorRadio('Візерунок'));
    expect(colorRadio('Чорний').checked).toBe(true);
  });
});

describe('ProductView similar products', () => {
  it('lists them, says when there are none, and says when they could not be loaded', () => {
    const other = { ...product, id: 8, slug: 'kurtka-bravo', name: 'Куртка Bravo' };
    const first = renderView([other]);
    expect(within(screen.getByTestId('similar')).getByRole('heading', { name: 'Куртка Bravo' })).toBeTruthy();
    first.unmount();
    const second = renderView([]);
    expect(within(screen.getByTestId('similar')).getByText('Схожих товарів немає')).toBeTruthy();
    second.unmount();
    renderView(null);
    expect(within(screen.getByTestId('similar')).getByText(/Не вдалося завантажити схожі товари/)).toBeTruthy();
  });

  it('fetches the main photo first, and no similar product’s photo ahead of it', () => {
    const others = [2, 3].map((id) => ({ ...product, id, slug: `item-${id}` }));
    renderView(others);
    const gallery = within(screen.getByTestId('gallery')).getAllByRole('img')[0] as HTMLImageElement;
    expect(gallery.getAttribute('fetchpriority')).toBe('high');
    const cards = screen.getAllByTestId('product-card');
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      expect(card.querySelector('img')?.getAttribute('fetchpriority'), card.textContent ?? '').toBeNull();
    }
  });
});
