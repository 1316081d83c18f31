import { useLanguage, useT } from '../../lib/i18n';
import { adminPath } from '../../lib/paths';

/** Opens the back office in a new tab, at the language's path. */
export function AdminLink({ className }: { className?: string }) {
  const t = useT();
  const lng = useLanguage();
  return (
    <a href={adminPath(lng)} target="_blank" rel="noopener" className={className} data-testid="admin-link">
      {t('header.admin')}
    </a>
  );
}
