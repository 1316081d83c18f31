import { formatHryvnias } from '@kram/contract/money';
import { type ReturnView, refundWindowDays } from '@kram/contract/returns';
import { useEffect, useRef } from 'react';
import { useT } from '../../lib/i18n';

/**
 * What the buyer reads once the request is in: its number, that the shop reviews it and answers by
 * mail, where the goods go once it is accepted, and how and by when the money comes back.
 */
export function ReturnDone({ view }: { view: ReturnView }) {
  const t = useT();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const days = t('returns.days', { count: refundWindowDays });
  return (
    <section className="return-done" aria-labelledby="return-done-title" data-testid="return-done">
      <h2 id="return-done-title" ref={title} className="return-done__title" tabIndex={-1}>
        {t('returns.done.title', { number: view.number })}
      </h2>
      <ol className="return-done__steps">
        <li>{t('returns.done.review')}</li>
        <li data-testid="return-done-shipping">
          {view.shipping === 'shop'
            ? t('returns.done.sendShop', { address: view.shop_address })
            : t('returns.done.sendNovaPoshta')}
        </li>
        <li data-testid="return-done-refund">
          {t(view.refund_method === 'card' ? 'returns.done.refundCard' : 'returns.done.refundTransfer', {
            sum: formatHryvnias(view.refund_amount, 'грн'),
            days,
          })}
        </li>
      </ol>
    </section>
  );
}
