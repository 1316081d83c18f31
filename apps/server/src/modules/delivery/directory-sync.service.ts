import {
  type CarrierStatus,
  type CarrierSyncRun,
  carrierMessages,
  type SyncProgressState,
  type SyncSource,
  type SyncTrigger,
} from '@kram/contract/admin-carrier';
import type { FastifyBaseLogger } from 'fastify';
import type { ScheduledJob, Scheduler } from '../../infra/jobs/scheduler.ts';
import type { Lease, SingleRunner } from '../../infra/jobs/single-runner.ts';
import { Conflict } from '../../lib/domain-errors.ts';
import type { StaffMember } from '../accounts/index.ts';
import type { AuditLog } from '../audit/index.ts';
import type { DeliveryRepository } from './delivery.repository.ts';
import type { DirectoryRunsRepository, SyncRunRow } from './directory-runs.repository.ts';
import { loadBundledDirectory, type SyncProgress, type SyncResult, syncFromNovaPoshta } from './directory-sync.ts';
import { type NovaPoshtaClientOptions, novaPoshtaClient } from './nova-poshta-client.ts';

/** The lock every sync takes, whoever starts it: one at a time across all processes. */
export const directorySyncLock = 'carrier-directory-sync';
/** Nova Poshta asks its clients to refresh the directory once a day. */
export const directoryRefreshMs = 24 * 60 * 60_000;

export interface DirectorySyncOptions {
  repo: DeliveryRepository;
  runs: DirectoryRunsRepository;
  locks: SingleRunner;
  /** Records a run a member of staff started (the command line has none). */
  audit?: AuditLog;
  /** The server's scheduler, which runs `dailyJob` when there is a key; the command line has none. */
  jobs?: Scheduler;
  novaPoshta: { apiKey: string | undefined; apiUrl: string };
  /** Failed runs are logged here; the command line prints them itself. */
  log?: Pick<FastifyBaseLogger, 'error' | 'info'>;
  /** Overrides for the API client (tests: short retries). */
  client?: Partial<Omit<NovaPoshtaClientOptions, 'apiKey' | 'apiUrl' | 'signal'>>;
}

export interface StartOptions {
  /** The member of staff who asked; the audit log records the run as theirs. */
  actor?: StaffMember;
  /** Load the bundled directory even with an API key. */
  bundled?: boolean;
  pageSize?: number;
  onProgress?: SyncProgress;
}

export interface StartedSync {
  run: CarrierSyncRun;
  /** Settles when the run ends: the directory's counts, or the error it failed with (recorded on the run). */
  finished: Promise<SyncResult>;
}

