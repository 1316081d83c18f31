import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  // One to three category slugs (spec section 2).
  route('category/:parent/:child?/:subchild?', 'routes/catalog.tsx'),
  // Two to four segments: the category path, then the product's slug.
  route('product/*', 'routes/product.tsx'),
  route('search', 'routes/search.tsx'),
  route('wishlist', 'routes/wishlist.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('success-order', 'routes/success-order.tsx'),
  // The shop's information pages (spec section 2), linked from the footer.
  route('delivery', 'routes/delivery.tsx'),
  route('contacts', 'routes/contacts.tsx'),
  route('about', 'routes/about.tsx'),
  route('conf', 'routes/conf.tsx'),
  route('return', 'routes/return.tsx'),
  route('oferta', 'routes/oferta.tsx'),
  // The reset mail's link (spec section 2).
  route('change-password', 'routes/change-password.tsx'),
  // The account area: signed-in shoppers only, behind one layout with the side menu.
  layout('routes/account.tsx', [
    route('profile', 'routes/profile.tsx'),
    route('profile-wishlist', 'routes/profile-wishlist.tsx'),
    route('profile-orders', 'routes/profile-orders.tsx'),
  ]),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
