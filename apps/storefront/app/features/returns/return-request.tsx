import type { ReturnView } from '@kram/contract/returns';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { ReturnCard } from './return-card';
import { newestFirst } from './return-dates';
import { ReturnDone } from './return-done';
import { ReturnForm } from './return-form';
import { readOrderReturns } from './returns-api';
import { useLoaded } from './use-loaded';
import './returns.css';

/**
 * The return page's body for one order: the form while a return may be asked for, otherwise why not;
 * after a request, what happens next; and the order's returns so far. Read in the browser: the order's
 * id in the address is the key, as for the order's status page.
 */
export function ReturnRequest({ orderId }: { orderId: string }) {
  const t = useT();
  const { state, reload } = useLoaded(orderId, readOrderReturns);
  const [created, setCreated] = useState<ReturnView | null>(null);

  if (state.status === 'loading' || state.status === 'idle') {
    return (
      <p className="return-page__state" aria-busy="true" data-testid="return-loading">
        {t('returns.loading')}
      </p>
    );
  }
  if (state.status === 'missing') {
    return (
      <p className="return-page__state" role="alert" data-testid="return-missing">
        {t('returns.notFound')}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="return-page__state" role="alert" data-testid="return-failed">
        <p>{t('returns.loadFailed')}</p>
        <button type="button" className="button button--secondary" onClick={reload}>
          {t('returns.retry')}
        </button>
      </div>
    );
  }

  const info = state.data;
  const returns = created && !info.returns.some((r) => r.id === created.id) ? [...info.returns, created] : info.returns;
  return (
    <>
      {created ? (
        <ReturnDone view={created} />
      ) : info.can_request ? (
        <ReturnForm
          orderId={orderId}
          info={info}
          onDone={(view) => {
            setCreated(view);
            reload();
          }}
        />
      ) : (
        <p className="return-page__why-not" data-testid="return-why-not">
          {t(info.why_not ? `returns.whyNot.${info.why_not}` : 'returns.cannot')}
        </p>
      )}
      {returns.length > 0 && (
        <section className="return-page__list" aria-labelledby="return-list-title" data-testid="return-list">
          <h2 id="return-list-title" className="return-page__list-title">
            {t('returns.listTitle')}
          </h2>
          <ul className="return-list">
            {newestFirst(returns).map((view) => (
              <li key={view.id}>
                <ReturnCard view={view} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
