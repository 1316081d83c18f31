import { formatHryvnias } from '@kram/contract/money';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Icon } from '../../components/icon';
import { ModalDialog } from '../../components/modal-dialog';
import { type CartLine, cartTotal, isOrderable } from '../../lib/cart-line';
import { useT } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';
import { useScrollLock } from '../../lib/scroll-lock';
import { useSession } from '../../lib/session';
import { CartLineItem } from './cart-line-item';
import { cartCount, lineKey } from './cart-lines';
import { useCartRefresh, useCartRefreshState } from './cart-refresh';
import { closeCart, useCartOpen } from './cart-sidebar-state';
import { useCartLines } from './cart-storage';
import { CartToastView } from './cart-toast';
import { hideCartToast } from './cart-toast-state';
import './cart.css';

/** The cart sidebar (spec "Cart sidebar"): scroll locked and an overlay while open. */
export function CartSidebar() {
  const t = useT();
  const open = useCartOpen();
  const lines = useCartLines();
  const { signedIn } = useSession();
  const refresh = useCartRefreshState();
  const back = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // A line that cannot be ordered blocks the checkout (its form refuses it): the button says why.
  const blocked = lines.some((line) => !isOrderable(line));
  useScrollLock(open);
  useCartRefresh(open);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the sidebar.
  useEffect(() => closeCart(), [pathname]);

  useEffect(() => {
    if (!open) return;
    hideCartToast();
    back.current?.focus();
  }, [open]);

  return (
    <>
      <CartToastView />
      {open && (
        <ModalDialog open onClose={closeCart} className="cart" labelledBy="cart-title" testId="cart-sidebar">
          <header className="cart__header">
            <button ref={back} type="button" className="icon-button" aria-label={t('cart.back')} onClick={closeCart}>
              <Icon name="back" />
            </button>
            <h2 id="cart-title" className="cart__title">
              {t('cart.title')}
            </h2>
            {lines.length > 0 && (
              <span className="cart__count" data-testid="cart-items-count">
                {t('cart.items', { count: cartCount(lines) })}
              </span>
            )}
          </header>
          {lines.length === 0 ? (
            <p className="cart__empty">{t('cart.empty')}</p>
          ) : (
            <ul className="cart__lines">
              {lines.map((line) => (
                <CartLineItem key={lineKey(line)} line={line} showPrice={signedIn} onNavigate={closeCart} />
              ))}
            </ul>
          )}
          <footer className="cart__footer">
            {lines.length > 0 && <CartTotal signedIn={signedIn} lines={lines} refresh={refresh} />}
            {blocked && (
              <p id="cart-blocked" className="cart__blocked" data-testid="cart-blocked">
                {t('stock.cart.checkoutBlocked')}
              </p>
            )}
            {lines.length > 0 && (
              <Link
                to="/checkout"
                className="button button--primary"
                onClick={closeCart}
                aria-describedby={blocked ? 'cart-blocked' : undefined}
                data-testid="cart-checkout"
              >
                {t('cart.checkout')}
              </Link>
            )}
            <button type="button" className="button button--secondary" onClick={closeCart}>
              {t('cart.continue')}
            </button>
          </footer>
        </ModalDialog>
      )}
    </>
  );
}

/**
 * A signed-in shopper sees the total of the shop's current prices; a guest sees no prices at all
 * (spec section 1), so the cart says when they appear instead of showing a zero.
 */
function CartTotal({
  signedIn,
  lines,
  refresh,
}: {
  signedIn: boolean;
  lines: readonly CartLine[];
  refresh: ReturnType<typeof useCartRefreshState>;
}) {
  const t = useT();
  if (!signedIn) {
    return (
      <p className="cart__note" data-testid="cart-total">
        {t('cart.guestPrices')}
      </p>
    );
  }
  const total = cartTotal(lines);
  if (total === null) {
    return (
      <p className="cart__note" data-testid="cart-total" aria-busy={refresh === 'loading'}>
        {refresh === 'error' ? t('cart.pricesFailed') : t('cart.pricesLoading')}
      </p>
    );
  }
  return (
    <p className="cart__total" data-testid="cart-total">
      {t('cart.total', { total: formatHryvnias(total) })}
      {refresh === 'error' && <span className="cart__stale">{t('cart.pricesFailed')}</span>}
    </p>
  );
}
