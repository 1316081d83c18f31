import type { FastifyBaseLogger } from 'fastify';
import type { SingleRunner } from './single-runner.ts';

/** Work the server does by itself when it falls due (the carrier directory's daily refresh). */
export interface ScheduledJob {
  /** Also the name of its lock: one runner across all processes. */
  name: string;
  /** When the work is next due; a time in the past means now. Read from the database, so a restart does not redo it. */
  dueAt(): Promise<Date>;
  /** Does the work. Called under the job's lock, after dueAt() was read again under it. */
  run(): Promise<void>;
}

export interface SchedulerOptions {
  locks: SingleRunner;
  log: FastifyBaseLogger;
  /** The first look after start, in ms: the server answers requests first. */
  firstCheckMs?: number;
  /** After a failure, or while another process holds the lock: look again after this long. */
  retryMs?: number;
  /** Never sleep longer than this between looks (a clock change, a run made elsewhere). */
  maxSleepMs?: number;
  now?: () => number;
}

/**
 * Runs each job when it falls due, under its single-runner lock, so several processes behind a load
 * balancer do it once. Timers are unref'd (they never keep the process alive) and stop() ends them
 * and waits for a look under way.
 */
export function scheduler(options: SchedulerOptions) {
  const firstCheckMs = options.firstCheckMs ?? 30_000;
  const retryMs = options.retryMs ?? 60 * 60_000;
  const maxSleepMs = options.maxSleepMs ?? 6 * 60 * 60_000;
  const now = options.now ?? Date.now;
  const jobs: ScheduledJob[] = [];
  const timers = new Map<string, NodeJS.Timeout>();
  const nextAt = new Map<string, Date>();
  const underWay = new Set<Promise<void>>();
  let running = false;

  function plan(job: ScheduledJob, delayMs: number) {
    if (!running) return;
    const delay = Math.min(Math.max(delayMs, 0), maxSleepMs);
    nextAt.set(job.name, new Date(now() + delay));
    const timer = setTimeout(() => {
      // Under way: the next look is planned when this one ends.
      nextAt.delete(job.name);
      const look = check(job);
      underWay.add(look);
      void look.finally(() => underWay.delete(look));
    }, delay);
    timer.unref();
    timers.set(job.name, timer);
  }

  async function check(job: ScheduledJob): Promise<void> {
    let delay = retryMs;
    try {
      const lease = await options.locks.acquire(job.name);
      if (lease) {
        try {
          if ((await job.dueAt()).getTime() <= now()) await job.run();
          delay = (await job.dueAt()).getTime() - now();
        } finally {
          await lease.release();
        }
      }
    } catch (error) {
      options.log.warn({ err: error, job: job.name, retryMs }, 'scheduled job failed: trying again later');
      delay = retryMs;
    }
    // Due again at once (the work failed and recorded nothing newer): not before the retry delay.
    plan(job, delay <= 0 ? retryMs : delay);
  }

  return {
    add(job: ScheduledJob): void {
      jobs.push(job);
      if (running) plan(job, firstCheckMs);
    },

    start(): void {
      if (running) return;
      running = true;
      for (const job of jobs) plan(job, firstCheckMs);
    },

    /**
     * Looks at the job now rather than at its planned time (its due time may have moved closer: a sale
     * starting sooner). A look under way plans the next one itself when it ends.
     */
    wake(name: string): void {
      const job = jobs.find((j) => j.name === name);
      if (!job || !nextAt.has(name)) return;
      clearTimeout(timers.get(name));
      plan(job, 0);
    },

    /** Whether the job is one of this scheduler's (and the scheduler runs). */
    has(name: string): boolean {
      return running && jobs.some((job) => job.name === name);
    },

    /** When the job will next look whether it is due; undefined when it is not scheduled, or looking now. */
    nextRunAt(name: string): Date | undefined {
      return running ? nextAt.get(name) : undefined;
    },

    async stop(): Promise<void> {
      running = false;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      nextAt.clear();
      await Promise.allSettled([...underWay]);
    },
  };
}

export type Scheduler = ReturnType<typeof scheduler>;
