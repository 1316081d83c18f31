import type { CategoryNode } from '@kram/contract/catalog';
import { useState } from 'react';
import { Icon } from '../../components/icon';
import { localizedName, useLanguage, useT } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';
import { categoryPath } from '../../lib/paths';
import './header.css';

/** Category, subcategory and third-level lists that expand on tap (spec "Header", mobile). */
export function MobileCategoryList({
  nodes,
  parents = [],
  onNavigate,
}: {
  nodes: readonly CategoryNode[];
  parents?: string[];
  onNavigate: () => void;
}) {
  const t = useT();
  const lng = useLanguage();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <ul className={`mobile-categories mobile-categories--level-${parents.length}`}>
      {nodes.map((node) => {
        const slugs = [...parents, node.slug];
        const name = localizedName(lng, node);
        const expanded = open === node.id;
        return (
          <li key={node.id}>
            <div className="mobile-categories__row">
              <Link to={categoryPath(slugs)} onClick={onNavigate}>
                {name}
              </Link>
              {node.subcategories.length > 0 && (
                <button
                  type="button"
                  className="icon-button"
                  aria-expanded={expanded}
                  aria-label={t('header.expand', { name })}
                  onClick={() => setOpen(expanded ? null : node.id)}
                >
                  <Icon name="down" size={18} />
                </button>
              )}
            </div>
            {expanded && <MobileCategoryList nodes={node.subcategories} parents={slugs} onNavigate={onNavigate} />}
          </li>
        );
      })}
    </ul>
  );
}
