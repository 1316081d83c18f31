import { Icon } from '../../components/icon';
import { useT } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';
import { padPage, pageNumbers } from './pagination-window';
import '../../widgets/listing/listing.css';

/** Numbered pagination (spec "Catalogue"): a window of 9, two-digit numbers, ends disabled. */
export function Pagination({
  page,
  total,
  hrefFor,
}: {
  page: number;
  total: number;
  hrefFor: (page: number) => string;
}) {
  const t = useT();
  if (total <= 1) return null;
  const numbers = pageNumbers(page, total);
  const step = (to: number, label: string, icon: 'prev' | 'next', disabled: boolean) =>
    disabled ? (
      <button type="button" className="pagination__step" disabled aria-label={label}>
        <Icon name={icon} />
      </button>
    ) : (
      <Link className="pagination__step" to={hrefFor(to)} aria-label={label}>
        <Icon name={icon} />
      </Link>
    );
  return (
    <nav className="pagination" aria-label={t('catalog.pagination.label')} data-testid="pagination">
      {step(page - 1, t('catalog.pagination.prev'), 'prev', page <= 1)}
      <ol className="pagination__pages">
        {numbers.map((n) => (
          <li key={n}>
            <Link
              to={hrefFor(n)}
              className={n === page ? 'pagination__page is-current' : 'pagination__page'}
              aria-current={n === page ? 'page' : undefined}
              aria-label={t('catalog.pagination.page', { page: padPage(n) })}
            >
              {padPage(n)}
            </Link>
          </li>
        ))}
      </ol>
      {step(page + 1, t('catalog.pagination.next'), 'next', page >= total)}
    </nav>
  );
}
