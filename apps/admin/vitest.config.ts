import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'happy-dom',
      setupFiles: ['./src/test-setup.ts'],
      // The files share one happy-dom and react-admin's modules per worker: they replace globals only
      // through vi.stubGlobal, which test-setup.ts undoes after each test with the storage, and Testing
      // Library empties the document after each test.
      isolate: false,
    },
  }),
);
