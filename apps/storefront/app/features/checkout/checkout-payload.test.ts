import { selfPickup } from '@kram/contract/delivery';
import { orderBody } from '@kram/contract/orders';
import { describe, expect, it } from 'vitest';
import { type CartLine, cartTotal } from '../../lib/cart-line';
import { buildOrderPayload, type CheckoutValues, checkOrder, initialCheckoutValues } from './checkout-payload';

const line = (over: Partial<CartLine> = {}): CartLine => ({
  id: 7,
  slug: 'jacket',
  name: 'Куртка',
  name_ru: 'Куртка',
  price: '1250.50',
  count: 2,
  category_full_path: 'odyag/kurtky',
  product_images: [],
  selectedColor: { id: 3, name: 'Олива', name_ru: 'Олива' },
  selectedSize: { id: 1, name: 'M' },
  ...over,
});

const filled: CheckoutValues = {
  ...initialCheckoutValues,
  first_name: 'Олена',
  last_name: 'Коваль',
  email: 'olena@example.com',
  phone: '+380671234567',
  city: { text: 'Київ', ref: 'city-1' },
  branch: { text: 'Відділення №1', ref: 'wh-1' },
  agreement: true,
};

const uk = { lng: 'uk' as const, signedIn: true };

describe('the order payload', () => {
  it('carries the form and the cart in the shape of spec section 3', () => {
    const lines = [
      line(),
      line({ id: 9, slug: 'cap', price: '0.10', count: 3, selectedColor: null, selectedSize: null }),
    ];
    const payload = buildOrderPayload({ ...filled, need_call_back: true, description: '  Після 18:00 ' }, lines, uk);
    expect(payload).toEqual({
      first_name: 'Олена',
      last_name: 'Коваль',
      email: 'olena@example.com',
      phone_number: '+380671234567',
      payment_method: 'cash',
      delivery_type: 'branch',
      shipping_address: { city: 'Київ', branch: 'Відділення №1', city_ref: 'city-1', branch_ref: 'wh-1' },
      need_call_back: true,
      description: 'Після 18:00',
      items: [
        { product: 7, quantity: 2, size: 1, color: 3, price: '1250.50' },
        { product: 9, quantity: 3, size: null, color: null, price: '0.10' },
      ],
      // 2 × 1250.50 + 3 × 0.10, exactly.
      amount: 2501.3,
      isChecked: true,
      isAgreement: true,
      lng: 'uk',
    });
    expect(orderBody.safeParse(payload).success).toBe(true);
  });

  it('sends no prices for a guest, who sees none', () => {
    const payload = buildOrderPayload(filled, [line({ price: null })], { lng: 'uk', signedIn: false });
    expect(payload.items).toEqual([{ product: 7, quantity: 2, size: 1, color: 3 }]);
    expect(payload.amount).toBe(0);
    // A price left from an earlier session is not sent either.
    expect(buildOrderPayload(filled, [line()], { lng: 'uk', signedIn: false }).items?.[0]).not.toHaveProperty('price');
  });

  it('sends the shop’s pickup address for self-delivery, in the page’s language', () => {
    const values: CheckoutValues = { ...filled, delivery_type: 'self_delivery', city: { text: '', ref: null } };
    expect(buildOrderPayload(values, [line()], uk).shipping_address).toEqual(selfPickup.uk);
    expect(buildOrderPayload(values, [line()], { lng: 'ru', signedIn: true }).shipping_address).toEqual(selfPickup.ru);
    expect(buildOrderPayload(values, [line()], { lng: 'ru', signedIn: true }).lng).toBe('ru');
  });

  it('sends the courier address as the branch, without a branch ref', () => {
    const values: CheckoutValues = { ...filled, delivery_type: 'address', address: ' вул. Хрещатик, 1, кв. 5 ' };
    expect(buildOrderPayload(values, [line()], uk).shipping_address).toEqual({
      city: 'Київ',
      city_ref: 'city-1',
      branch: 'вул. Хрещатик, 1, кв. 5',
    });
  });

  it('leaves out lines the shop no longer sells, and their prices from the total', () => {
    const lines = [line(), line({ id: 8, slug: 'gone', available: false, price: '999.00' })];
    expect(buildOrderPayload(filled, lines, uk).items?.map((i) => i.product)).toEqual([7]);
    expect(cartTotal(lines)).toBe(250100);
    expect(cartTotal([line({ price: null })])).toBeNull();
  });
});

describe('the checkout rules', () => {
  const check = (values: Partial<CheckoutValues>, lines = [line()]) => {
    const all = { ...filled, ...values };
    return checkOrder(buildOrderPayload(all, lines, uk), lines);
  };

  it('pass a complete order', () => {
    expect(check({})).toEqual({ ok: true, errors: {} });
  });

  it('name every missing field at once with its key', () => {
    const result = check(initialCheckoutValues, []);
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual({
      first_name: 'validation.firstname_required',
      last_name: 'validation.lastname_required',
      email: 'validation.email_required',
      phone: 'validation.telephone_required',
      city: 'validation.city_required',
      branch: 'validation.branch_required',
      agreement: 'validation.agreement_required',
      items: 'validation.items_required',
    });
  });

  it('check the e-mail and the phone by the shared rules', () => {
    expect(check({ email: 'olena@', phone: '+38067123' }).errors).toEqual({
      email: 'validation.invalid_email',
      phone: 'validation.invalid_telephone',
    });
  });

  it('want a courier address for courier delivery, and nothing for pickup', () => {
    expect(check({ delivery_type: 'address', address: '  ' }).errors).toEqual({
      address: 'validation.address_required',
    });
    expect(check({ delivery_type: 'address', city: { text: ' ', ref: null }, address: 'вул. Тиха, 1' }).errors).toEqual(
      {
        city: 'validation.city_required',
      },
    );
    expect(
      check({ delivery_type: 'self_delivery', city: { text: '', ref: null }, branch: { text: '', ref: null } }),
    ).toEqual({
      ok: true,
      errors: {},
    });
  });

  it('block an order with a product the shop no longer sells', () => {
    expect(check({}, [line(), line({ id: 8, available: false })]).errors).toEqual({ items: 'checkout.unavailable' });
  });
});
