import { endpoint } from '../endpoint.ts';

/**
 * The shop's public API, as the storefront calls it (and, for signing in and the profile, the back
 * office): one descriptor per call, with the schemas the server's routes declare.
 */

const common = () => import('../common.ts');

// Accounts.

export const login = endpoint({
  method: 'POST',
  path: '/api/login/',
  errors: [400, 401, 403, 429],
  auth: 'none',
  schemas: async () => {
    const [s, c] = await Promise.all([import('../accounts.ts'), common()]);
    return { body: s.loginBody, answer: s.authTokens, errors: { ...s.accountErrors, 403: c.detailError } };
  },
});

export const refreshToken = endpoint({
  method: 'POST',
  path: '/api/token/refresh/',
  errors: [400, 401],
  auth: 'none',
  schemas: async () => {
    const [s, c] = await Promise.all([import('../accounts.ts'), common()]);
    return {
      body: s.refreshBody,
      answer: s.refreshedTokens,
      errors: { 400: c.badRequestError, 401: c.detailError },
    };
  },
});

export const register = endpoint({
  method: 'POST',
  path: '/api/register/',
  errors: [400, 429],
  schemas: async () => {
    const [s, c] = await Promise.all([import('../accounts.ts'), common()]);
    return { body: s.registerBody, answer: s.userProfile, errors: { 400: c.badRequestError, 429: c.detailError } };
  },
});

export const passwordResetRequest = endpoint({
  method: 'POST',
  path: '/api/password-reset-request/',
  errors: [400, 429],
  schemas: async () => {
    const [s, c] = await Promise.all([import('../accounts.ts'), common()]);
    return {
      body: s.passwordResetRequestBody,
      answer: s.message,
      errors: { 400: c.badRequestError, 429: c.detailError },
    };
  },
});

export const resetPassword = endpoint({
  method: 'POST',
  path: '/api/reset-password/',
  errors: [400],
  schemas: async () => {
    const [s, c] = await Promise.all([import('../accounts.ts'), common()]);
    return { body: s.passwordResetBody, answer: s.message, errors: { 400: c.badRequestError } };
  },
});

export const profile = endpoint({
  method: 'GET',
  path: '/api/user-profile/',
  errors: [401],
  schemas: async () => {
    const s = await import('../accounts.ts');
    return { answer: s.userProfile, errors: { 401: s.accountErrors[401] } };
  },
});

export const updateProfile = endpoint({
  method: 'PATCH',
  path: '/api/user-profile/',
  errors: [400, 401, 429],
  schemas: async () => {
    const s = await import('../accounts.ts');
    return { body: s.profileUpdateBody, answer: s.userProfile, errors: s.accountErrors };
  },
});

// The catalogue.

export const categories = endpoint({
  method: 'GET',
  path: '/api/categories/',
  errors: [],
  schemas: async () => ({ answer: (await import('../catalog.ts')).categoryList }),
});

export const categoryAtPath = endpoint({
  method: 'GET',
  path: '/api/categories/by-path/',
  errors: [400, 404],
  schemas: async () => {
    const s = await import('../catalog.ts');
    return {
      query: s.categoryPathQuery,
      answer: s.categoryAtPath,
      errors: { 400: s.catalogErrors[400], 404: s.categoryNotFound },
    };
  },
});

export const products = endpoint({
  method: 'GET',
  path: '/api/products',
  errors: [400, 401, 404],
  schemas: async () => {
    const s = await import('../catalog.ts');
    return { query: s.productListQuery, answer: s.productList, errors: s.catalogErrors };
  },
});

export const product = endpoint({
  method: 'GET',
  path: '/api/products/:slug',
  errors: [400, 401, 404],
  schemas: async () => {
    const s = await import('../catalog.ts');
    return { params: s.productSlugParams, answer: s.product, errors: s.productErrors };
  },
});

export const suggest = endpoint({
  method: 'GET',
  path: '/api/search/suggest',
  errors: [400],
  schemas: async () => {
    const s = await import('../catalog.ts');
    return { query: s.suggestQuery, answer: s.suggestion, errors: { 400: s.catalogErrors[400] } };
  },
});

export const homeContent = endpoint({
  method: 'GET',
  path: '/api/home-content/',
  errors: [],
  schemas: async () => ({ answer: (await import('../site-content.ts')).homeContent }),
});

// Ratings and the wishlist.

export const productRating = endpoint({
  method: 'GET',
  path: '/api/rate-product/',
  errors: [400, 404],
  schemas: async () => {
    const s = await import('../ratings.ts');
    return {
      query: s.ratingQuery,
      answer: s.averageRating,
      errors: { 400: s.ratingErrors[400], 404: s.ratingErrors[404] },
    };
  },
});

