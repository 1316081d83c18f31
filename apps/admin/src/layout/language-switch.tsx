import { Button, type ButtonProps } from '@mui/material';
import { useLocation, useTranslate } from 'react-admin';
import { TranslateIcon } from '../icons/translate.tsx';
import { languageFromPath, otherLanguage, pathInLanguage } from '../language.ts';

/**
 * A link to the same screen in the other language. The language lives in the address, so this is a
 * full page load (react-admin's locale menu would change it in place only). `short` shows the
 * language's abbreviation (a phone's app bar has no room for its name), still named in full.
 */
export function LanguageSwitch({
  color = 'inherit',
  short = false,
}: {
  color?: ButtonProps['color'];
  short?: boolean;
}) {
  const translate = useTranslate();
  // The router has no basename of its own (react-admin's is in <Admin>): this is the whole address.
  const location = useLocation();
  const to = otherLanguage(languageFromPath(location.pathname));
  return (
    <Button
      component="a"
      href={pathInLanguage(location, to)}
      hrefLang={to}
      lang={to}
      color={color}
      startIcon={<TranslateIcon />}
      title={translate('kram.language.switch_to_hint')}
      aria-label={short ? translate('kram.language.switch_to') : undefined}
      data-testid="language-switch"
      sx={short ? { minWidth: 0, px: 1, flexShrink: 0 } : { flexShrink: 0 }}
    >
      {translate(short ? 'kram.language.switch_to_short' : 'kram.language.switch_to')}
    </Button>
  );
}
