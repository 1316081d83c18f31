import type { Product } from '@kram/contract/catalog';
import type { Order } from '@kram/contract/orders';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import ru from '../../public/locales/ru.json';
import uk from '../../public/locales/uk.json';
import { OrderCard } from '../features/account/order-card';
import { ProductPrice } from '../features/catalog/product-price';
import { CheckoutSummary } from '../features/checkout/checkout-summary';
import { OrderDetails } from '../features/checkout/order-details';
import type { CartLine } from '../lib/cart-line';
import { I18nProvider, type Messages } from '../lib/i18n';

// Every screen writes money one way: "2 350,00 ₴", a narrow no-break space between thousands, a comma
// before kopiyky, a no-break space before the sign ("грн" where the totals spell it out).
const nnbsp = '\u202F';
const nbsp = '\u00A0';

const product: Product = {
  id: 7,
  slug: 'jacket',
  sku: 'KR-1',
  name: 'Куртка',
  name_ru: 'Куртка',
  description: '',
  description_ru: '',
  price: '2350.00',
  old_price: '12500.5',
  is_on_promo: true,
  is_on_sale: true,
  is_new: false,
  sizes: [],
  colors: [],
  compositions: [],
  product_images: [],
  category_full_path: 'odyag',
};

const line: CartLine = {
  id: 7,
  slug: 'jacket',
  name: 'Куртка',
  name_ru: 'Куртка',
  price: '2350.00',
  count: 2,
  category_full_path: 'odyag',
  product_images: [],
  selectedColor: null,
  selectedSize: null,
};

const order: Order = {
  order_id: '4f9c2a1e-0000-4000-8000-00000a1b2c3d',
  status: 'new',
  payment_method: 'cash',
  delivery_type: 'branch',
  shipping_address: { city: 'Київ', branch: '1' },
  amount: '4700.00',
  discount: '0.00',
  promo_code: null,
  created_at: '2026-11-23T10:05:00Z',
  items: [
    {
      product: 7,
      quantity: 2,
      price: '2350.00',
      name: 'Куртка',
      name_ru: 'Куртка',
      slug: 'jacket',
      category_full_path: 'odyag',
      product_images: [],
      sizes: [],
      colors: [],
      size: null,
      color: null,
    },
  ],
};

function inPage(lng: 'uk' | 'ru', element: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }]);
  return (
    <I18nProvider lng={lng} messages={(lng === 'uk' ? uk : ru) as Messages}>
      <RouterProvider router={router} />
    </I18nProvider>
  );
}

describe('money on the storefront’s screens', () => {
  it('the product card and page: the price and the struck old price', () => {
    render(inPage('uk', <ProductPrice product={product} />));
    expect(screen.getByTestId('price').textContent).toBe(`Стара ціна: 12${nnbsp}500,50${nbsp}₴2${nnbsp}350,00${nbsp}₴`);
  });

  it('the product page: the price per unit, in both languages', () => {
    const { unmount } = render(inPage('uk', <ProductPrice product={product} perUnit />));
    expect(screen.getByText(/ \/ шт$/).textContent).toBe(`2${nnbsp}350,00${nbsp}₴ / шт`);
    unmount();
    render(inPage('ru', <ProductPrice product={product} perUnit />));
    expect(screen.getByText(/ \/ шт$/).textContent).toBe(`2${nnbsp}350,00${nbsp}₴ / шт`);
  });

  it('the checkout: subtotal and total', () => {
    render(
      inPage(
        'uk',
        <CheckoutSummary ready lines={[line]} signedIn pricesLoading={false} list={null} error={undefined} />,
      ),
    );
    expect(screen.getByTestId('checkout-subtotal').textContent).toBe(`4${nnbsp}700,00${nbsp}грн`);
    expect(screen.getByTestId('checkout-total').textContent).toBe(`4${nnbsp}700,00${nbsp}грн`);
  });

  it('the success page: the total', () => {
    render(
      inPage(
        'ru',
        <OrderDetails
          orderId={order.order_id}
          status="new"
          paymentMethod="cash"
          order={{ ...order, items: [] }}
          statusFailed={false}
        />,
      ),
    );
    expect(screen.getByTestId('order-total').textContent).toBe(`4${nnbsp}700,00${nbsp}грн`);
    // The status is named by the contract's order labels, as in the account's history.
    expect(screen.getByTestId('order-status').textContent).toBe('Новый');
  });

  it('the account’s orders: the total and each line’s price', () => {
    render(inPage('uk', <OrderCard order={order} />));
    expect(screen.getByTestId('order-total').textContent).toBe(`4${nnbsp}700,00${nbsp}грн`);
    expect(screen.getByText(/ \/ шт$/).textContent).toBe(`2${nnbsp}350,00${nbsp}₴ / шт`);
  });

  it('is the same text rendered on the server as in the browser', () => {
    const html = renderToString(inPage('uk', <ProductPrice product={product} />));
    expect(html).toContain(`2${nnbsp}350,00${nbsp}₴`);
  });
});
