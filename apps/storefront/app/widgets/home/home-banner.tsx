import type { CategoryNode } from '@kram/contract/catalog';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../components/icon';
import { localizedName, useLanguage, useT } from '../../lib/i18n';
import { categoryPath } from '../../lib/paths';
import './home.css';

const tiles = [
  { icon: 'truck', key: 'delivery' },
  { icon: 'shield', key: 'quality' },
  { icon: 'box', key: 'returns' },
] as const;

/** The banner: categories down the side, the picture (small up to 500px), title, text, button, tiles. */
export function HomeBanner({
  categories,
  titleRef,
}: {
  categories: readonly CategoryNode[];
  titleRef: RefObject<HTMLHeadingElement | null>;
}) {
  const t = useT();
  const lng = useLanguage();
  const first = categories[0];
  return (
    <section className="banner" aria-labelledby="home-title">
      <nav className="banner__categories" aria-label={t('home.categories')}>
        <ul>
          {categories.map((c) => (
            <li key={c.id}>
              <Link to={categoryPath([c.slug])}>{localizedName(lng, c)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="banner__hero">
        <picture>
          <source media="(min-width: 501px)" srcSet="/images/banner-large.svg" width={1200} height={520} />
          <img
            className="banner__image"
            src="/images/banner-small.svg"
            alt=""
            width={500}
            height={500}
            fetchPriority="high"
          />
        </picture>
        <div className="banner__text">
          <h1 id="home-title" ref={titleRef} tabIndex={-1}>
            {t('home.bannerTitle')}
          </h1>
          <p>{t('home.bannerDescription')}</p>
          {first && (
            <Link to={categoryPath([first.slug])} className="button button--primary">
              {t('home.toCatalog')}
            </Link>
          )}
        </div>
      </div>
      <ul className="tiles">
        {tiles.map((tile) => (
          <li key={tile.key} className="tile">
            <Icon name={tile.icon} size={32} />
            <div>
              <h2 className="tile__title">{t(`home.tiles.${tile.key}.title`)}</h2>
              <p>{t(`home.tiles.${tile.key}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
