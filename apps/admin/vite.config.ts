import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  // The server mounts the built files at /admin/assets/; the pages themselves live at /uk/admin/ and /ru/admin/.
  base: '/admin/',
  plugins: [react()],
  resolve: {
    // react-admin needs React Router 7 while the storefront uses 8, so npm nests the 7 (and a copy of
    // ra-core beside each ra-* package that needs one). One copy of each in the bundle: two copies of
    // ra-core or of the router would mean two contexts that do not see each other.
    dedupe: ['react', 'react-dom', 'react-router', 'react-router-dom', 'ra-core'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Vite would inline a small module-preload helper as an inline script; the back office's CSP allows none.
    modulePreload: { polyfill: false },
    // Screens load when first opened (src/resources/index.tsx), and the libraries split along with
    // them: the sign-in page loads react-admin's core, MUI's base and the form parts (about 300 kB
    // gzip), not the data grid, uploads or any screen. No single chunk nears the warning size.
  },
});
