import type { Database } from '../../db/client.ts';
import type { AccountsModule } from '../accounts/index.ts';
import type { AuditLog } from '../audit/index.ts';
import type { CatalogApi } from '../catalog/index.ts';
import type { ContentService } from '../content/index.ts';
import type { DirectorySyncService } from '../delivery/directory-sync.service.ts';
import type { FeedbackInbox } from '../feedback/index.ts';
import type { OrderManagement } from '../orders/order-management.ts';
import type { RatingsModeration } from '../ratings/index.ts';
import type { SearchInsightsService } from '../search-insights/index.ts';
import type { VitalsService } from '../vitals/index.ts';
import type { DashboardSource } from './admin-dashboard.routes.ts';
import type { StaffEmailLookup } from './staff.ts';

/** What the back office's areas are built from; app.ts makes one and hands it to adminRoutes. */
export interface AdminDeps {
  database: Database;
  audit: AuditLog;
  staffEmail: StaffEmailLookup;
  /** Customers, staff, and the e-mails the back office shows beside the accounts' ids. */
  accounts: Pick<AccountsModule, 'customers' | 'staff' | 'emailOf'>;
  /** The catalogue's changes (products, photos, categories, sizes, colours, synonyms) and reads. */
  catalog: CatalogApi;
  content: ContentService;
  /** The contact form's inbox. */
  feedback: FeedbackInbox;
  /** The shoppers' ratings, read only. */
  ratings: RatingsModeration;
  directorySync: DirectorySyncService;
  /** The dashboard's figures (the orders module's). */
  dashboard: DashboardSource;
  /** The manager's changes to orders (status, lines, notes), with their mails and audit entries. */
  orders: OrderManagement;
  /** What shoppers searched for (the listing searches each process counts). */
  searchInsights: SearchInsightsService;
  /** The storefront's Core Web Vitals (the reports each process counts). */
  vitals: VitalsService;
}
