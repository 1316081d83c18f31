import type { CategoryNode } from '@kram/contract/catalog';
import { localizedName, useLanguage, useT } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';
import { categoryPath } from '../../lib/paths';
import '../../widgets/listing/listing.css';

/**
 * The catalogue's three-level tree: the chosen category's branch is open; choosing a category opens
 * its subcategories (spec "Catalogue").
 */
export function CategoryTreeNav({
  tree,
  activeSlugs,
}: {
  tree: readonly CategoryNode[];
  activeSlugs: readonly string[];
}) {
  const t = useT();
  const lng = useLanguage();
  const level = (nodes: readonly CategoryNode[], depth: number, parents: string[]) => (
    <ul className={`tree tree--level-${depth}`}>
      {nodes.map((node) => {
        const slugs = [...parents, node.slug];
        const onPath = activeSlugs[depth] === node.slug;
        const current = onPath && activeSlugs.length === depth + 1;
        return (
          <li key={node.id}>
            <Link
              to={categoryPath(slugs)}
              className={current ? 'tree__link is-current' : onPath ? 'tree__link is-open' : 'tree__link'}
              aria-current={current ? 'page' : undefined}
            >
              {localizedName(lng, node)}
            </Link>
            {onPath && node.subcategories.length > 0 && level(node.subcategories, depth + 1, slugs)}
          </li>
        );
      })}
    </ul>
  );
  return (
    <nav className="category-tree" aria-label={t('catalog.categories')}>
      <h2 className="filter__title">{t('catalog.categories')}</h2>
      {level(tree, 0, [])}
    </nav>
  );
}
