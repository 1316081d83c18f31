import type { Database } from '../../db/client.ts';
import type { AuditLog } from './audit.ts';
import type { StaffEmailLookup } from './staff.ts';

/** What the back office's areas are built from; app.ts makes one and hands it to adminRoutes. */
export interface AdminDeps {
  database: Database;
  audit: AuditLog;
  staffEmail: StaffEmailLookup;
}
