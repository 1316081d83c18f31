import { Typography } from '@mui/material';
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
      {/* The shop's name, then the screen's title (the portal each page writes its title into). */}
      <Typography component="span" variant="h6" sx={{ mr: 2, fontWeight: 700, display: { xs: 'none', sm: 'block' } }}>
        kram
      </Typography>
      <TitlePortal />
    </AppBar>
  );
}

/** react-admin's layout (menu of the resources, notifications) with the language switch in the app bar. */
export function AppLayout({ children }: { children: ReactNode }) {
  return <Layout appBar={KramAppBar}>{children}</Layout>;
}
