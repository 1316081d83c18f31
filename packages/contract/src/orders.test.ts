import { describe, expect, it } from 'vitest';
import { orderStatuses, orderTransitions } from './orders.ts';

describe('order statuses', () => {
  it('every status is known, and the finished ones lead nowhere', () => {
    for (const [from, targets] of Object.entries(orderTransitions)) {
      expect(orderStatuses).toContain(from);
      for (const to of targets) expect(orderStatuses).toContain(to);
    }
    expect(orderTransitions.cancelled).toEqual([]);
    expect(orderTransitions.returned).toEqual([]);
  });
});
