import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// Built and served exactly as the storefront is: the same server entry, the same Fastify plugin.
export default defineConfig({
  plugins: [reactRouter()],
  environments: {
    ssr: {
      resolve: { noExternal: ['@react-router/node'] },
      build: { rolldownOptions: { input: '../server/handler.ts' } },
    },
  },
});
