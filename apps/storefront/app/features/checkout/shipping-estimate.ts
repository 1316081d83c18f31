import type { ShippingEstimate } from '@kram/contract/delivery';
import { shippingEstimate } from '@kram/contract/endpoints/shop';
import { formatMoney } from '@kram/contract/money';
import type { DeliveryType, PaymentMethod } from '@kram/contract/orders';
import { api } from '../../lib/api';
import { type CartLine, cartTotal } from '../../lib/cart-line';

export type { ShippingEstimate };

/** What the carrier's estimate is asked for: a city, the order's amount and how it is paid. */
export interface EstimateRequest {
  cityRef: string;
  /** UAH, `1234.50`. */
  amount: string;
  paymentMethod: PaymentMethod;
  /** To a branch or to the door: the carrier's tariffs differ. */
  deliveryType: 'branch' | 'address';
}

/**
 * The estimate to ask for, or null when there is none to ask: pickup at the shop, no city picked from
 * the directory, or a signed-in shopper's prices still being read (the amount would change at once).
 * A guest's cart has no prices: the carrier is asked with 0, and its price is not shown to a guest.
 */
export function estimateRequest({
  deliveryType,
  cityRef,
  paymentMethod,
  lines,
  pricesLoading,
}: {
  deliveryType: DeliveryType;
  cityRef: string | null;
  paymentMethod: PaymentMethod;
  lines: readonly CartLine[];
  pricesLoading: boolean;
}): EstimateRequest | null {
  if (deliveryType === 'self_delivery' || !cityRef || pricesLoading) return null;
  return { cityRef, amount: formatMoney(cartTotal(lines) ?? 0), paymentMethod, deliveryType };
}

/** `GET /api/shipping/estimate/`: the carrier's price and day, each null when it cannot say. */
export function readShippingEstimate(request: EstimateRequest, signal?: AbortSignal): Promise<ShippingEstimate> {
  return api.call(shippingEstimate, {
    query: {
      city_ref: request.cityRef,
      amount: request.amount,
      payment_method: request.paymentMethod,
      delivery_type: request.deliveryType,
    },
    signal,
  });
}
