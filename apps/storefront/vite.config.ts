import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    rolldownOptions: {
      // No warning that plugins took a large share of the build: it depends on the machine's load, and
      // the plugins it names are React Router's, not the shop's.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            {
              // The shop's own modules that two or more routes share go in one chunk instead of some 30
              // of 1–2 KB: a mobile page's first paint waits on fewer requests (bench/README.md). The
              // forms' features (auth, checkout, account, feedback) stay out: they bring zod with them.
              name: 'shared',
              test: /apps\/storefront\/app\/(lib|components|features\/(cart|catalog|search|wishlist)|widgets)\//,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  environments: {
    ssr: {
      // React Router's Node adapter is bundled: as a package it would bring TypeScript (its peer) into a
      // production install. React, React Router and the rest stay packages the server loads (bundled,
      // pages took 4.1 s instead of 2.4 s to first paint in bench/lighthouse: docs/decisions/052).
      resolve: { noExternal: ['@react-router/node'] },
      // The server build's entry is our own handler, which wraps React Router's request handler for Fastify.
      // The server process imports the contract itself: the server build imports that one copy rather
      // than bundling a second, whose schemas would register their ids in zod's global registry again
      // and break the API document (docs/decisions/036-one-copy-of-the-contract.md). Vite's own
      // `resolve.external` keeps only .js files out of a bundle; the contract is TypeScript, which
      // Node loads as the server does.
      build: { rolldownOptions: { input: './server/handler.ts', external: [/^@kram\/contract\//] } },
    },
  },
});
