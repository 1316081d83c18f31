import { useRef } from 'react';
import { StockUnsubscribe } from '../features/stock/stock-unsubscribe';
import { translate, useT } from '../lib/i18n';
import { absoluteUrl, privatePageMeta, rootMetaData } from '../lib/seo';
import { useScrollToTitle } from '../lib/use-scroll-to-title';
import type { Route } from './+types/stock-alert-unsubscribe';

export function headers({ parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  // The token is in the address: no page this one links to may see it, and no cache may keep it.
  headers.set('Referrer-Policy', 'no-referrer');
  headers.set('Cache-Control', 'private, no-store');
  return headers;
}

export function meta({ matches }: Route.MetaArgs) {
  const { messages, origin, lng } = rootMetaData(matches);
  const title = translate(messages, 'stock.unsubscribe.metaTitle');
  // The page has no address of its own without the mail's token: no language links, no index.
  return privatePageMeta({
    title,
    description: translate(messages, 'stock.unsubscribe.title'),
    url: absoluteUrl(origin, '/'),
    lng,
    robots: 'noindex, nofollow',
    languageLinks: false,
  });
}

/** `/stock-alerts/{token}/unsubscribe` (and under `/ru/`): the "back in stock" mail's unsubscribe link. */
export default function StockAlertUnsubscribePage({ params }: Route.ComponentProps) {
  const t = useT();
  const title = useRef<HTMLHeadingElement>(null);
  useScrollToTitle(title);
  return (
    <div className="container page">
      <h1 ref={title} className="page-title" tabIndex={-1}>
        {t('stock.unsubscribe.title')}
      </h1>
      <StockUnsubscribe token={params.token} />
    </div>
  );
}
