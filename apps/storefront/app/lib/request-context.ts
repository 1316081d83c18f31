import { createContext } from 'react-router';

/** Calls the shop API from the server without a network hop (the Fastify plugin passes `app.inject`). */
export type ApiFetch = (path: string) => Promise<Response>;

export interface SiteInfo {
  /** The shop's address as shoppers see it, for canonical links and the sitemap. */
  publicUrl: string;
  /** Set when the server checks the contact form's captcha with reCAPTCHA v2: the public site key. */
  recaptchaSiteKey?: string;
}

export const apiContext = createContext<ApiFetch>();
export const nonceContext = createContext<string>('');
export const siteContext = createContext<SiteInfo>({ publicUrl: 'http://localhost:3000' });
