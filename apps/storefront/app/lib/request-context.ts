import { createContext } from 'react-router';

/** Calls the shop API from the server without a network hop (the Fastify plugin passes `app.inject`). */
export type ApiFetch = (path: string) => Promise<Response>;

export interface SiteInfo {
  /** The shop's address as shoppers see it, for canonical links and the sitemap. */
  publicUrl: string;
  /** Set when the server checks the contact form's captcha with reCAPTCHA v2: the public site key. */
  recaptchaSiteKey?: string;
  /**
   * SHOW_PRICES_TO_GUESTS: product pages' structured data carries the price. Only the structured data
   * reads it; pages and the API show prices to signed-in shoppers only (spec section 1).
   */
  showPricesToGuests?: boolean;
}

/**
 * The server's log for this request (the Fastify request's logger): a page that fails is logged there,
 * as one JSON line with the request's id, never printed to the console.
 */
export interface PageLog {
  error(fields: { err: unknown; [key: string]: unknown }, message: string): void;
}

/** A product's price as the shop itself reads it, null when there is none; only on the server. */
export type ProductPrice = (productId: number) => Promise<string | null>;

export const apiContext = createContext<ApiFetch>();
export const nonceContext = createContext<string>('');
export const siteContext = createContext<SiteInfo>({ publicUrl: 'http://localhost:3000' });
export const productPriceContext = createContext<ProductPrice>(async () => null);
/** Without the server's log (a loader called on its own), failures go to the console. */
export const pageLogContext = createContext<PageLog>({
  error: (fields, message) => console.error(message, fields.err),
});
