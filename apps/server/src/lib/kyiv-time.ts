/**
 * The shop's days and clock are Kyiv's (EET/EEST), whatever the server's time zone: a manager's
 * "orders of 23 November" are those placed between midnight and midnight in Kyiv.
 */
export const shopTimeZone = 'Europe/Kyiv';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: shopTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function kyivFields(instant: Date): Record<string, string> {
  return Object.fromEntries(parts.formatToParts(instant).map((p) => [p.type, p.value]));
}

/** How far Kyiv's clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: Date): number {
  const f = kyivFields(instant);
  const asUtc = Date.UTC(
    Number(f.year),
    Number(f.month) - 1,
    Number(f.day),
    Number(f.hour),
    Number(f.minute),
    Number(f.second),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a Kyiv day (`2026-11-23`) begins; `days` later for the start of a following day. */
export function kyivDayStart(day: string, days = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, date + days);
  // Kyiv's clocks change at 01:00 UTC, so the offset at UTC midnight is the one at Kyiv's midnight.
  return new Date(midnightUtc - offsetAt(new Date(midnightUtc)));
}

/** An instant on Kyiv's clock, `2026-11-23 14:05`. */
export function kyivDateTime(instant: Date): string {
  const f = kyivFields(instant);
  return `${f.year}-${f.month}-${f.day} ${f.hour}:${f.minute}`;
}

/** The last day asked for and the instants it spans: most calls (one per search) fall on it. */
let lastDay: { day: string; from: number; to: number } | undefined;

/** The Kyiv day (`2026-11-23`) an instant falls on. */
export function kyivDay(instant: Date): string {
  const at = instant.getTime();
  if (lastDay && at >= lastDay.from && at < lastDay.to) return lastDay.day;
  const day = kyivDateTime(instant).slice(0, 10);
  lastDay = { day, from: kyivDayStart(day).getTime(), to: kyivDayStart(day, 1).getTime() };
  return day;
}

/** The day `days` after `day` (before, when negative), as calendar days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** A query's `from`/`to` value: a day in Kyiv, or an instant as given. */
export const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The instant of a Kyiv wall-clock time on `day`: an hour the autumn clock change repeats is read as
 * its later one, an hour the spring change skips as winter time.
 */
export function kyivInstant(day: string, h: number, m: number, s = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, date, h, m, s);
  for (const offsetHours of [2, 3]) {
    const instant = new Date(asUtc - offsetHours * 3_600_000);
    if (kyivDateTime(instant) === `${day} ${pad(h)}:${pad(m)}`) return instant;
  }
  return new Date(asUtc - 2 * 3_600_000);
}
