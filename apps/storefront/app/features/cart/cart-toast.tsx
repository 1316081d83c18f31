import { useEffect, useState } from 'react';
import { Icon } from '../../components/icon';
import { useT } from '../../lib/i18n';
import { openCart } from './cart-sidebar-state';
import { hideCartToast, useCartToast } from './cart-toast-state';
import './cart.css';

/** How long the confirmation stays, unless the pointer or the focus is on it. */
export const cartToastMs = 5000;

/**
 * The add-to-cart confirmation: a message in a corner with a way to the cart. It takes no focus and
 * puts nothing over the page, so the shopper goes on browsing; screen readers hear it (a live region).
 */
export function CartToastView() {
  const t = useT();
  const toast = useCartToast();
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (!toast || held) return;
    const timer = setTimeout(hideCartToast, cartToastMs);
    return () => clearTimeout(timer);
  }, [toast, held]);

  useEffect(() => {
    if (!toast) setHeld(false);
  }, [toast]);

  return (
    <div className="cart-toast-region" role="status" aria-live="polite">
      {toast && (
        // biome-ignore lint/a11y/noStaticElementInteractions: the handlers only hold the toast open while it is being used.
        <div
          key={toast.id}
          className="cart-toast"
          data-testid="cart-toast"
          onMouseEnter={() => setHeld(true)}
          onMouseLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') hideCartToast();
          }}
        >
          <p className="cart-toast__message">
            <span className="cart-toast__title">{t('product.added')}</span>
            <span className="cart-toast__name">{toast.name}</span>
          </p>
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => {
              hideCartToast();
              openCart();
            }}
          >
            {t('cart.open')}
          </button>
          <button
            type="button"
            className="icon-button cart-toast__close"
            aria-label={t('common.close')}
            onClick={hideCartToast}
          >
            <Icon name="close" size={18} />
          </button>
        </div>
      )}
    </div>
  );
}
