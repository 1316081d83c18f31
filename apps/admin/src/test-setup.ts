import * as admin from '@kram/contract/endpoints/admin';
import * as shop from '@kram/contract/endpoints/shop';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';

// Answers are checked against the contract in tests; its schemas are loaded before the first test,
// so that a check takes no longer than the stubbed answer it reads (fake timers included).
beforeAll(async () => {
  const endpoints = [...Object.values(admin), ...Object.values(shop)];
  await Promise.all(endpoints.map((endpoint) => ('schemas' in endpoint ? endpoint.schemas() : undefined)));
});

// An unexpected console.error fails the test (CONVENTIONS.md).
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});
