/**
 * Every table of the shop, from the modules (and the mail outbox) that own them: what the migrations
 * are generated from (drizzle.config.ts) and what a copy between databases walks. Each module keeps
 * its tables in its own `schema.ts`; a test checks none is missing here.
 */
export * from './infra/mail/schema.ts';
export * from './modules/accounts/schema.ts';
export * from './modules/audit/schema.ts';
export * from './modules/captcha/schema.ts';
export * from './modules/catalog/schema.ts';
export * from './modules/content/schema.ts';
export * from './modules/delivery/schema.ts';
export * from './modules/feedback/schema.ts';
export * from './modules/fiscal/schema.ts';
export * from './modules/orders/schema.ts';
export * from './modules/payments/schema.ts';
export * from './modules/promotions/schema.ts';
export * from './modules/ratings/schema.ts';
export * from './modules/returns/schema.ts';
export * from './modules/search-insights/schema.ts';
export * from './modules/shipping/schema.ts';
export * from './modules/vitals/schema.ts';
export * from './modules/wishlist/schema.ts';
