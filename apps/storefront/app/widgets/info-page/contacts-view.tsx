import type { CategoryNode } from '@kram/contract/catalog';
import { type CaptchaKind, FeedbackForm } from '../../features/feedback/feedback-form';
import { useT } from '../../lib/i18n';
import { displayPhone, shopInfo } from '../../lib/shop-info';
import { InfoPage } from './info-page';
import './info-page.css';

export interface ContactDetails {
  name: string;
  correspondenceAddress: string;
  actualAddress: string;
  pickupAddress: string;
  legalAddress: string;
  supportHours: string;
}

/** Contacts (spec "Contacts page"): phones, the three addresses, e-mail, and the feedback form. */
export function ContactsView({
  company,
  captcha,
  categories,
}: {
  company: ContactDetails;
  captcha: CaptchaKind;
  categories: readonly CategoryNode[];
}) {
  const t = useT();
  return (
    <InfoPage categories={categories} title={t('contacts.title')} testId="contacts-page">
      <div className="contacts">
        <div className="contacts__details">
          <section aria-labelledby="contacts-phones">
            <h2 id="contacts-phones" className="contacts__heading">
              {t('contacts.phones')}
            </h2>
            <ul className="contacts__list" data-testid="contacts-phones">
              {shopInfo.phones.map((phone) => (
                <li key={phone}>
                  <a href={`tel:${phone}`}>{displayPhone(phone)}</a>
                </li>
              ))}
            </ul>
            <p className="contacts__note">{t('contacts.hours', { hours: company.supportHours })}</p>
          </section>
          <section aria-labelledby="contacts-email">
            <h2 id="contacts-email" className="contacts__heading">
              {t('contacts.email')}
            </h2>
            <p>
              <a href={`mailto:${shopInfo.email}`}>{shopInfo.email}</a>
            </p>
          </section>
          <section aria-labelledby="contacts-addresses">
            <h2 id="contacts-addresses" className="contacts__heading">
              {t('contacts.addresses')}
            </h2>
            <dl className="contacts__addresses">
              <dt>{t('contacts.correspondence')}</dt>
              <dd>{company.correspondenceAddress}</dd>
              <dt>{t('contacts.actual')}</dt>
              <dd>
                {company.actualAddress}
                <br />
                {company.pickupAddress}
              </dd>
              <dt>{t('contacts.legal')}</dt>
              <dd>
                {company.name}, {company.legalAddress}
              </dd>
            </dl>
          </section>
        </div>
        <div className="contacts__form">
          <FeedbackForm captcha={captcha} />
        </div>
      </div>
    </InfoPage>
  );
}
