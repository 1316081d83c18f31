import { useId } from 'react';
import { useT } from '../../lib/i18n';
import { displayPhone, shopInfo } from '../../lib/shop-info';
import './legal.css';

/** The call-centre links at the foot of the legal pages: three phones, the support e-mail and its hours. */
export function CallCentre() {
  const t = useT();
  const id = useId();
  return (
    <section className="call-centre" aria-labelledby={`${id}-title`} data-testid="call-centre">
      <h2 id={`${id}-title`} className="call-centre__title">
        {t('legal.callCentre.title')}
      </h2>
      <ul className="call-centre__phones">
        {shopInfo.phones.map((phone) => (
          <li key={phone}>
            <a href={`tel:${phone}`}>{displayPhone(phone)}</a>
          </li>
        ))}
      </ul>
      <p>
        {t('legal.callCentre.email')} <a href={`mailto:${shopInfo.email}`}>{shopInfo.email}</a>
      </p>
      <p>{t('legal.callCentre.hours')}</p>
      <p>{t('legal.callCentre.online')}</p>
    </section>
  );
}
