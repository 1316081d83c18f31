import { useState } from 'react';
import { useLanguage, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { savePrivacyConsent, usePrivacyConsent } from './privacy-consent-store';
import './legal.css';

/** "Приймаю Угоду про конфіденційність" (spec "Legal pages"): records the acceptance in this browser. */
export function PrivacyConsent() {
  const t = useT();
  const lng = useLanguage();
  const stored = usePrivacyConsent();
  // Storage may be off (private mode): the acceptance is still shown for this visit.
  const [justAccepted, setJustAccepted] = useState<string | null>(null);
  const accepted = justAccepted ?? stored;

  function accept() {
    const now = new Date();
    savePrivacyConsent(now);
    setJustAccepted(now.toISOString());
    notify('success', t('legal.acceptedMessage'));
  }

  const date = accepted
    ? new Intl.DateTimeFormat(lng === 'ru' ? 'ru-UA' : 'uk-UA', { dateStyle: 'long' }).format(new Date(accepted))
    : null;
  return (
    <div className="consent" data-testid="privacy-consent">
      <button type="button" className="button button--primary" onClick={accept}>
        {t('legal.accept')}
      </button>
      {/* The line keeps its height before and after, so nothing moves when the stored answer appears. */}
      <p className="consent__status" aria-live="polite" data-testid="privacy-consent-status">
        {date ? t('legal.acceptedOn', { date }) : t('legal.acceptHint')}
      </p>
    </div>
  );
}
