import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['app/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    // Each file in its own VM context on a worker that keeps its happy-dom: files stay isolated from
    // one another (some replace globals such as fetch and localStorage), without a new worker each.
    pool: 'vmThreads',
    setupFiles: ['./app/test-setup.ts'],
  },
});
