import { describe, expect, it } from 'vitest';
import { deepFreeze, toJson } from './json.ts';

describe('toJson', () => {
  it('serialises plain objects afresh every time', () => {
    const answer = { count: 1 };
    expect(toJson(answer)).toBe('{"count":1}');
    answer.count = 2;
    expect(toJson(answer)).toBe('{"count":2}');
  });

  it('reuses the JSON of a deeply frozen answer', () => {
    const answer = deepFreeze({ results: { products: [{ id: 1 }] } });
    const first = toJson(answer);
    expect(first).toBe('{"results":{"products":[{"id":1}]}}');
    expect(Object.isFrozen(answer.results.products[0])).toBe(true);
    expect(() => {
      (answer.results.products as { id: number }[]).push({ id: 2 });
    }).toThrow(TypeError);
    expect(toJson(answer)).toBe(first);
  });
});
