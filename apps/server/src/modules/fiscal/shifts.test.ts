import { describe, expect, it } from 'vitest';
import { kyivTimeOn, nextCloseAfter } from './shifts.ts';

describe('the daily shift close, on Kyiv’s clock', () => {
  it('falls at the close time of the day, or of the next day once it has passed', () => {
    // 22:00 in Kyiv (winter, UTC+2): today's 23:50.
    expect(nextCloseAfter(new Date('2026-03-10T20:00:00Z'), '23:50').toISOString()).toBe('2026-03-10T21:50:00.000Z');
    // 23:50 itself has passed: tomorrow's.
    expect(nextCloseAfter(new Date('2026-03-10T21:50:00Z'), '23:50').toISOString()).toBe('2026-03-11T21:50:00.000Z');
    // Summer time (UTC+3).
    expect(nextCloseAfter(new Date('2026-07-01T06:00:00Z'), '23:50').toISOString()).toBe('2026-07-01T20:50:00.000Z');
  });

  it('follows the clock changes', () => {
    // 29 March 2026: clocks go from 03:00 to 04:00; the evening is summer time.
    expect(nextCloseAfter(new Date('2026-03-28T22:30:00Z'), '23:50').toISOString()).toBe('2026-03-29T20:50:00.000Z');
    // An hour the change skips is read as winter time.
    expect(kyivTimeOn('2026-03-29', '03:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026: 03:30 happens twice; the later one.
    expect(kyivTimeOn('2026-10-25', '03:30').toISOString()).toBe('2026-10-25T01:30:00.000Z');
    expect(kyivTimeOn('2026-10-25', '23:50').toISOString()).toBe('2026-10-25T21:50:00.000Z');
  });
});
