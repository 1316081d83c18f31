import { localizedPath } from '@kram/contract/language-paths';
import { type Language, languages } from '@kram/contract/languages';

/**
 * The sitemaps' XML (decision 029): an index at /sitemap.xml and files under /sitemaps/ of at most
 * 50,000 addresses each. Every page is listed once per language, each entry naming every
 * language's address (Ukrainian also as x-default), with its last change and photos when it has them.
 */

/** The protocol's limit of addresses in one file. */
export const maxUrlsPerFile = 50_000;
/** Each page is one address per language. */
export const pagesPerFile = maxUrlsPerFile / languages.length;

export const namespaces = {
  sitemap: 'http://www.sitemaps.org/schemas/sitemap/0.9',
  xhtml: 'http://www.w3.org/1999/xhtml',
  image: 'http://www.google.com/schemas/sitemap-image/1.1',
} as const;

export interface SitemapPage {
  /** The page's Ukrainian (default) address: `/`, `/category/odyag`, `/product/odyag/kurtka`. */
  path: string;
  /** When the page last changed (ISO 8601). */
  lastmod?: string;
  /** Absolute or site-absolute addresses of the page's photos. */
  images?: readonly string[];
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

export const urlsetStart =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  `<urlset xmlns="${namespaces.sitemap}" xmlns:xhtml="${namespaces.xhtml}" xmlns:image="${namespaces.image}">\n`;
export const urlsetEnd = '</urlset>\n';

/** A page's `<url>` entries, one per language, each with the alternates of every language. */
export function urlEntries(origin: string, page: SitemapPage): string {
  const at = (lng: Language) => escapeXml(`${origin}${localizedPath(page.path, lng)}`);
  const alternates =
    languages.map((lng) => `<xhtml:link rel="alternate" hreflang="${lng}" href="${at(lng)}"/>`).join('') +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${at('uk')}"/>`;
  const lastmod = page.lastmod ? `<lastmod>${escapeXml(page.lastmod)}</lastmod>` : '';
  const images = (page.images ?? [])
    .map((image) => `<image:image><image:loc>${escapeXml(absolute(origin, image))}</image:loc></image:image>`)
    .join('');
  // The protocol's schema has lastmod right after loc; extensions (alternates, images) come last.
  return languages.map((lng) => `<url><loc>${at(lng)}</loc>${lastmod}${alternates}${images}</url>\n`).join('');
}

/** A whole file of a few pages (the information pages, the categories). */
export function urlset(origin: string, pages: readonly SitemapPage[]): string {
  return urlsetStart + pages.map((page) => urlEntries(origin, page)).join('') + urlsetEnd;
}

export interface SitemapFileEntry {
  /** The file's name under /sitemaps/. */
  name: string;
  lastmod?: string;
}

export function sitemapIndex(origin: string, files: readonly SitemapFileEntry[]): string {
  const entries = files.map(
    (file) =>
      `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${file.name}`)}</loc>` +
      `${file.lastmod ? `<lastmod>${escapeXml(file.lastmod)}</lastmod>` : ''}</sitemap>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${namespaces.sitemap}">\n${entries.join('')}</sitemapindex>\n`;
}

/** The categories' file names: one file while they fit, else numbered. */
export function categoryFileNames(categoryCount: number): string[] {
  const files = Math.max(1, Math.ceil(categoryCount / pagesPerFile));
  return files === 1 ? ['categories.xml'] : Array.from({ length: files }, (_, i) => `categories-${i + 1}.xml`);
}

const xmlHeaders = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };

export function xmlResponse(body: string | ReadableStream<Uint8Array>): Response {
  return new Response(body, { headers: xmlHeaders });
}

export function notFoundResponse(): Response {
  return new Response('Not found.\n', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