interface RunState {
  run: SyncRunRow;
  progress: SyncProgressState | null;
  controller: AbortController;
  finished?: Promise<SyncResult>;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toSyncRun(row: SyncRunRow): CarrierSyncRun {
  return {
    id: row.id,
    trigger: row.trigger as SyncTrigger,
    source: row.source as SyncSource,
    started_at: row.startedAt.toISOString(),
    finished_at: iso(row.finishedAt),
    cities: row.cities,
    warehouses: row.warehouses,
    error: row.error,
  };
}

/**
 * Syncs of the Nova Poshta directory, however started (the daily job, the back office, the command
 * line): each takes the same single-runner lock, is recorded in carrier_sync_runs with its outcome,
 * and reads the API with a key, else reloads the bundled directory.
 */
export function directorySyncService(options: DirectorySyncOptions) {
  const { repo, runs, locks } = options;
  const configuredSource: SyncSource = options.novaPoshta.apiKey ? 'api' : 'bundled';
  let current: RunState | undefined;
  let closed = false;

  /** Starts a run; the caller holds the lock, and the run's end lets it go (`release`). */
  async function begin(trigger: SyncTrigger, start: StartOptions, release: () => Promise<void>): Promise<StartedSync> {
    const source: SyncSource = options.novaPoshta.apiKey && !start.bundled ? 'api' : 'bundled';
    let row: SyncRunRow;
    try {
      row = await runs.transaction(async (tx) => {
        const begun = await runs.begin(trigger, source, tx);
        if (start.actor) {
          if (!options.audit) throw new Error('a sync started by staff needs the audit log');
          await options.audit.record(tx, start.actor, {
            action: 'carrier.sync',
            entity: 'carrier_sync_run',
            entityId: begun.id,
            before: null,
            after: toSyncRun(begun),
          });
        }
        return begun;
      });
    } catch (error) {
      await release();
      throw error;
    }
    const controller = new AbortController();
    // Begun as the server was stopping: it stops at its first page.
    if (closed) controller.abort();
    const state: RunState = { run: row, progress: null, controller };
    current = state;
    const onProgress: SyncProgress = (phase, done, total) => {
      state.progress = { phase, done, total };
      start.onProgress?.(phase, done, total);
    };
    state.finished = (async () => {
      try {
        const result =
          source === 'api'
            ? await syncFromNovaPoshta(
                repo,
                novaPoshtaClient({
                  ...options.client,
                  apiKey: options.novaPoshta.apiKey as string,
                  apiUrl: options.novaPoshta.apiUrl,
                  ...(start.pageSize ? { pageSize: start.pageSize } : {}),
                  signal: controller.signal,
                }),
                onProgress,
              )
            : await loadBundledDirectory(repo, onProgress);
        await runs.finish(row.id, { cities: result.cities, warehouses: result.warehouses });
        return result;
      } catch (error) {
        const interrupted = controller.signal.aborted;
        const message = interrupted
          ? carrierMessages.interrupted
          : error instanceof Error
            ? error.message
            : String(error);
        await runs.finish(row.id, { error: message });
        if (interrupted) options.log?.info({ run: row.id, trigger }, 'carrier directory sync interrupted by shutdown');
        else options.log?.error({ err: error, run: row.id, trigger, source }, 'carrier directory sync failed');
        throw error;
      } finally {
        if (current === state) current = undefined;
        await release();
      }
    })();
    return { run: toSyncRun(row), finished: state.finished };
  }

  async function leased(): Promise<Lease> {
    const lease = await locks.acquire(directorySyncLock);
    if (!lease) throw new Conflict(carrierMessages.running, 'sync_running');
    return lease;
  }

  /** When the daily sync is next due: a day after the last successful one from the API, or now. */
  async function dueAt(): Promise<Date> {
    const last = await runs.lastSuccess('api');
    return new Date(last?.finishedAt ? last.finishedAt.getTime() + directoryRefreshMs : 0);
  }

  /** The daily refresh from the API, for the scheduler (only with a key). */
  const dailyJob: ScheduledJob = {
    name: directorySyncLock,
    dueAt,
    async run() {
      // The scheduler holds the lock and lets it go itself.
      const { finished } = await begin('schedule', {}, async () => {});
      await finished;
    },
  };

  return {
    configuredSource,
    dailyJob,

    /** Starts a run and answers at once; refused (Conflict) while another runs anywhere. */
    async start(trigger: SyncTrigger, start: StartOptions = {}): Promise<StartedSync> {
      const lease = await leased();
      return begin(trigger, start, () => lease.release());
    },

    /** The back office's "sync now": the run goes on after the answer; its outcome is on the run. */
    async syncNow(actor: StaffMember): Promise<CarrierSyncRun> {
      const lease = await leased();
      const { run, finished } = await begin('staff', { actor }, () => lease.release());
      // Logged and recorded on the run; nobody waits for it.
      finished.catch(() => {});
      return run;
    },

    async status(): Promise<CarrierStatus> {
      const [counts, last, success] = await Promise.all([
        repo.counts(),
        runs.lastFinished(),
        runs.lastSuccess(configuredSource),
      ]);
      let running: CarrierStatus['running'] = null;
      const mine = current;
      if (mine) running = { ...toSyncRun(mine.run), progress: mine.progress };
      else if (await locks.isHeld(directorySyncLock)) {
        const elsewhere = await runs.lastUnfinished();
        if (elsewhere) running = { ...toSyncRun(elsewhere), progress: null };
      }
      const look = options.jobs?.nextRunAt(directorySyncLock);
      const due = look ? await dueAt() : undefined;
      return {
        source: configuredSource,
        cities: counts.cities,
        warehouses: counts.warehouses,
        running,
        last_run: last ? toSyncRun(last) : null,
        last_success_at: iso(success?.finishedAt ?? null),
        daily: options.jobs?.has(directorySyncLock) ?? false,
        next_run_at: look && due ? new Date(Math.max(look.getTime(), due.getTime())).toISOString() : null,
      };
    },

    /** The server is stopping: a run under way stops at once (recorded as interrupted). */
    async close(): Promise<void> {
      closed = true;
      const mine = current;
      if (!mine) return;
      mine.controller.abort();
      await mine.finished?.catch(() => {});
    },
  };
}

export type DirectorySyncService = ReturnType<typeof directorySyncService>;
