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

/** A product's price as the shop itself reads it, null when there is none; only on the server. */
export type ProductPrice = (productId: number) => Promise<string | null>;

export const apiContext = createContext<ApiFetch>();
export const nonceContext = createContext<string>('');
export const siteContext = createContext<SiteInfo>({ publicUrl: 'http://localhost:3000' });
export const productPriceContext = createContext<ProductPrice>(async () => null);

/**
 * Where the server build reports an error it answers with its error page (a loader that failed, a
 * render that threw): the Fastify plugin logs it on the request's own line, with its id.
 */
export type ErrorReport = (error: unknown) => void;
export const errorReportContext = createContext<ErrorReport>((error) => console.error(error));
