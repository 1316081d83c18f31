import { useT } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';

/** The shop's not-found page: unknown addresses, and categories or products that are not there. */
export function NotFoundView() {
  const t = useT();
  return (
    <div className="container page">
      <h1 className="page-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/" className="button button--primary">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
