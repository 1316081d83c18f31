import { describe, expect, it } from 'vitest';
import { shiftWindow } from './thumbnail-strip';

describe('thumbnail window of 4', () => {
  it('moves only when the current slide passes an edge', () => {
    expect(shiftWindow(0, 3, 8)).toBe(0);
    expect(shiftWindow(0, 4, 8)).toBe(1);
    expect(shiftWindow(1, 2, 8)).toBe(1);
    expect(shiftWindow(3, 2, 8)).toBe(2);
    expect(shiftWindow(0, 7, 8)).toBe(4);
    // Wrapping from the last image to the first brings the window back.
    expect(shiftWindow(4, 0, 8)).toBe(0);
    expect(shiftWindow(0, 2, 3)).toBe(0);
  });
});
