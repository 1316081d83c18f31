import type { ScheduledJob } from '../../infra/jobs/scheduler.ts';
import type { LowStockRow } from './stock.repository.ts';
import type { StockService } from './stock.service.ts';

const everyMs = 5 * 60_000;
/** At most this many variants named in one message; the rest are counted. */
const listed = 20;

/** The manager's chat message about variants that fell low. */
export function lowStockText(rows: readonly LowStockRow[]): string {
  const lines = rows.slice(0, listed).map((r) => {
    const variant = [r.size, r.color].filter(Boolean).join(', ');
    return `• ${r.name} (${r.sku}${variant ? `, ${variant}` : ''}): ${r.available} шт. (поріг ${r.threshold})`;
  });
  const more = rows.length > listed ? [`…і ще ${rows.length - listed}`] : [];
  return ['Закінчується товар:', ...lines, ...more].join('\n');
}

/**
 * Every five minutes: variants that fell below their threshold since the last look are told to the
 * manager's chat, when the stock settings say so; each once until it is above the threshold again.
 */
export function lowStockJob(
  stock: Pick<StockService, 'claimLowAlerts'>,
  notify: (text: string) => Promise<void>,
): ScheduledJob {
  let lastRun = 0;
  return {
    name: 'stock-low-alerts',
    dueAt: async () => new Date(lastRun + everyMs),
    run: async () => {
      lastRun = Date.now();
      const low = await stock.claimLowAlerts();
      if (low.length > 0) await notify(lowStockText(low));
    },
  };
}
