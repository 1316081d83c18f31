import * as shop from '@kram/contract/endpoints/shop';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';

// Answers are checked against the contract in tests; its schemas are loaded before the first test,
// so that a check takes no longer than the stubbed answer it reads (fake timers included).
beforeAll(async () => {
  await Promise.all(Object.values(shop).map((endpoint) => endpoint.schemas()));
});

// An unexpected console.error fails the test (CONVENTIONS.md).
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
