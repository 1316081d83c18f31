import { formatDay } from '../../lib/calendar-days';

const shopTimeZone = 'Europe/Kyiv';

let kyivDay: Intl.DateTimeFormat | undefined;

/**
 * A day or a moment of the API (`2026-12-04`, `2026-12-04T09:30:00Z`) as the shop writes dates:
 * `04.12.2026`, on Kyiv's calendar wherever the browser is, so a deadline at 23:30 Kyiv time is not
 * shown as the next day in another time zone. Anything else is shown as it came.
 */
export function shopDate(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(value);
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) return value;
  // en-CA writes dates as YYYY-MM-DD, which formatDay turns into the shop's form.
  kyivDay ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: shopTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return formatDay(kyivDay.format(moment));
}

/** Returns newest first, as both the order's page and the return page list them. */
export const newestFirst = <T extends { created_at: string }>(returns: readonly T[]): T[] =>
  [...returns].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
