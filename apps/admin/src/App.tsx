import type { Language } from '@kram/contract/languages';
import { lazy, useSyncExternalStore } from 'react';
import { Admin, Resource } from 'react-admin';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { authProvider } from './auth-provider.ts';
import { dataProvider } from './data-provider.ts';
import { createI18nProvider, messages } from './i18n/i18n-provider.ts';
import { adminBasename } from './language.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { LoginPage } from './login/login-page.tsx';
import { visibleResources } from './resources/index.tsx';
import { hasBackOfficeSession, type Permissions, subscribeToSession } from './session.ts';
import { theme } from './theme.ts';

// Loaded after sign-in, like every screen (resources/index.tsx).
const Dashboard = lazy(async () => ({ default: (await import('./resources/dashboard/dashboard.tsx')).Dashboard }));

/**
 * The back office at /uk/admin/ or /ru/admin/: react-admin in a browser router (its own default is a
 * hash router), with the language's address as its basename.
 */
export function App({ language }: { language: Language }) {
  const basename = adminBasename(language);
  return (
    <BrowserRouter>
      <Routes>
        <Route path={`${basename}/*`} element={<SignedInOrSignIn language={language} />} />
      </Routes>
    </BrowserRouter>
  );
}

/**
 * A visitor without a back-office session goes to the sign-in page before react-admin starts, and a
 * member of staff who signs out (here or in another tab) leaves the screens at once. Left to
 * react-admin (`requireAuth`), the redirect signs out and navigates, the navigation waits in a
 * transition while the cleared queries re-render the screens at once, which sign out and navigate
 * again (and ask the API without a token): thousands of history entries and seconds of a busy page
 * before the sign-in form answered.
 */
function SignedInOrSignIn({ language }: { language: Language }) {
  const location = useLocation();
  const basename = adminBasename(language);
  const signedIn = useSyncExternalStore(subscribeToSession, hasBackOfficeSession);
  if (!signedIn && location.pathname !== `${basename}/login`) {
    // Where react-admin's sign-in goes next, as its own redirect would have stored it.
    const next = { nextPathname: location.pathname, nextSearch: location.search };
    return <Navigate to={`${basename}/login`} replace state={next} />;
  }
  return (
    <Admin
      basename={basename}
      title={messages[language].kram.title}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={createI18nProvider(language)}
      loginPage={LoginPage}
      layout={AppLayout}
      dashboard={Dashboard}
      theme={theme}
      requireAuth
      // Its image request to react-admin's servers would break the CSP and tell them of the shop.
      disableTelemetry
    >
      {(permissions: Permissions) =>
        visibleResources(permissions).map((resource) => <Resource key={resource.name} {...resource} />)
      }
    </Admin>
  );
}
