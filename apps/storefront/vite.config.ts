import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  environments: {
    // The server build's entry is our own handler, which wraps React Router's request handler for Fastify.
    ssr: { build: { rolldownOptions: { input: './server/handler.ts' } } },
  },
});
