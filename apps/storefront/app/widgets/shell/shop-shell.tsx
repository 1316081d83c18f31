import type { CategoryNode } from '@kram/contract/catalog';
import { lazy, type ReactNode, Suspense } from 'react';
import { NotificationModal } from '../../components/notification-modal';
import { useAuthOpen } from '../../features/auth/auth-modal-state';
import { CartSidebar } from '../../features/cart/cart-sidebar';
import { useT } from '../../lib/i18n';
import { Footer } from '../footer/footer';
import { Header } from '../header/header';

// The authorization forms validate with the contract's zod schemas: loaded when first opened, not on every page.
const AuthDialog = lazy(() => import('../auth/auth-dialog').then((m) => ({ default: m.AuthDialog })));

/** Everything around a page: header, footer, the cart sidebar and the modals. */
export function ShopShell({ categories, children }: { categories: CategoryNode[]; children: ReactNode }) {
  const t = useT();
  const authOpen = useAuthOpen();
  return (
    <>
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <Header categories={categories} />
      <main id="main" className="main">
        {children}
      </main>
      <Footer />
      <CartSidebar />
      <NotificationModal />
      {authOpen && (
        <Suspense fallback={null}>
          <AuthDialog />
        </Suspense>
      )}
    </>
  );
}
