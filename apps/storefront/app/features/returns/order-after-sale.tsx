import { useT } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';
import { hasReceipts, OrderReceipts } from './order-receipts';
import { ReturnCard } from './return-card';
import { newestFirst } from './return-dates';
import { readOrderReceipts, readOrderReturns } from './returns-api';
import { useLoaded } from './use-loaded';
import { useWhenVisible } from './use-when-visible';
import './returns.css';

/**
 * What follows an order of the history once it is paid or received: its fiscal receipts, its returns,
 * and the way to ask for one ("Повернути товар"), or why it can no longer be asked for. Both are read
 * when the order comes near the screen, so the list itself waits for neither.
 */
export function OrderAfterSale({ orderId }: { orderId: string }) {
  const t = useT();
  const [box, seen] = useWhenVisible<HTMLDivElement>();
  const receipts = useLoaded(orderId, readOrderReceipts, seen).state;
  const returns = useLoaded(orderId, readOrderReturns, seen).state;
  const info = returns.status === 'loaded' ? returns.data : null;
  const failed = receipts.status === 'error' || returns.status === 'error';
  // An order not received yet has nothing to say about returns: no reason is shown for it.
  const whyNot = info && !info.can_request && info.why_not !== 'not_received' ? info.why_not : null;

  return (
    <div ref={box} className="after-sale" data-testid="after-sale" data-state={seen ? 'seen' : 'waiting'}>
      {receipts.status === 'loaded' && hasReceipts(receipts.data) && <OrderReceipts receipts={receipts.data} />}
      {info && info.returns.length > 0 && (
        <div className="after-sale__returns">
          <h3 className="after-sale__title">{t('returns.listTitle')}</h3>
          <ul className="return-list">
            {newestFirst(info.returns).map((view) => (
              <li key={view.id}>
                <ReturnCard view={view} level={4} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {info?.can_request && (
        <Link
          to={`/returns/${orderId}`}
          className="button button--secondary button--small after-sale__request"
          data-testid="return-request-link"
        >
          {t('returns.request')}
        </Link>
      )}
      {whyNot && (
        <p className="after-sale__why-not" data-testid="return-why-not">
          {t(`returns.whyNot.${whyNot}`)}
        </p>
      )}
      {failed && (
        <p className="after-sale__failed" data-testid="after-sale-failed">
          {t('returns.afterSaleFailed')}
        </p>
      )}
    </div>
  );
}
