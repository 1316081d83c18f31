import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** MUI's light theme in the shop's olive. */
const olive = '#4b5320';
const darkOlive = '#353b16';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: olive },
    secondary: { main: darkOlive },
    background: { default: '#f5f5f0' },
  },
  components: {
    ...defaultTheme.components,
    // react-admin's login page is navy; the shop's is olive.
    RaLogin: {
      styleOverrides: {
        root: {
          backgroundImage: `radial-gradient(circle at 50% 14em, #6b7433 0%, ${darkOlive} 60%, ${darkOlive} 100%)`,
          '& .RaLogin-icon': { backgroundColor: olive },
        },
      },
    },
  },
};
