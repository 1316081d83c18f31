import { localizedPath } from '@kram/contract/language-paths';
import { type AnchorHTMLAttributes, createContext, type MouseEvent, type ReactNode, useContext } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';
import { useLanguage } from './i18n';

const InAppNavigation = createContext<NavigateFunction | null>(null);

/** Lets every `CardLink` below navigate in the app through one `useNavigate`. */
export function InAppNavigationProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return <InAppNavigation.Provider value={navigate}>{children}</InAppNavigation.Provider>;
}

/** A plain left click on a link to this site, which the app follows without loading a page. */
function follow(navigate: NavigateFunction, event: MouseEvent<HTMLAnchorElement>) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
    return;
  const target = event.currentTarget.getAttribute('target');
  if (target && target !== '_self') return;
  event.preventDefault();
  void navigate(event.currentTarget.getAttribute('href') ?? '/');
}

/**
 * A link to a shop page in the page's language for what a page shows many of (a page of 100 product
 * cards holds 200 links): a plain anchor whose plain clicks navigate in the app, instead of a router
 * `Link`, which runs a dozen hooks each while the page hydrates. Opened in a new tab (a middle or
 * modified click) it is an ordinary link; outside `InAppNavigationProvider` it loads the page.
 */
export function CardLink({ to, ...props }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }) {
  const navigate = useContext(InAppNavigation);
  return (
    <a
      {...props}
      href={localizedPath(to, useLanguage())}
      onClick={navigate ? (event) => follow(navigate, event) : undefined}
    />
  );
}

/**
 * Navigates to a shop page in the page's language through the provider's one `useNavigate`, for
 * what every card renders (add to cart on a product with sizes); outside the provider it loads the page.
 */
export function useInAppNavigate(): (to: string) => void {
  const navigate = useContext(InAppNavigation);
  const lng = useLanguage();
  return (to) => {
    const href = localizedPath(to, lng);
    if (navigate) void navigate(href);
    else window.location.assign(href);
  };
}
