import type { Language } from '@kram/contract/languages';
import { lazy } from 'react';
import { Admin, Resource } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router';
import { authProvider } from './auth-provider.ts';
import { dataProvider } from './data-provider.ts';
import { createI18nProvider, messages } from './i18n/i18n-provider.ts';
import { adminBasename } from './language.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { LoginPage } from './login/login-page.tsx';
import { visibleResources } from './resources/index.tsx';
import type { Permissions } from './session.ts';
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
        <Route
          path={`${basename}/*`}
          element={
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
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
