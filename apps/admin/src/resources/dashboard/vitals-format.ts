import type { VitalRating } from '@kram/contract/vitals-rules';

const milliseconds = new Intl.NumberFormat('uk-UA', { maximumFractionDigits: 0 });
const shift = new Intl.NumberFormat('uk-UA', { minimumFractionDigits: 2, maximumFractionDigits: 3 });

/**
 * A p75 as the dashboard writes it: LCP and INP in whole milliseconds ("1 834"), CLS with two or
 * three decimals ("0,05", "0,101"), as the server rounded it, so a figure over a threshold reads so.
 */
export function vitalFigure(metric: 'LCP' | 'INP' | 'CLS', p75: number): string {
  return metric === 'CLS' ? shift.format(p75) : milliseconds.format(p75);
}

/** The palette colour of each rating: Google's green, amber and red, as MUI names them. */
export const ratingColour: Record<VitalRating, 'success.main' | 'warning.main' | 'error.main'> = {
  good: 'success.main',
  needs_improvement: 'warning.main',
  poor: 'error.main',
};
