import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, TitlePortal } from 'react-admin';
import { LanguageSwitch } from './language-switch.tsx';

function KramAppBar() {
  return (
    <AppBar
      toolbar={
        <>
          <LanguageSwitch />
          <LoadingIndicator />
        </>
      }
    >
      <TitlePortal />
    </AppBar>
  );
}

/** react-admin's layout (menu of the resources, notifications) with the language switch in the app bar. */
export function AppLayout({ children }: { children: ReactNode }) {
  return <Layout appBar={KramAppBar}>{children}</Layout>;
}
