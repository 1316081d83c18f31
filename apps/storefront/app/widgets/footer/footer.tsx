import { useT } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';
import { infoPages } from '../../lib/paths';
import { displayPhone, shopInfo } from '../../lib/shop-info';
import { CardLogos } from './card-logos';
import './footer.css';

/** Addresses, three phones, e-mail, card logos and the copyright line (spec section 1). */
export function Footer() {
  const t = useT();
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <section aria-labelledby="footer-addresses">
          <h2 id="footer-addresses" className="footer__title">
            {t('footer.addresses')}
          </h2>
          <address className="footer__addresses">
            <p>{t('footer.addressShop')}</p>
            <p>{t('footer.addressPickup')}</p>
          </address>
          <p className="footer__hours">{t('footer.hours')}</p>
        </section>
        <section aria-labelledby="footer-contacts">
          <h2 id="footer-contacts" className="footer__title">
            {t('footer.contacts')}
          </h2>
          <ul className="footer__list">
            {shopInfo.phones.map((phone) => (
              <li key={phone}>
                <a href={`tel:${phone}`}>{displayPhone(phone)}</a>
              </li>
            ))}
            <li>
              <a href={`mailto:${shopInfo.email}`}>{shopInfo.email}</a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-info">
          <h2 id="footer-info" className="footer__title">
            {t('footer.info')}
          </h2>
          <ul className="footer__list">
            {infoPages.map((page) => (
              <li key={page}>
                <Link to={`/${page}`}>{t(`breadcrumbs.${page}`)}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-cards">
          <h2 id="footer-cards" className="footer__title">
            {t('footer.cards')}
          </h2>
          <CardLogos />
        </section>
      </div>
      <p className="footer__copyright">{t('footer.copyright')}</p>
    </footer>
  );
}
