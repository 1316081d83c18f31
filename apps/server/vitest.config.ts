import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // test/: the harness's own tests.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup-each-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One worker runs many files: the app's modules are loaded once per worker, not once per file
    // (each file still opens its own databases and apps). Three workers on two cores: many tests wait
    // on child processes, sockets and timers, so a third keeps the cores busy (docs/decisions/053).
    isolate: false,
    maxWorkers: 3,
  },
});
