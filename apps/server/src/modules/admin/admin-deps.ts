import type { Database } from '../../db/client.ts';
import type { SessionInvalidation } from '../accounts/active-account-verifier.ts';
import type { AuditLog } from '../audit/index.ts';
import type { CatalogApi } from '../catalog/index.ts';
import type { ContentService } from '../content/content.service.ts';
import type { DirectorySyncService } from '../delivery/directory-sync.service.ts';
import type { OrderManagement } from '../orders/order-management.ts';
import type { SearchInsightsService } from '../search-insights/search-insights.service.ts';
import type { VitalsService } from '../vitals/vitals.service.ts';
import type { StaffEmailLookup } from './staff.ts';

/** What the back office's areas are built from; app.ts makes one and hands it to adminRoutes. */
export interface AdminDeps {
  database: Database;
  audit: AuditLog;
  staffEmail: StaffEmailLookup;
  /** The bearer-token checks' cache: a change to an account (block, delete, staff flags) empties it for that account. */
  accountVerifier: SessionInvalidation;
  /** The catalogue's changes (products, photos, categories, sizes, colours, synonyms) and reads. */
  catalog: CatalogApi;
  content: ContentService;
  directorySync: DirectorySyncService;
  /** The manager's changes to orders (status, lines, notes), with their mails and audit entries. */
  orders: OrderManagement;
  /** What shoppers searched for (the listing searches each process counts). */
  searchInsights: SearchInsightsService;
  /** The storefront's Core Web Vitals (the reports each process counts). */
  vitals: VitalsService;
}
