import { z } from 'zod';
import { adminErrors } from './admin.ts';
import { detailError } from './common.ts';

/** How a sync of the carrier directory was started: the daily job, the back office's button, the command line. */
export const syncTriggers = ['schedule', 'staff', 'cli'] as const;
/** Where a sync reads from: Nova Poshta's API (with NOVA_POSHTA_API_KEY) or the directory bundled with the shop. */
export const syncSources = ['api', 'bundled'] as const;
export type SyncTrigger = (typeof syncTriggers)[number];
export type SyncSource = (typeof syncSources)[number];

export const carrierMessages = {
  running: 'A sync of the Nova Poshta directory is already running.',
  interrupted: 'Interrupted: the server stopped.',
} as const;

export const carrierSyncRun = z
  .object({
    id: z.number().int(),
    trigger: z.enum(syncTriggers),
    source: z.enum(syncSources),
    started_at: z.string(),
    /** Null while it runs. */
    finished_at: z.string().nullable(),
    /** What the directory held after the run; null for a failed one. */
    cities: z.number().int().nullable(),
    warehouses: z.number().int().nullable(),
    /** Why it failed; null when it did not. */
    error: z.string().nullable(),
  })
  .meta({ id: 'AdminCarrierSyncRun' });
export type CarrierSyncRun = z.infer<typeof carrierSyncRun>;

export const syncProgress = z
  .object({ phase: z.enum(['cities', 'branches']), done: z.number().int(), total: z.number().int() })
  .meta({ id: 'AdminCarrierSyncProgress' });
export type SyncProgressState = z.infer<typeof syncProgress>;

export const carrierStatus = z
  .object({
    /** Where a sync reads from with the server's configuration. */
    source: z.enum(syncSources),
    /** What the directory holds now: cities, and branches with parcel lockers. */
    cities: z.number().int(),
    warehouses: z.number().int(),
    /** The run under way, if any; progress is known when this process runs it. */
    running: carrierSyncRun.extend({ progress: syncProgress.nullable() }).nullable(),
    /** The newest run that ended, well or not. */
    last_run: carrierSyncRun.nullable(),
    /** When the last sync from `source` succeeded. */
    last_success_at: z.string().nullable(),
    /** Whether the server syncs by itself once a day (it does with NOVA_POSHTA_API_KEY). */
    daily: z.boolean(),
    /** When the daily sync will next run; null without a daily sync, or while the server is looking now. */
    next_run_at: z.string().nullable(),
  })
  .meta({ id: 'AdminCarrierStatus' });
export type CarrierStatus = z.infer<typeof carrierStatus>;

/** The sync action takes no fields. */
export const carrierSyncBody = z.strictObject({}).nullish();

/** 409 `{detail, code: "sync_running"}` while another run is under way. */
export const carrierSyncErrors = { ...adminErrors, 409: detailError } as const;
