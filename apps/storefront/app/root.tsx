import './styles/base.css';
import { languageOfPath } from '@kram/contract/language-paths';
import { useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { loadCategories } from './features/catalog/catalog-api';
import { serverApi } from './lib/api';
import { reloadOnChunkError } from './lib/chunk-reload';
import { I18nProvider, useT } from './lib/i18n';
import { pageMessagesFor } from './lib/i18n.server';
import { namespacesCovered } from './lib/i18n-namespaces';
import { InAppNavigationProvider } from './lib/in-app-links';
import { quietInterruptedRequests } from './lib/interrupted';
import { useLocalizedPath } from './lib/localized-links';
import { apiContext, siteContext } from './lib/request-context';
import { RouteStyles } from './lib/route-styles';
import { markDocumentHydrated } from './lib/use-hydrated';
import { useSessionRevalidation } from './lib/use-session-revalidation';
import { startVitalsReporting } from './lib/web-vitals';
import { headerEndId } from './widgets/header/header';
import { ShopShell } from './widgets/shell/shop-shell';

export async function loader({ url, context }: Route.LoaderArgs) {
  // The address decides the language (decision 029): `/ru/…` is Russian, everything else Ukrainian.
  const lng = languageOfPath(url.pathname);
  let categories: Awaited<ReturnType<typeof loadCategories>> = [];
  let categoriesError: string | null = null;
  try {
    categories = await loadCategories(serverApi(context.get(apiContext)));
  } catch (error) {
    // The state keeps the message (spec section 4); the pages still render without the menu.
    categoriesError = error instanceof Error ? error.message : String(error);
  }
  return {
    lng,
    messages: pageMessagesFor(lng, url.pathname),
    categories,
    categoriesError,
    origin: context.get(siteContext).publicUrl,
  };
}

export function headers() {
  // The address decides the language, so pages no longer vary on the cookie; the server adds
  // `Vary: Cookie, User-Agent` to the home page, which may send a shopper on to `/ru/`.
  return { 'Cache-Control': 'private, no-cache' };
}

/**
 * The root's data (language, categories, translations) changes only when the page asks again, when
 * the next page is in the other language, or when it needs translations this one did not bring.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs) {
  return (
    Boolean(formMethod) ||
    currentUrl.href === nextUrl.href ||
    languageOfPath(currentUrl.pathname) !== languageOfPath(nextUrl.pathname) ||
    !namespacesCovered(currentUrl.pathname, nextUrl.pathname)
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  // Without the root's data (its loader failed) the address still tells the language.
  const { pathname } = useLocation();
  const lng = data?.lng ?? languageOfPath(pathname);
  return (
    <html lang={lng}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2f3a1f" />
        <Meta />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        {/* The page streams: without this a browser may paint a header half received (its last
            buttons still on their way), then move it when the rest arrives. The first paint waits
            until the header's last element is parsed (a browser that does not know `blocking`
            paints as before). */}
        <link rel="expect" href={`#${headerEndId}`} {...{ blocking: 'render' }} />
        <RouteStyles />
        {/* The development server's styles; a build's are in the manifest that RouteStyles reads. */}
        {import.meta.env.DEV && <Links />}
      </head>
      <body>
        <I18nProvider lng={lng} messages={data?.messages ?? {}}>
          <InAppNavigationProvider>{children}</InAppNavigationProvider>
        </I18nProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useSessionRevalidation();
  // After a deploy, a chunk of the old build that is gone reloads the page once.
  useEffect(() => reloadOnChunkError(), []);
  // A data request of the router's that a newer navigation cut short is no error of the page.
  useEffect(() => quietInterruptedRequests(), []);
  // Core Web Vitals from the shopper's browser, measured once it is idle (docs/decisions/031).
  useEffect(() => startVitalsReporting(), []);
  useEffect(() => {
    // What renders from here on is the browser's own, not the server's document (a long grid's steps).
    markDocumentHydrated();
    // A mark for browser tests: from here on, buttons have their handlers.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <ShopShell categories={loaderData.categories}>
      <Outlet />
    </ShopShell>
  );
}

/** The router's error page (spec section 2). */
export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const localized = useLocalizedPath();
  const title = t('error.title');
  let details = t('error.details');
  if (isRouteErrorResponse(error)) details = `${error.status} ${error.statusText}`;
  else if (import.meta.env.DEV && error instanceof Error) details = error.message;
  return (
    <main className="error-page">
      <h1>{title === 'error.title' ? 'Unexpected Application Error!' : title}</h1>
      <p>{details}</p>
      <a href={localized('/')}>{t('error.home')}</a>
    </main>
  );
}
