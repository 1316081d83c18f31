import { siteContext } from '../lib/request-context';
import type { Route } from './+types/robots';

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(siteContext);
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /checkout',
    'Disallow: /profile',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
