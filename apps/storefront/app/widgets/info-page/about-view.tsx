import type { CategoryNode } from '@kram/contract/catalog';
import type { TextDocument } from '../../features/legal/legal-document';
import { localizedName, useLanguage } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';
import { categoryPath } from '../../lib/paths';
import { TextPageView } from './text-page-view';
import './info-page.css';
import '../../features/legal/legal.css';

/** About (spec "About page"): the company, its advantages and the catalogue's top-level categories. */
export function AboutView({
  doc,
  categoriesBlock,
  categories,
}: {
  doc: TextDocument;
  categoriesBlock: { heading: string; text: string };
  categories: readonly CategoryNode[];
}) {
  const lng = useLanguage();
  return (
    <TextPageView doc={doc} categories={categories} testId="about-page">
      {categories.length > 0 && (
        <section className="doc__section" aria-labelledby="about-categories">
          <h2 id="about-categories" className="doc__heading">
            {categoriesBlock.heading}
          </h2>
          <p>{categoriesBlock.text}</p>
          <ul className="about-categories" data-testid="about-categories">
            {categories.map((category) => (
              <li key={category.id}>
                <Link to={categoryPath([category.slug])} className="about-categories__link">
                  {localizedName(lng, category)}
                </Link>
                {category.subcategories.length > 0 && (
                  <span className="about-categories__subs">
                    {category.subcategories
                      .slice(0, 4)
                      .map((sub) => localizedName(lng, sub))
                      .join(', ')}
                    {category.subcategories.length > 4 ? '…' : ''}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </TextPageView>
  );
}
