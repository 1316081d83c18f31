import { localizedPath } from '@kram/contract/language-paths';
import type { Language } from '@kram/contract/languages';
import { forwardRef, useCallback } from 'react';
import {
  type LinkProps,
  type NavigateOptions,
  type NavLinkProps,
  Link as RouterLink,
  NavLink as RouterNavLink,
  type To,
  useNavigate,
} from 'react-router';
import { useLanguage } from './i18n';

/**
 * The storefront's links stay in the shopper's language (decision 029): components write the
 * Ukrainian address (`/product/…`, `productPath(…)`), and these put it under `/ru/` on a Russian page.
 */
export function localizedTo(to: To, lng: Language): To {
  if (typeof to === 'string') return localizedPath(to, lng);
  return to.pathname === undefined ? to : { ...to, pathname: localizedPath(to.pathname, lng) };
}

/** `Link` from react-router, its `to` in the page's language. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...props }, ref) {
  return <RouterLink ref={ref} to={localizedTo(to, useLanguage())} {...props} />;
});

/** `NavLink` from react-router, its `to` in the page's language. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ to, ...props }, ref) {
  return <RouterNavLink ref={ref} to={localizedTo(to, useLanguage())} {...props} />;
});

/** `useNavigate` for page addresses: `navigate('/')` goes home in the page's language. */
export function useLocalizedNavigate(): (to: To, options?: NavigateOptions) => void | Promise<void> {
  const navigate = useNavigate();
  const lng = useLanguage();
  return useCallback((to: To, options?: NavigateOptions) => navigate(localizedTo(to, lng), options), [navigate, lng]);
}

/** A page address in the page's language, for `<a href>` and other places that are not a `Link`. */
export function useLocalizedPath(): (path: string) => string {
  const lng = useLanguage();
  return useCallback((path: string) => localizedPath(path, lng), [lng]);
}
