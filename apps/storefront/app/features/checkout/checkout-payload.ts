import { selfPickup } from '@kram/contract/delivery';
import type { Language } from '@kram/contract/language';
import { formatMoney } from '@kram/contract/money';
import { type DeliveryType, orderBody, type PaymentMethod } from '@kram/contract/orders';
import type { z } from 'zod';
import { type CartLine, cartTotal, isOrderable } from '../../lib/cart-line';
import type { DirectoryValue } from './directory-field';

export interface CheckoutValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  payment_method: PaymentMethod;
  delivery_type: DeliveryType;
  city: DirectoryValue;
  branch: DirectoryValue;
  /** The courier's street address (delivery_type `address`). */
  address: string;
  need_call_back: boolean;
  description: string;
  agreement: boolean;
  /** The promo code the checkout applied (upper case), or empty for none. */
  promo_code: string;
}

export const initialCheckoutValues: CheckoutValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  payment_method: 'cash',
  delivery_type: 'branch',
  city: { text: '', ref: null },
  branch: { text: '', ref: null },
  address: '',
  need_call_back: false,
  description: '',
  agreement: false,
  promo_code: '',
};

export type OrderPayload = z.input<typeof orderBody>;

/** The fields of the form, in the order they appear (the first one with an error takes the focus). */
export const checkoutFields = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'city',
  'branch',
  'address',
  'payment_method',
  'description',
  'agreement',
  'promo_code',
  'items',
] as const;
export type CheckoutField = (typeof checkoutFields)[number];
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

/**
 * The order payload of spec section 3 from the form and the cart. Pickup names the shop's address
 * instead of a city and branch; courier delivery sends the street address as the branch. A guest
 * sees no prices, so a guest's order carries none (the server prices every order anyway).
 */
export function buildOrderPayload(
  values: CheckoutValues,
  lines: readonly CartLine[],
  options: { lng: Language; signedIn: boolean },
): OrderPayload {
  const total = options.signedIn ? cartTotal(lines) : null;
  let shipping_address: NonNullable<OrderPayload['shipping_address']>;
  if (values.delivery_type === 'self_delivery') {
    shipping_address = { ...selfPickup[options.lng] };
  } else if (values.delivery_type === 'address') {
    shipping_address = { city: values.city.text.trim(), branch: values.address.trim() };
    if (values.city.ref) shipping_address.city_ref = values.city.ref;
  } else {
    shipping_address = { city: values.city.text.trim(), branch: values.branch.text.trim() };
    if (values.city.ref) shipping_address.city_ref = values.city.ref;
    if (values.city.ref && values.branch.ref) shipping_address.branch_ref = values.branch.ref;
  }
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    phone_number: values.phone,
    payment_method: values.payment_method,
    delivery_type: values.delivery_type,
    shipping_address,
    need_call_back: values.need_call_back,
    description: values.description.trim(),
    items: lines.filter(isOrderable).map((line) => ({
      product: line.id,
      quantity: line.count,
      size: line.selectedSize?.id ?? null,
      color: line.selectedColor?.id ?? null,
      ...(options.signedIn && line.price !== null ? { price: line.price } : {}),
    })),
    // A number with two decimals (spec section 3): exact for any sum of kopiyky.
    amount: total === null ? 0 : Number(formatMoney(total)),
    isChecked: values.need_call_back,
    isAgreement: values.agreement,
    // The page's language, which its address decides: the order's mails and return links follow it.
    lng: options.lng,
    // One code per order; the server prices its discount again and may still refuse it.
    ...(values.promo_code ? { promo_code: values.promo_code } : {}),
  };
}

/** Which field of the form an issue of the order schema (or a server's field error) belongs to. */
export function fieldOfPath(path: readonly PropertyKey[] | string, delivery: DeliveryType): CheckoutField | null {
  const [head, sub] = typeof path === 'string' ? path.split('.') : path.map(String);
  switch (head) {
    case 'first_name':
    case 'last_name':
    case 'email':
    case 'payment_method':
    case 'description':
    case 'promo_code':
      return head;
    case 'phone_number':
      return 'phone';
    case 'isAgreement':
      return 'agreement';
    case 'items':
      return 'items';
    case 'shipping_address':
      if (sub === 'city' || sub === 'city_ref') return 'city';
      return delivery === 'address' ? 'address' : 'branch';
    default:
      return null;
  }
}

export interface Checked {
  ok: boolean;
  errors: CheckoutErrors;
}

/**
 * The checkout's rules are the contract's order schema (spec section 5): every problem at once, the
 * first message of each field kept. A line the shop no longer sells blocks the order too.
 */
export function checkOrder(payload: OrderPayload, lines: readonly CartLine[]): Checked {
  const errors: CheckoutErrors = {};
  const parsed = orderBody.safeParse(payload);
  const delivery = payload.delivery_type;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(issue.path, delivery);
      if (field) errors[field] ??= issue.message;
    }
  }
  if (!errors.items && lines.some((line) => !isOrderable(line))) errors.items = 'checkout.unavailable';
  return { ok: Object.keys(errors).length === 0, errors };
}
