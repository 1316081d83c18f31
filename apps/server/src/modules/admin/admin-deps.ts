import type { Database } from '../../db/client.ts';
import type { SessionInvalidation } from '../accounts/active-account-verifier.ts';
import type { AuditLog } from '../audit/index.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { ContentService } from '../content/content.service.ts';
import type { DeliveryModule } from '../delivery/index.ts';
import type { StaffOrdersService } from '../orders/index.ts';
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
  catalog: CatalogService;
  /** Where uploaded images are kept (served under /media/). */
  mediaDir: string;
  content: ContentService;
  /** The Nova Poshta directory's state and its sync on demand (the delivery module's). */
  delivery: Pick<DeliveryModule, 'status' | 'syncNow'>;
  /** Orders as staff see them and the manager's changes, with their mails and audit entries (the orders module's). */
  orders: StaffOrdersService;
  /** What shoppers searched for (the listing searches each process counts). */
  searchInsights: SearchInsightsService;
  /** The storefront's Core Web Vitals (the reports each process counts). */
  vitals: VitalsService;
}
