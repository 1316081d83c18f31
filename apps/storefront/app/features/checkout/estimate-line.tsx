import { formatAmount, parseMoney } from '@kram/contract/money';
import { shopToday, workingDaysUntil } from '../../lib/calendar-days';
import type { CartLine } from '../../lib/cart-line';
import { type Translate, useT } from '../../lib/i18n';
import type { CheckoutValues } from './checkout-payload';
import { estimateRequest, type ShippingEstimate } from './shipping-estimate';
import { type EstimateState, useShippingEstimate } from './use-shipping-estimate';
import './checkout.css';

/** "85 ₴", or "85,50 ₴" when there are kopiyky: an estimate needs no ",00". */
export function estimateCost(cost: string): string {
  const amount = formatAmount(cost);
  return `${parseMoney(cost) % 100 === 0 ? amount.replace(/,00$/, '') : amount}\u00A0₴`;
}

/**
 * The checkout's line about the carrier's tariff, or '' when there is nothing to tell. The price only
 * for a signed-in shopper (a guest sees no prices, spec section 1); the days are working days from
 * today to the carrier's delivery day.
 */
export function estimateText(
  t: Translate,
  estimate: ShippingEstimate | null,
  { signedIn, today }: { signedIn: boolean; today: string },
): string {
  if (!estimate) return '';
  const count = estimate.delivery_day === null ? null : workingDaysUntil(today, estimate.delivery_day);
  const days = count === null ? null : t('checkout.estimate.days', { count });
  const cost = signedIn && estimate.cost !== null ? estimateCost(estimate.cost) : null;
  if (cost && days) return t('checkout.estimate.costAndDays', { cost, days });
  if (cost) return t('checkout.estimate.cost', { cost });
  if (days) return t('checkout.estimate.daysOnly', { days });
  return '';
}

/**
 * One line under the delivery choice. Its height is kept whether or not it has words, so an answer
 * arriving (or failing) moves nothing on the page.
 */
export function EstimateLine({
  state,
  signedIn,
  today = shopToday(),
}: {
  state: EstimateState;
  signedIn: boolean;
  today?: string;
}) {
  const t = useT();
  const text = estimateText(t, state.estimate, { signedIn, today });
  const loading = state.phase === 'loading';
  return (
    <p
      className={loading ? 'checkout__estimate is-loading' : 'checkout__estimate'}
      aria-live="polite"
      aria-busy={loading || undefined}
      data-testid="shipping-estimate"
    >
      {text}
    </p>
  );
}

/** The line for the form as it stands: asked again when the city, the cart's total or the payment changes. */
export function CarrierEstimate({
  values,
  lines,
  signedIn,
  pricesLoading,
}: {
  values: Pick<CheckoutValues, 'delivery_type' | 'city' | 'payment_method'>;
  lines: readonly CartLine[];
  signedIn: boolean;
  pricesLoading: boolean;
}) {
  const state = useShippingEstimate(
    estimateRequest({
      deliveryType: values.delivery_type,
      cityRef: values.city.ref,
      paymentMethod: values.payment_method,
      lines,
      pricesLoading: signedIn && pricesLoading,
    }),
  );
  return <EstimateLine state={state} signedIn={signedIn} />;
}
