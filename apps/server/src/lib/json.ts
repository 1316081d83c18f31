const memo = new WeakMap<object, string>();

/** Freezes an answer all the way down, marking it safe to serialise once and reuse (see `toJson`). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * JSON of a reply. A frozen answer cannot change, so its JSON is kept beside it: a cached catalogue
 * page is stringified once, not on every request that reads it.
 */
export function toJson(data: unknown): string {
  if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return JSON.stringify(data);
  let json = memo.get(data);
  if (json === undefined) {
    json = JSON.stringify(data);
    memo.set(data, json);
  }
  return json;
}
