import { type Theme, Typography, useMediaQuery } from '@mui/material';
import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, TitlePortal } from 'react-admin';
import { LanguageSwitch } from './language-switch.tsx';

/**
 * On a phone the screen's title shares the bar with the menu, language, refresh and profile buttons:
 * it wraps onto up to three smaller lines rather than be cut ("Огляд магази…"). Three lines fit the
 * 56 px react-admin keeps free above every page at that width; a record's name too long even for
 * that (no screen's own title is) ends in an ellipsis on the third line instead of covering the page.
 */
const phoneTitle = (theme: Theme) => ({
  minWidth: 0,
  [theme.breakpoints.down('sm')]: {
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: 3,
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
    fontSize: '0.9375rem',
    lineHeight: 1.15,
    // react-admin wraps the title in an inline-block, whose lines the clamp would not count.
    '&& > *': { display: 'inline' },
  },
});

function KramAppBar() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <AppBar
      toolbar={
        <>
          <LanguageSwitch short={phone} />
          <LoadingIndicator />
        </>
      }
    >
      {/* The shop's name, then the screen's title (the portal each page writes its title into). */}
      <Typography component="span" variant="h6" sx={{ mr: 2, fontWeight: 700, display: { xs: 'none', sm: 'block' } }}>
        kram
      </Typography>
      <TitlePortal sx={phoneTitle} />
    </AppBar>
  );
}

/** react-admin's layout (menu of the resources, notifications) with the language switch in the app bar. */
export function AppLayout({ children }: { children: ReactNode }) {
  return <Layout appBar={KramAppBar}>{children}</Layout>;
}
