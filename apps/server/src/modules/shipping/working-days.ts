import { addDays } from '../../lib/kyiv-time.ts';

/**
 * A carrier's working day: every day but Sunday (Nova Poshta's branches work on Saturdays). A branch
 * keeps a parcel free for 5 of them after the day it arrives. A day is `2026-11-30`.
 */
export const isWorkingDay = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay() !== 0;

/** The day `n` working days after `day` (the day itself not counted). */
export function addWorkingDays(day: string, n: number): string {
  let result = day;
  for (let left = n; left > 0; ) {
    result = addDays(result, 1);
    if (isWorkingDay(result)) left--;
  }
  return result;
}
