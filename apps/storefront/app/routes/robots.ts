import { siteContext } from '../lib/request-context';
import type { Route } from './+types/robots';

/** The sitemap index lists every other file (decision 029); the checkout and the account stay out in both languages. */
export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(siteContext);
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /checkout',
    'Disallow: /profile',
    'Disallow: /ru/checkout',
    'Disallow: /ru/profile',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
