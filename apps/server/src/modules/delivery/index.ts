/**
 * Delivery: the Nova Poshta directory of cities and branches (the checkout's look-ups, and the check
 * of the refs an order names) and its syncs, whoever starts them (the daily job, staff, the command line).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Scheduler } from '../../infra/jobs/scheduler.ts';
import type { SingleRunner } from '../../infra/jobs/single-runner.ts';
import type { ShopModule } from '../../lib/shop-module.ts';
import type { AuditLog } from '../audit/index.ts';
import { deliveryRepository } from './delivery.repository.ts';
import { deliveryRoutes } from './delivery.routes.ts';
import { deliveryService } from './delivery.service.ts';
import { directoryRunsRepository } from './directory-runs.repository.ts';
import { directorySyncService } from './directory-sync.service.ts';
import { loadBundledDirectoryIfEmpty, type SyncResult } from './directory-sync.ts';

export { type DeliveryService, deliveryMessages } from './delivery.service.ts';
export type { DirectorySyncService, StartedSync, StartOptions } from './directory-sync.service.ts';
export type { SyncResult } from './directory-sync.ts';

export interface NovaPoshtaSettings {
  /** Unset: the bundled directory, and no daily sync. */
  apiKey: string | undefined;
  apiUrl: string;
}

export interface DeliveryModuleDeps {
  database: Database;
  novaPoshta: NovaPoshtaSettings;
  /** The single-runner locks a sync takes, so one runs at a time across processes. */
  locks: SingleRunner;
  /** The server's scheduler: with a key, the directory's daily refresh is one of its jobs. */
  jobs: Scheduler;
  /** Records a sync a member of staff started. */
  audit: AuditLog;
  log: FastifyBaseLogger;
}

export type DeliveryModule = ReturnType<typeof deliveryModule>;

/**
 * The delivery module: the directory's look-ups and checks, its syncs (with a key, daily), and a
 * plugin with its routes under /api that stops a sync under way when the server closes.
 */
export function deliveryModule({ database, novaPoshta, locks, jobs, audit, log }: DeliveryModuleDeps) {
  const repo = deliveryRepository(database);
  const directory = deliveryService(repo);
  const sync = directorySyncService({
    repo,
    runs: directoryRunsRepository(database),
    locks,
    audit,
    jobs,
    novaPoshta,
    log,
  });
  if (novaPoshta.apiKey) jobs.add(sync.dailyJob);
  const module: ShopModule = {
    plugin: async (app) => {
      await app.register(deliveryRoutes(directory), { prefix: '/api' });
      // Before the scheduler stops (it waits for a run under way): a run is cut short, not waited for.
      app.addHook('onClose', async () => sync.close());
    },
  };
  return {
    ...module,
    cities: directory.cities,
    warehouses: directory.warehouses,
    check: directory.check,
    warehouse: directory.warehouse,
    /** The directory's state for the back office: its source, counts, the last and next runs. */
    status: sync.status,
    /** The back office's "sync now"; refused (Conflict) while another sync runs anywhere. */
    syncNow: sync.syncNow,
  };
}

/**
 * The directory's sync for the command line: the same runs, lock and record as the server's, without
 * the daily job or the audit log (nobody of the staff asked).
 */
export function commandLineDirectorySync(deps: Pick<DeliveryModuleDeps, 'database' | 'novaPoshta' | 'locks'>) {
  return directorySyncService({
    repo: deliveryRepository(deps.database),
    runs: directoryRunsRepository(deps.database),
    locks: deps.locks,
    novaPoshta: deps.novaPoshta,
  });
}

/** Fills an empty directory from the one bundled with kram; undefined when it held something already. */
export function loadBundledIfEmpty(database: Database): Promise<SyncResult | undefined> {
  return loadBundledDirectoryIfEmpty(deliveryRepository(database));
}

/** Whether the directory holds no city at all (a key is set and its first sync has not run yet). */
export function directoryIsEmpty(database: Database): Promise<boolean> {
  return deliveryRepository(database).isEmpty();
}
