import { orderBody } from '@kram/contract/orders';
import { describe, expect, it } from 'vitest';
import ru from '../../../public/locales/ru.json';
import uk from '../../../public/locales/uk.json';
import { buildOrderPayload, type CheckoutValues, fieldOfPath, initialCheckoutValues } from './checkout-payload';
import { promoFieldKey, promoRefusalKey } from './promo-code';

const filled: CheckoutValues = {
  ...initialCheckoutValues,
  first_name: 'Олена',
  last_name: 'Коваль',
  email: 'olena@example.com',
  phone: '+380671234567',
  city: { text: 'Київ', ref: null },
  branch: { text: 'Відділення №1', ref: null },
  agreement: true,
};

const line = {
  id: 7,
  slug: 'jacket',
  name: 'Куртка',
  name_ru: 'Куртка',
  price: '1250.50',
  count: 1,
  category_full_path: 'odyag',
  product_images: [],
  selectedColor: null,
  selectedSize: null,
};

describe('the promo code at the checkout', () => {
  it('goes with the order when one is applied, and not at all otherwise', () => {
    const options = { lng: 'uk' as const, signedIn: false };
    const withCode = buildOrderPayload({ ...filled, promo_code: 'KRAM10' }, [line], options);
    expect(withCode.promo_code).toBe('KRAM10');
    expect(orderBody.safeParse(withCode).success).toBe(true);
    expect('promo_code' in buildOrderPayload(filled, [line], options)).toBe(false);
  });

  it('shows the order’s refusal of the code under the code’s field', () => {
    expect(fieldOfPath('promo_code', 'branch')).toBe('promo_code');
    expect(promoFieldKey('promo.used_up')).toBe('checkout.promo.used_up');
    // The minimum is named by the preview; after the order, the field says the sum is too small.
    expect(promoFieldKey('promo.below_minimum')).toBe('checkout.promo.below_minimum_any');
    expect(promoRefusalKey('validation.invalid_email')).toBeUndefined();
  });

  it('words every refusal in Ukrainian and Russian', () => {
    const codes = [
      'unknown',
      'expired',
      'not_yet_valid',
      'used_up',
      'already_used',
      'below_minimum',
      'not_for_these_goods',
    ];
    for (const messages of [uk, ru]) {
      for (const code of codes) {
        const key = promoRefusalKey(`promo.${code}`)?.split('.').at(-1) as keyof typeof messages.checkout.promo;
        expect(messages.checkout.promo[key], code).toBeTruthy();
      }
      expect(messages.checkout.promo.below_minimum).toContain('{minimum}');
    }
  });
});
