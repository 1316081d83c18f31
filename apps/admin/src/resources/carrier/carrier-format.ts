import { type CarrierStatus, type CarrierSyncRun, carrierMessages } from '@kram/contract/admin-carrier';

/** Dates and times on Kyiv's clock, the Ukrainian way in both languages. */
const dateTime = new Intl.DateTimeFormat('uk-UA', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Kyiv' });
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

/** How far a run has got, in percent; null while it cannot tell (starting, or running on another process). */
export function progressPercent(running: CarrierStatus['running']): number | null {
  const progress = running?.progress;
  if (!progress || progress.total <= 0) return null;
  // Cities come first and are the smaller half: a run is half done when they are.
  const part = Math.min(1, progress.done / progress.total);
  return Math.round((progress.phase === 'cities' ? part / 2 : 0.5 + part / 2) * 100);
}

/** A run's error for the screen: the server's interruption has its translation, the carrier's own words do not. */
export function runError(run: CarrierSyncRun): { key: string } | { text: string } | null {
  if (!run.error) return null;
  return run.error === carrierMessages.interrupted ? { key: 'resources.carrier.interrupted' } : { text: run.error };
}

/** What a finished run the staff were watching says: done with counts, or failed with why. */
export function outcomeOf(
  status: CarrierStatus | undefined,
  watching: number | undefined,
): { ok: true; run: CarrierSyncRun } | { ok: false; run: CarrierSyncRun } | undefined {
  if (watching === undefined || !status || status.running?.id === watching) return undefined;
  const run = status.last_run;
  if (!run || run.id !== watching) return undefined;
  return { ok: run.error === null, run };
}
