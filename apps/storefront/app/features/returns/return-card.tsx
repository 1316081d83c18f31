import { formatHryvnias } from '@kram/contract/money';
import type { ReturnView } from '@kram/contract/returns';
import { useLanguage, useT } from '../../lib/i18n';
import { shopDate } from './return-dates';
import { lineDetails } from './return-line-text';
import './returns.css';

/**
 * One return as its buyer sees it: its number and status in words, the lines and the refund, why it
 * was refused, by when the money comes once the shop has the goods, and each step with its date.
 */
export function ReturnCard({ view, level = 3 }: { view: ReturnView; level?: 3 | 4 }) {
  const t = useT();
  const lng = useLanguage();
  const Heading = level === 3 ? 'h3' : 'h4';
  const headingId = `return-${view.id}`;
  return (
    <article className="return-card" data-testid="return-card" aria-labelledby={headingId}>
      <header className="return-card__header">
        <Heading id={headingId} className="return-card__number" data-testid="return-number">
          {t('returns.number', { number: view.number })}
        </Heading>
        <span className={`return-status return-status--${view.status}`} data-testid="return-status">
          {t(`returns.status.${view.status}`)}
        </span>
      </header>
      <ul className="return-card__lines">
        {view.lines.map((line) => {
          const { name, details } = lineDetails(t, lng, line);
          return (
            <li key={line.position} className="return-card__line" data-testid="return-line">
              <span className="return-card__line-name">
                {name}
                {details && <span className="return-card__line-details"> · {details}</span>}
              </span>
              <span className="return-card__line-sum">
                {t('returns.line.quantity', { count: line.quantity })} · {formatHryvnias(line.total, 'грн')}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="return-card__refund">
        {t('returns.refundAmount')}{' '}
        <strong data-testid="return-refund">{formatHryvnias(view.refund_amount, 'грн')}</strong>
      </p>
      {view.status === 'refused' && view.refusal_reason && (
        <p className="return-card__refusal" data-testid="return-refusal">
          {t('returns.refusalReason', { reason: t(`returns.refusal.${view.refusal_reason}`) })}
        </p>
      )}
      {view.status === 'refused' && view.refusal_note && (
        <p className="return-card__note" data-testid="return-refusal-note">
          {t('returns.refusalNote', { note: view.refusal_note })}
        </p>
      )}
      {view.status === 'received' && view.refund_due_at && (
        <p className="return-card__due" data-testid="return-due">
          {t('returns.refundDue', { date: shopDate(view.refund_due_at) })}
        </p>
      )}
      <ol className="return-steps" aria-label={t('returns.steps')} data-testid="return-steps">
        {view.steps.map((step, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the steps only ever grow at the end.
          <li key={index} className={`return-steps__step return-steps__step--${step.status}`}>
            <span className="return-steps__label">{t(`returns.status.${step.status}`)}</span>
            <time className="return-steps__date" dateTime={step.at}>
              {shopDate(step.at)}
            </time>
          </li>
        ))}
      </ol>
    </article>
  );
}
