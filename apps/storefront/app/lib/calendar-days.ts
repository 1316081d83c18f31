/**
 * Calendar days as the API writes them (`2026-12-04`). The carrier and the shop keep Kyiv's calendar,
 * so "today" is Kyiv's date wherever the shopper's browser is.
 */
export type Day = string;

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayMs = 86_400_000;
const shopTimeZone = 'Europe/Kyiv';

let kyivDate: Intl.DateTimeFormat | undefined;

/** Today in Kyiv, as `YYYY-MM-DD`. */
export function shopToday(now: Date = new Date()): Day {
  // en-CA writes dates as YYYY-MM-DD.
  kyivDate ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: shopTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return kyivDate.format(now);
}

/** Midnight UTC of a day, in ms; null for anything that is not a `YYYY-MM-DD` date. */
function dayStart(day: Day): number | null {
  const match = dayPattern.exec(day);
  if (!match) return null;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  const ms = Date.UTC(year, month - 1, date);
  // 2026-02-31 is not a day.
  return new Date(ms).getUTCDate() === date ? ms : null;
}

/** Whole days from `from` to `to` (negative when `to` is earlier); null when either is not a day. */
export function daysBetween(from: Day, to: Day): number | null {
  const start = dayStart(from);
  const end = dayStart(to);
  if (start === null || end === null) return null;
  return Math.round((end - start) / dayMs);
}

/**
 * The carrier's working days (every day but Sunday: Nova Poshta's branches work on Saturdays) after
 * `from` up to and including `to`: a parcel due on Monday, seen on Saturday, is one working day away.
 * Never less than 1, since it is not there yet; null when either is not a day.
 */
export function workingDaysUntil(from: Day, to: Day): number | null {
  const start = dayStart(from);
  const span = daysBetween(from, to);
  if (start === null || span === null) return null;
  let working = 0;
  for (let offset = 1; offset <= span; offset++) {
    const weekday = new Date(start + offset * dayMs).getUTCDay();
    if (weekday !== 0) working++;
  }
  return Math.max(1, working);
}

/** `04.12.2026`, as the shop writes dates in both languages; anything else is shown as it came. */
export function formatDay(day: Day): string {
  const match = dayPattern.exec(day);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : day;
}
