import { formatMoney } from '@kram/contract/money';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../components/icon';
import { ModalDialog } from '../../components/modal-dialog';
import { useT } from '../../lib/i18n';
import { useScrollLock } from '../../lib/scroll-lock';
import { CartLineItem } from './cart-line-item';
import { cartTotalKopiyky, lineKey } from './cart-lines';
import { closeCart, useCartOpen } from './cart-sidebar-state';
import { useCartLines } from './cart-storage';

/** The cart sidebar (spec "Cart sidebar"): scroll locked and an overlay while open. */
export function CartSidebar() {
  const t = useT();
  const open = useCartOpen();
  const lines = useCartLines();
  const back = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useScrollLock(open);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the sidebar.
  useEffect(() => closeCart(), [pathname]);

  useEffect(() => {
    if (open) back.current?.focus();
  }, [open]);

  if (!open) return null;
  return (
    <ModalDialog open onClose={closeCart} className="cart" labelledBy="cart-title" testId="cart-sidebar">
      <header className="cart__header">
        <button ref={back} type="button" className="icon-button" aria-label={t('cart.back')} onClick={closeCart}>
          <Icon name="back" />
        </button>
        <h2 id="cart-title" className="cart__title">
          {t('cart.title')}
        </h2>
      </header>
      {lines.length === 0 ? (
        <p className="cart__empty">{t('cart.empty')}</p>
      ) : (
        <ul className="cart__lines">
          {lines.map((line) => (
            <CartLineItem key={lineKey(line)} line={line} onNavigate={closeCart} />
          ))}
        </ul>
      )}
      <footer className="cart__footer">
        <p className="cart__total" data-testid="cart-total">
          {t('cart.total', { total: formatMoney(cartTotalKopiyky(lines)) })}
        </p>
        <Link to="/checkout" className="button button--primary" onClick={closeCart}>
          {t('cart.checkout')}
        </Link>
        <button type="button" className="button button--secondary" onClick={closeCart}>
          {t('cart.continue')}
        </button>
      </footer>
    </ModalDialog>
  );
}
