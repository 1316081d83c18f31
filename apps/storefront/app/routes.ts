import { index, layout, prefix, type RouteConfig, type RouteConfigEntry, route } from '@react-router/dev/routes';

/**
 * The shop's pages. Ukrainian has them at the root, Russian the same under `/ru/` (decision 029):
 * the same modules under route ids of their own, and the root loader reads the language from the path.
 */
function shopPages(id: (file: string) => string | undefined): RouteConfigEntry[] {
  const page = (path: string, file: string) => route(path, file, { id: id(file) });
  return [
    index('routes/home.tsx', { id: id('routes/home.tsx') }),
    // One to three category slugs (spec section 2).
    page('category/:parent/:child?/:subchild?', 'routes/catalog.tsx'),
    // Two to four segments: the category path, then the product's slug.
    page('product/*', 'routes/product.tsx'),
    page('search', 'routes/search.tsx'),
    page('wishlist', 'routes/wishlist.tsx'),
    page('checkout', 'routes/checkout.tsx'),
    page('success-order', 'routes/success-order.tsx'),
    // The shop's information pages (spec section 2), linked from the footer.
    page('delivery', 'routes/delivery.tsx'),
    page('contacts', 'routes/contacts.tsx'),
    page('about', 'routes/about.tsx'),
    page('conf', 'routes/conf.tsx'),
    page('return', 'routes/return.tsx'),
    page('oferta', 'routes/oferta.tsx'),
    // The reset mail's link (spec section 2).
    page('change-password', 'routes/change-password.tsx'),
    // The "back in stock" mail's unsubscribe link.
    page('stock-alerts/:token/unsubscribe', 'routes/stock-alert-unsubscribe.tsx'),
    // Asking to return an order's goods: from the order history, and from the order mail for guests.
    page('returns/:orderId', 'routes/order-returns.tsx'),
    // The account area: signed-in shoppers only, behind one layout with the side menu.
    layout('routes/account.tsx', { id: id('routes/account.tsx') }, [
      page('profile', 'routes/profile.tsx'),
      page('profile-wishlist', 'routes/profile-wishlist.tsx'),
      page('profile-orders', 'routes/profile-orders.tsx'),
    ]),
    page('*', 'routes/not-found.tsx'),
  ];
}

/** Ukrainian keeps the default ids (the file without its extension); Russian's end in `.ru`. */
const russianId = (file: string) => `${file.replace(/\.tsx?$/, '')}.ru`;

export default [
  ...shopPages(() => undefined),
  ...prefix('ru', shopPages(russianId)),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('sitemaps/:file', 'routes/sitemap-file.ts'),
  route('robots.txt', 'routes/robots.ts'),
] satisfies RouteConfig;
