import { defaultLanguage, type Language } from './languages.ts';

/**
 * The storefront's address space of each language (decision 029): Ukrainian at today's paths,
 * Russian under `/ru/`. The server writes these into mails and payment returns, the storefront into
 * every link it renders.
 */
const prefixes: Record<Language, string> = { uk: '', ru: '/ru' };

const russian = /^\/ru(?=[/?#]|$)/;

/** The language a storefront address is in: `/ru` and everything under `/ru/` is Russian. */
export function languageOfPath(path: string): Language {
  return russian.test(path) ? 'ru' : defaultLanguage;
}

/** The address without its language prefix: `/ru/category/odyag?page=2` → `/category/odyag?page=2`. */
export function unlocalizedPath(path: string): string {
  if (!russian.test(path)) return path;
  const rest = path.replace(russian, '');
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * The same page in `lng`: `/product/a/b` → `/ru/product/a/b`, `/` → `/ru/`, `/?x=1` → `/ru/?x=1`,
 * and back again. Anything but a site-absolute path (`https://…`, `//host`, `#top`, `mailto:`) is
 * returned as it is.
 */
export function localizedPath(path: string, lng: Language): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const neutral = unlocalizedPath(path);
  return `${prefixes[lng]}${neutral}`;
}
