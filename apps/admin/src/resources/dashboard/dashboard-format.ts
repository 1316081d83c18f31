/** A day of the API (`2026-11-23`) as the back office writes it: "23.11" on the chart, "23.11.2026" in full. */
export function dayLabel(date: string, withYear = false): string {
  const [year, month, day] = date.split('-');
  return withYear ? `${day}.${month}.${year}` : `${day}.${month}`;
}

/**
 * The chart's vertical scale: a round top at or above `max` and the step between its lines (1, 2 or
 * 5 times a power of ten), so the lines read 0, 2 500, 5 000… and not 0, 2 347, 4 694….
 */
export function niceScale(max: number, lines = 4): { top: number; step: number } {
  if (!(max > 0)) return { top: lines, step: 1 };
  const rough = max / lines;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].find((m) => m * power >= rough) ?? 10) * power;
  return { top: step * Math.ceil(max / step - 1e-9), step };
}

/** An axis figure in whole hryvnias: "25 000". */
const axisNumber = new Intl.NumberFormat('uk-UA', { maximumFractionDigits: 0 });
export const axisLabel = (value: number): string => axisNumber.format(value);
