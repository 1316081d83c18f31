import { describe, expect, it } from 'vitest';
import { daysBetween, formatDay, shopToday, workingDaysUntil } from './calendar-days';

describe('the shop’s calendar', () => {
  it('takes today from Kyiv, not from the browser’s zone', () => {
    // 22:30 UTC on 30 November is already 1 December in Kyiv (UTC+2 in winter).
    expect(shopToday(new Date('2026-11-30T22:30:00Z'))).toBe('2026-12-01');
    expect(shopToday(new Date('2026-11-30T21:30:00Z'))).toBe('2026-11-30');
    // Summer time: UTC+3.
    expect(shopToday(new Date('2026-06-30T21:30:00Z'))).toBe('2026-07-01');
  });

  it('counts whole days either way, and nothing for what is not a date', () => {
    expect(daysBetween('2026-12-01', '2026-12-04')).toBe(3);
    expect(daysBetween('2026-12-04', '2026-12-04')).toBe(0);
    expect(daysBetween('2026-12-05', '2026-12-04')).toBe(-1);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    // Across the change to summer time the days are still whole.
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-12-01', 'tomorrow')).toBeNull();
    expect(daysBetween('2026-02-31', '2026-03-01')).toBeNull();
  });

  it('counts working days after today up to the delivery day, at least one', () => {
    // 2026-12-01 is a Tuesday.
    expect(workingDaysUntil('2026-12-01', '2026-12-02')).toBe(1);
    expect(workingDaysUntil('2026-12-01', '2026-12-03')).toBe(2);
    // Friday to Monday: Saturday counts (branches work then), Sunday does not.
    expect(workingDaysUntil('2026-12-04', '2026-12-07')).toBe(2);
    // Saturday to Monday: one.
    expect(workingDaysUntil('2026-12-05', '2026-12-07')).toBe(1);
    expect(workingDaysUntil('2026-12-04', '2026-12-05')).toBe(1);
    expect(workingDaysUntil('2026-12-01', '2026-12-08')).toBe(6);
    // A day that is today or already gone is still a day away at least.
    expect(workingDaysUntil('2026-12-01', '2026-12-01')).toBe(1);
    expect(workingDaysUntil('2026-12-01', '2026-11-28')).toBe(1);
    expect(workingDaysUntil('2026-12-01', '')).toBeNull();
  });

  it('writes days as dd.mm.yyyy and leaves anything else as it came', () => {
    expect(formatDay('2026-12-04')).toBe('04.12.2026');
    expect(formatDay('soon')).toBe('soon');
  });
});
