import { formatHryvnias } from '@kram/contract/money';
import type { ReactNode } from 'react';
import { type CartLine, cartTotal, isOrderable } from '../../lib/cart-line';
import { useT } from '../../lib/i18n';
import './checkout.css';

/**
 * The order's side of the page: the cart's lines (drawn by the cart, passed in), their count, the
 * subtotal, delivery (always 0 грн) and total. A guest sees no prices (spec section 1) and is told
 * that the manager confirms the price.
 */
export function CheckoutSummary({
  ready,
  lines,
  signedIn,
  pricesLoading,
  list,
  error,
  promo,
}: {
  ready: boolean;
  lines: readonly CartLine[];
  signedIn: boolean;
  pricesLoading: boolean;
  list: ReactNode;
  /** Already translated (validation.items_required, or lines that cannot be ordered). */
  error?: string;
  /** The promo code field with its discount line (signed in or not: the discount is the buyer's). */
  promo?: ReactNode;
}) {
  const t = useT();
  const count = lines.filter(isOrderable).reduce((sum, line) => sum + line.count, 0);
  const total = signedIn ? cartTotal(lines) : null;
  const amount = total === null ? null : formatHryvnias(total, 'грн');
  return (
    <section className="checkout__summary" aria-labelledby="checkout-summary" data-testid="checkout-summary">
      <div className="checkout__summary-head">
        <h2 id="checkout-summary" className="checkout__heading" tabIndex={-1}>
          {t('checkout.summary')}
        </h2>
        <span className="checkout__count" data-testid="checkout-count">
          {ready && t('cart.items', { count })}
        </span>
      </div>
      {ready ? list : <div className="checkout__lines-placeholder" aria-busy="true" />}
      {error && (
        <p id="checkout-items-error" className="field-error" role="alert" data-testid="checkout-items-error">
          {error}
        </p>
      )}
      <dl className="checkout__totals" aria-busy={pricesLoading || undefined}>
        {signedIn && (
          <div className="checkout__total-row">
            <dt>{t('checkout.subtotal')}</dt>
            <dd data-testid="checkout-subtotal">{amount ?? (ready ? t('checkout.pricesLoading') : '')}</dd>
          </div>
        )}
        <div className="checkout__total-row">
          <dt>{t('checkout.deliveryCost')}</dt>
          <dd data-testid="checkout-delivery">{t('checkout.deliveryFree')}</dd>
        </div>
        {signedIn && (
          <div className="checkout__total-row checkout__total-row--grand">
            <dt>{t('checkout.total')}</dt>
            <dd data-testid="checkout-total">{amount ?? t('checkout.pricesLoading')}</dd>
          </div>
        )}
      </dl>
      {ready && lines.length > 0 && promo}
      {!signedIn && (
        <p className="checkout__guest-price" data-testid="checkout-guest-price">
          {t('checkout.guestPrice')}
        </p>
      )}
    </section>
  );
}
