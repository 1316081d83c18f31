import { describe, expect, it } from 'vitest';
import { isDay, kyivDateTime, kyivDay, kyivDayStart } from './kyiv-time.ts';

describe('Kyiv days', () => {
  it('start at Kyiv’s midnight, winter (UTC+2) and summer (UTC+3)', () => {
    expect(kyivDayStart('2026-01-15').toISOString()).toBe('2026-01-14T22:00:00.000Z');
    expect(kyivDayStart('2026-07-15').toISOString()).toBe('2026-07-14T21:00:00.000Z');
  });

  it('follow the clock change: the last Sunday of March is 23 hours long, of October 25', () => {
    expect(kyivDayStart('2026-03-29').toISOString()).toBe('2026-03-28T22:00:00.000Z');
    expect(kyivDayStart('2026-03-29', 1).toISOString()).toBe('2026-03-29T21:00:00.000Z');
    expect(kyivDayStart('2026-10-25').toISOString()).toBe('2026-10-24T21:00:00.000Z');
    expect(kyivDayStart('2026-10-25', 1).toISOString()).toBe('2026-10-25T22:00:00.000Z');
  });

  it('roll over months and years', () => {
    expect(kyivDayStart('2026-12-31', 1).toISOString()).toBe('2026-12-31T22:00:00.000Z');
  });

  it('show instants on Kyiv’s clock', () => {
    expect(kyivDateTime(new Date('2026-11-23T22:30:00Z'))).toBe('2026-11-24 00:30');
    expect(kyivDateTime(new Date('2026-06-01T09:05:59Z'))).toBe('2026-06-01 12:05');
  });

  it('tell a day from an instant', () => {
    expect(isDay('2026-11-23')).toBe(true);
    expect(isDay('2026-11-23T10:00:00Z')).toBe(false);
  });
});

describe('kyivDay', () => {
  it('gives the Kyiv day of an instant, across midnights and clock changes, asked in any order', () => {
    const cases: [string, string][] = [
      ['2026-11-23T21:59:59.999Z', '2026-11-23'],
      ['2026-11-23T22:00:00.000Z', '2026-11-24'],
      ['2026-11-23T12:00:00.000Z', '2026-11-23'],
      ['2026-03-28T21:59:59.999Z', '2026-03-28'],
      ['2026-03-28T22:00:00.000Z', '2026-03-29'],
      ['2026-03-29T20:59:59.999Z', '2026-03-29'],
      ['2026-03-29T21:00:00.000Z', '2026-03-30'],
      ['2026-11-24T05:00:00.000Z', '2026-11-24'],
    ];
    for (const [instant, day] of cases) expect(kyivDay(new Date(instant)), instant).toBe(day);
  });
});
