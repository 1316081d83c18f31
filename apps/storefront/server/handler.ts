import * as build from 'virtual:react-router/server-build';
import { createRequestHandler, RouterContextProvider } from 'react-router';
import {
  type ApiFetch,
  apiContext,
  type ErrorReport,
  errorReportContext,
  nonceContext,
  type ProductPrice,
  productPriceContext,
  siteContext,
} from '../app/lib/request-context';

export interface StorefrontRequestContext {
  /** Answers API paths in-process; the storefront renders the guest view, so it sends no credentials. */
  api: ApiFetch;
  /** The Content-Security-Policy nonce of this response. */
  nonce: string;
  publicUrl: string;
  /** reCAPTCHA v2's public site key, when the shop uses it for the contact form. */
  recaptchaSiteKey?: string;
  /** SHOW_PRICES_TO_GUESTS: product pages' structured data carries the price. */
  showPricesToGuests?: boolean;
  /** A product's price as the shop reads it, whoever asks (the API hides it from guests). */
  productPrice?: ProductPrice;
  /** Logs an error the page is answered with (its error page), on the request's line. */
  reportError?: ErrorReport;
}

export type StorefrontHandler = (request: Request, context: StorefrontRequestContext) => Promise<Response>;

/**
 * The entry of the storefront's server build: React Router's request handler, given what each
 * request needs through the router context. The Fastify plugin turns its requests into Fetch
 * requests and streams the answers back.
 */
export function createStorefrontHandler(mode: 'production' | 'development' = 'production'): StorefrontHandler {
  const handle = createRequestHandler(build, mode);
  return (request, { api, nonce, publicUrl, recaptchaSiteKey, showPricesToGuests, productPrice, reportError }) => {
    const context = new RouterContextProvider();
    context.set(apiContext, api);
    context.set(nonceContext, nonce);
    context.set(siteContext, { publicUrl, recaptchaSiteKey, showPricesToGuests: showPricesToGuests ?? false });
    if (productPrice) context.set(productPriceContext, productPrice);
    if (reportError) context.set(errorReportContext, reportError);
    return handle(request, context);
  };
}
