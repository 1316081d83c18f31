import type { ProductImage } from '@kram/contract/catalog';
import { formatMoney, moneyPattern, parseMoney } from '@kram/contract/money';
import { type OrderStatus, orderStatuses, type PaymentMethod, paymentMethods } from '@kram/contract/orders';
import { type CartLine, cartTotal, isOrderable } from '../../lib/cart-line';
import { readString, storageKeys, writeJson, writeString } from '../../lib/storage';

/**
 * The last order, kept under `orderData` for the success page (spec section 3). A cash or matching
 * order is the API's answer, whole. A card order is stored before the shopper leaves for the
 * payment page, from the cart (the invoice's answer names only the order): its status is read
 * again on return, and a guest's total is unknown until the manager confirms it.
 */
export interface StoredOrderItem {
  product: number | null;
  quantity: number;
  price: string | null;
  name: string;
  name_ru: string;
  slug: string;
  category_full_path: string;
  product_images: ProductImage[];
  size: { id: number; name: string } | null;
  color: { id: number; name: string; name_ru: string } | null;
}

export interface StoredOrder {
  order_id: string;
  payment_method: PaymentMethod;
  status: OrderStatus;
  amount: string | null;
  /** What the promo code took off (the order's answer says; a card order's page learns it later). */
  discount?: string;
  promo_code?: string | null;
  items: StoredOrderItem[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isStoredItem(value: unknown): value is StoredOrderItem {
  return (
    isObject(value) &&
    (typeof value.product === 'number' || value.product === null) &&
    Number.isInteger(value.quantity) &&
    (value.price === null ||
      value.price === undefined ||
      (typeof value.price === 'string' && moneyPattern.test(value.price))) &&
    typeof value.name === 'string' &&
    typeof value.slug === 'string' &&
    typeof value.category_full_path === 'string' &&
    Array.isArray(value.product_images)
  );
}

/** Storage is the shopper's to edit: anything not shaped like an order is no order. */
export function isStoredOrder(value: unknown): value is StoredOrder {
  return (
    isObject(value) &&
    typeof value.order_id === 'string' &&
    value.order_id.length >= 7 &&
    paymentMethods.includes(value.payment_method as PaymentMethod) &&
    orderStatuses.includes(value.status as OrderStatus) &&
    // An amount that is not money is no order: the page shows it formatted, never as typed.
    ((typeof value.amount === 'string' && moneyPattern.test(value.amount)) || value.amount === null) &&
    Array.isArray(value.items) &&
    value.items.every(isStoredItem)
  );
}

export function saveOrderData(order: StoredOrder): void {
  writeJson(storageKeys.orderData, order);
}

/** Reads the stored order and removes it (spec "Success page"): it is shown once. */
export function takeOrderData(): StoredOrder | null {
  const raw = readString(storageKeys.orderData);
  if (raw === null) return null;
  writeString(storageKeys.orderData, null);
  try {
    const value: unknown = JSON.parse(raw);
    return isStoredOrder(value) ? value : null;
  } catch {
    return null;
  }
}

/** What a card order holds while its payment is open, from the cart it was placed with. */
export function pendingCardOrder(
  orderId: string,
  lines: readonly CartLine[],
  signedIn: boolean,
  discount?: string,
): StoredOrder {
  const off = discount === undefined ? 0 : parseMoney(discount);
  const total = signedIn ? cartTotal(lines) : null;
  return {
    order_id: orderId,
    payment_method: 'card',
    status: 'awaiting_payment',
    // The amount the invoice asks: the cart's total less the promo code's quoted discount.
    amount: total === null ? null : formatMoney(Math.max(0, total - off)),
    ...(discount === undefined ? {} : { discount: formatMoney(off) }),
    items: lines.filter(isOrderable).map((line) => ({
      product: line.id,
      quantity: line.count,
      price: signedIn ? line.price : null,
      name: line.name,
      name_ru: line.name_ru ?? '',
      slug: line.slug,
      category_full_path: line.category_full_path,
      product_images: line.product_images,
      size: line.selectedSize,
      color: line.selectedColor,
    })),
  };
}
