import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error is a bug the test did not look for.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.map((a) => a.join(' ')).join('\n')}`);
});
