import type { CategoryNode, Product } from '@kram/contract/catalog';
import { useRef } from 'react';
import type { HomePageContent } from '../../features/home/home-content';
import { localizedName, useLanguage, useT } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';
import { categoryPath } from '../../lib/paths';
import { useScrollToTitle } from '../../lib/use-scroll-to-title';
import { ProductSlider } from '../product-card/product-slider';
import { HomeBanner } from './home-banner';
import './home.css';

/** Home (spec section 2): banner, category blocks, popular slider, promo text, new slider. */
export function HomeView({
  categories,
  content,
  popular,
  fresh,
}: {
  categories: CategoryNode[];
  content: HomePageContent;
  popular: Product[];
  fresh: Product[];
}) {
  const t = useT();
  const lng = useLanguage();
  const title = useRef<HTMLHeadingElement>(null);
  useScrollToTitle(title);
  return (
    <div className="container page home">
      <HomeBanner categories={categories} content={content} titleRef={title} />
      <section aria-labelledby="home-categories">
        <h2 id="home-categories" className="section-title">
          {t('home.categories')}
        </h2>
        <ul className="category-blocks">
          {categories.map((c) => (
            <li key={c.id} className="category-block">
              <h3>
                <Link to={categoryPath([c.slug])}>{localizedName(lng, c)}</Link>
              </h3>
              <ul>
                {c.subcategories.map((s) => (
                  <li key={s.id}>
                    <Link to={categoryPath([c.slug, s.slug])}>{localizedName(lng, s)}</Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
      {popular.length > 0 && (
        <section aria-labelledby="home-popular">
          <h2 id="home-popular" className="section-title">
            {t('home.popular')}
          </h2>
          <ProductSlider products={popular} label={t('home.popular')} />
        </section>
      )}
      <section className="promo" aria-labelledby="home-promo">
        <h2 id="home-promo" className="section-title">
          {content.promo.title}
        </h2>
        <p>{content.promo.text}</p>
      </section>
      {fresh.length > 0 && (
        <section aria-labelledby="home-new">
          <h2 id="home-new" className="section-title">
            {t('home.new')}
          </h2>
          <ProductSlider products={fresh} label={t('home.new')} />
        </section>
      )}
    </div>
  );
}
