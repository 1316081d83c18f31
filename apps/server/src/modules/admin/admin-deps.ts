import type { AccountsModule } from '../accounts/index.ts';
import type { AuditLog } from '../audit/index.ts';
import type { CatalogApi } from '../catalog/index.ts';
import type { ContentService } from '../content/index.ts';
import type { DeliveryModule } from '../delivery/index.ts';
import type { FeedbackInbox } from '../feedback/index.ts';
import type { FiscalService } from '../fiscal/index.ts';
import type { StaffOrdersService } from '../orders/index.ts';
import type { RatingsModeration } from '../ratings/index.ts';
import type { SearchInsightsService } from '../search-insights/index.ts';
import type { VitalsService } from '../vitals/index.ts';
import type { DashboardSource } from './admin-dashboard.routes.ts';
import type { AdminPromotions } from './admin-promotions.routes.ts';
import type { AdminReturns } from './admin-returns.routes.ts';
import type { AdminShipping } from './admin-shipping.routes.ts';

/** What the back office's areas are built from: the modules' public APIs, never their tables. */
export interface AdminDeps {
  /** The audit log's entries (each module records its own changes). */
  audit: Pick<AuditLog, 'list'>;
  /** Customers, staff, and the e-mails the back office shows beside the accounts' ids. */
  accounts: Pick<AccountsModule, 'customers' | 'staff' | 'emailOf'>;
  /** The catalogue's changes (products, photos, categories, sizes, colours, synonyms) and reads. */
  catalog: CatalogApi;
  content: ContentService;
  /** The contact form's inbox. */
  feedback: FeedbackInbox;
  /** The shoppers' ratings, read only. */
  ratings: RatingsModeration;
  /** The Nova Poshta directory's state and its sync on demand (the delivery module's). */
  delivery: Pick<DeliveryModule, 'status' | 'syncNow'>;
  /** The dashboard's figures (the orders module's). */
  dashboard: DashboardSource;
  /** Orders as staff see them and the manager's changes, with their mails and audit entries (the orders module's). */
  orders: StaffOrdersService;
  /** Promo codes and scheduled sales (the promotions module's). */
  promotions: AdminPromotions;
  /** Buyers' returns and their refunds (the returns module's staff side). */
  returns: AdminReturns;
  /** What shoppers searched for (the listing searches each process counts). */
  searchInsights: SearchInsightsService;
  /** Waybills, labels, registers and tracking (the shipping module's). */
  shipping: AdminShipping;
  /** Fiscal receipts, their settings and the register's shifts (the fiscal module's). */
  fiscal: FiscalService;
  /** The storefront's Core Web Vitals (the reports each process counts). */
  vitals: VitalsService;
}
