import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  // The server mounts the built files at /admin/assets/; the pages themselves live at /uk/admin/ and /ru/admin/.
  base: '/admin/',
  plugins: [react()],
  resolve: {
    // react-admin needs React Router 7 while the storefront uses 8: npm installs the 7 and ra-core once
    // at the root and the 8 beside the storefront (docs/decisions/052). Should npm ever nest a second
    // copy again, the bundle still takes one of each: two copies of ra-core or of the router would
    // mean two contexts that do not see each other.
    dedupe: ['react', 'react-dom', 'react-router', 'react-router-dom', 'ra-core'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Vite would inline a small module-preload helper as an inline script; the back office's CSP allows none.
    modulePreload: { polyfill: false },
    // Screens load when first opened (src/resources/index.tsx), and the libraries split along with
    // them: the sign-in page loads react-admin's core, MUI's base and the form parts, not the data
    // grid, uploads or any screen.
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries the entry loads (`$initial`) in three chunks beside the back office's own
          // code, each below Vite's 500 kB warning: React, MUI, the rest (react-admin, its router and
          // query client). Fewer, larger files than the automatic split, so the sign-in page loads a
          // little less; a library a screen alone uses stays with that screen.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs)[\\/]/, tags: ['$initial'], priority: 1 },
            { name: 'libraries', test: /node_modules[\\/]/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
