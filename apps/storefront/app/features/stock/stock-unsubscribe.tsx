import { stockAlertDelete } from '@kram/contract/endpoints/shop';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';
import './stock.css';

export type UnsubscribeState = 'pending' | 'done' | 'gone' | 'failed';

/** The mail's tokens are 16 to 64 characters (the contract's `stockAlertParams`); others name nothing. */
const tokenFits = (token: string) => token.length >= 16 && token.length <= 64;

/**
 * `DELETE /api/stock-alerts/{token}/`: done (204), or already gone (404: unsubscribed before, or the
 * mail was sent and the subscription with it; 400: the token names nothing). Anything else can be
 * tried again.
 */
export async function unsubscribe(token: string): Promise<UnsubscribeState> {
  if (!tokenFits(token)) return 'gone';
  try {
    await api.call(stockAlertDelete, { params: { token } });
    return 'done';
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return 'gone';
    console.warn('The stock alert could not be cancelled', error);
    return 'failed';
  }
}

const messages: Record<UnsubscribeState, string> = {
  pending: 'stock.unsubscribe.pending',
  done: 'stock.unsubscribe.done',
  gone: 'stock.unsubscribe.gone',
  failed: 'stock.unsubscribe.failed',
};

/**
 * The page the mail's unsubscribe link opens. The call is made by the browser once the page is live,
 * never by the server's render, so a mail scanner that follows links does not unsubscribe anyone.
 */
export function StockUnsubscribe({ token }: { token: string }) {
  const t = useT();
  const [state, setState] = useState<UnsubscribeState>('pending');

  const run = useCallback(() => {
    setState('pending');
    void unsubscribe(token).then(setState);
  }, [token]);

  useEffect(run, [run]);

  return (
    <div className="stock-page" data-testid="stock-unsubscribe" data-state={state}>
      <p className="stock-page__message" role="status" aria-busy={state === 'pending' || undefined}>
        {t(messages[state])}
      </p>
      {state === 'failed' ? (
        <button type="button" className="button button--primary" onClick={run}>
          {t('stock.unsubscribe.retry')}
        </button>
      ) : (
        state !== 'pending' && (
          <Link to="/" className="button button--secondary">
            {t('stock.unsubscribe.toShop')}
          </Link>
        )
      )}
    </div>
  );
}
