import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  // The Fastify server imports build/server/index.js (see server/handler.ts and apps/server/src/plugins/storefront.ts).
  buildDirectory: 'build',
} satisfies Config;
