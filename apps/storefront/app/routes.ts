import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  // One to three category slugs (spec section 2).
  route('category/:parent/:child?/:subchild?', 'routes/catalog.tsx'),
  // Two to four segments: the category path, then the product's slug.
  route('product/*', 'routes/product.tsx'),
  route('search', 'routes/search.tsx'),
  route('wishlist', 'routes/wishlist.tsx'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