export const rateProduct = endpoint({
  method: 'POST',
  path: '/api/rate-product/',
  errors: [400, 401, 404],
  schemas: async () => {
    const s = await import('../ratings.ts');
    return { body: s.ratingBody, answer: s.ratingSaved, errors: s.ratingErrors };
  },
});

export const wishlist = endpoint({
  method: 'GET',
  path: '/api/wishlist/',
  errors: [401],
  schemas: async () => {
    const s = await import('../wishlist.ts');
    return { answer: s.wishlist, errors: { 401: s.wishlistErrors[401] } };
  },
});

export const addToWishlist = endpoint({
  method: 'POST',
  path: '/api/wishlist/',
  errors: [400, 401, 404],
  schemas: async () => {
    const s = await import('../wishlist.ts');
    return { body: s.wishlistBody, answer: s.wishlistEntry, errors: s.wishlistErrors };
  },
});

/** Answers 204: nothing to read. */
export const removeFromWishlist = endpoint({
  method: 'DELETE',
  path: '/api/wishlist/remove/',
  errors: [400, 401],
  schemas: async () => {
    const s = await import('../wishlist.ts');
    return { body: s.wishlistBody, errors: { 400: s.wishlistErrors[400], 401: s.wishlistErrors[401] } };
  },
});

// Orders, payments and delivery.

/** Answers 201 with the order placed, or 200 with the one an earlier call with the same Idempotency-Key placed. */
export const placeOrder = endpoint({
  method: 'POST',
  path: '/api/orders/',
  errors: [400, 401, 422, 429],
  schemas: async () => {
    const s = await import('../orders.ts');
    return { body: s.orderBody, answer: s.order, errors: s.orderErrors };
  },
});

export const createCardInvoice = endpoint({
  method: 'POST',
  path: '/api/create-monobank-invoice/',
  errors: [400, 401, 422, 429, 502, 503],
  schemas: async () => {
    const [o, p] = await Promise.all([import('../orders.ts'), import('../payments.ts')]);
    return { body: o.orderBody, answer: p.invoiceCreated, errors: p.paymentErrors };
  },
});

/** A promo code's discount on a cart before the order; a refusal is a 400 on `promo_code`. */
export const checkPromoCode = endpoint({
  method: 'POST',
  path: '/api/promo-codes/check/',
  errors: [400, 429],
  schemas: async () => {
    const s = await import('../promotions.ts');
    return { body: s.promoCheckBody, answer: s.promoCheck, errors: s.promoCheckErrors };
  },
});

export const orders = endpoint({
  method: 'GET',
  path: '/api/orders/',
  errors: [401],
  schemas: async () => {
    const s = await import('../orders.ts');
    return { answer: s.orderList, errors: { 401: s.orderErrors[401] } };
  },
});

export const orderStatus = endpoint({
  method: 'GET',
  path: '/api/orders/:order_id/status/',
  errors: [404],
  schemas: async () => {
    const [s, c] = await Promise.all([import('../orders.ts'), common()]);
    return { params: s.orderStatusParams, answer: s.orderStatusView, errors: { 404: c.detailError } };
  },
});

export const orderShipment = endpoint({
  method: 'GET',
  path: '/api/orders/:order_id/shipment/',
  errors: [404],
  schemas: async () => {
    const [s, c] = await Promise.all([import('../orders.ts'), common()]);
    return { params: s.orderStatusParams, answer: s.orderShipment, errors: { 404: c.detailError } };
  },
});

export const orderShipments = endpoint({
  method: 'GET',
  path: '/api/orders/shipments/',
  errors: [401],
  schemas: async () => {
    const s = await import('../orders.ts');
    return { answer: s.orderShipments, errors: { 401: s.orderErrors[401] } };
  },
});

export const cities = endpoint({
  method: 'GET',
  path: '/api/novaposhta/cities/',
  errors: [400],
  schemas: async () => {
    const s = await import('../delivery.ts');
    return { query: s.citiesQuery, answer: s.cityList, errors: { 400: s.deliveryErrors[400] } };
  },
});

export const warehouses = endpoint({
  method: 'GET',
  path: '/api/novaposhta/warehouses/',
  errors: [400],
  schemas: async () => {
    const s = await import('../delivery.ts');
    return { query: s.warehousesQuery, answer: s.warehouseList, errors: { 400: s.deliveryErrors[400] } };
  },
});

/** Information only: null fields when the carrier cannot say (the order's delivery line stays 0). */
export const shippingEstimate = endpoint({
  method: 'GET',
  path: '/api/shipping/estimate/',
  errors: [400],
  schemas: async () => {
    const s = await import('../delivery.ts');
    return { query: s.shippingEstimateQuery, answer: s.shippingEstimate, errors: { 400: s.deliveryErrors[400] } };
  },
});

// The contact form.

export const captchaChallenge = endpoint({
  method: 'GET',
  path: '/api/captcha/challenge/',
  errors: [404],
  schemas: async () => {
    const s = await import('../captcha.ts');
    return { answer: s.captchaChallenge, errors: s.captchaErrors };
  },
});

export const sendFeedback = endpoint({
  method: 'POST',
  path: '/api/feedback/',
  errors: [400, 429, 503],
  schemas: async () => {
    const [s, a] = await Promise.all([import('../feedback.ts'), import('../accounts.ts')]);
    return { body: s.feedbackBody, answer: a.message, errors: s.feedbackErrors };
  },
});

// The sitemap, read by the storefront's server.

export const sitemap = endpoint({
  method: 'GET',
  path: '/api/sitemap/',
  errors: [400],
  schemas: async () => {
    const s = await import('../sitemap.ts');
    return { query: s.sitemapSummaryQuery, answer: s.sitemapSummary, errors: s.sitemapErrors };
  },
});

export const sitemapProducts = endpoint({
  method: 'GET',
  path: '/api/sitemap/products/',
  errors: [400],
  schemas: async () => {
    const s = await import('../sitemap.ts');
    return { query: s.sitemapProductsQuery, answer: s.sitemapProductPage, errors: s.sitemapErrors };
  },
});

/**
 * A page's Core Web Vitals. The storefront sends it with navigator.sendBeacon (the report must
 * survive the page closing), so it goes beside the client; the descriptor names its address.
 */
export const reportVitals = endpoint({
  method: 'POST',
  path: '/api/vitals/',
  errors: [400, 413, 429],
  schemas: async () => {
    const [s, c] = await Promise.all([import('../vitals.ts'), common()]);
    return {
      body: s.vitalReport,
      errors: { 400: c.badRequestError, 413: c.detailError, 429: c.detailError },
    };
  },
});

// Stock: "tell me when it is back".

/** 201: the shopper is mailed once when the variant is back. 400 when it can be bought now. */
export const stockAlertCreate = endpoint({
  method: 'POST',
  path: '/api/stock-alerts/',
  errors: [400, 404, 429],
  schemas: async () => {
    const s = await import('../stock.ts');
    return { body: s.stockAlertBody, answer: s.stockAlertCreated, errors: s.stockAlertErrors };
  },
});

/** The mail's unsubscribe link: 204, or 404 for a token that names nothing (or nothing any more). */
export const stockAlertDelete = endpoint({
  method: 'DELETE',
  path: '/api/stock-alerts/:token/',
  errors: [400, 404],
  schemas: async () => {
    const s = await import('../stock.ts');
    return { params: s.stockAlertParams, errors: { 400: s.stockAlertErrors[400], 404: s.stockAlertErrors[404] } };
  },
});

// Fiscal receipts and returns.

export const orderReceipts = endpoint({
  method: 'GET',
  path: '/api/orders/:order_id/receipts/',
  errors: [404],
  schemas: async () => {
    const [s, c] = await Promise.all([import('../fiscal.ts'), common()]);
    return { params: s.orderReceiptsParams, answer: s.orderReceipts, errors: { 404: c.detailError } };
  },
});

/** What of the order may be returned, until when, and its returns so far, for whoever holds its id. */
export const orderReturns = endpoint({
  method: 'GET',
  path: '/api/orders/:order_id/returns/',
  errors: [404],
  schemas: async () => {
    const [s, c] = await Promise.all([import('../returns.ts'), common()]);
    return { params: s.orderReturnsParams, answer: s.orderReturns, errors: { 404: c.detailError } };
  },
});

/**
 * 201 with the return. 400 names the fields (lines, reason, IBAN); 409 when the order cannot be
 * returned now (not received, more than 14 days ago, nothing left to return).
 */
export const requestReturn = endpoint({
  method: 'POST',
  path: '/api/orders/:order_id/returns/',
  errors: [400, 404, 409, 429],
  schemas: async () => {
    const [s, c] = await Promise.all([import('../returns.ts'), common()]);
    return {
      params: s.orderReturnsParams,
      body: s.returnRequestBody,
      answer: s.returnView,
      errors: { 400: c.badRequestError, 404: c.detailError, 409: c.detailError, 429: c.detailError },
    };
  },
});
