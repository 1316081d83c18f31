import type { CategoryNode } from '@kram/contract/catalog';
import { bannerSizes } from '@kram/contract/site-content-rules';
import type { RefObject } from 'react';
import { Icon } from '../../components/icon';
import type { HomePageContent } from '../../features/home/home-content';
import { localizedName, useLanguage, useT } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';
import { categoryPath } from '../../lib/paths';
import './home.css';

/** A tile staff left without a picture shows the icon of its place. */
const tileIcons = ['truck', 'shield', 'box'] as const;

/** The banner: categories down the side, the picture (small up to 500px), title, text, button, tiles. */
export function HomeBanner({
  categories,
  content,
  titleRef,
}: {
  categories: readonly CategoryNode[];
  content: HomePageContent;
  titleRef: RefObject<HTMLHeadingElement | null>;
}) {
  const t = useT();
  const lng = useLanguage();
  const first = categories[0];
  const { banner } = content;
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
          <source
            media="(min-width: 501px)"
            srcSet={banner.image.wide}
            width={bannerSizes.wide.width}
            height={bannerSizes.wide.height}
          />
          <img
            className="banner__image"
            src={banner.image.narrow}
            alt=""
            width={bannerSizes.narrow.width}
            height={bannerSizes.narrow.height}
            fetchPriority="high"
          />
        </picture>
        <div className="banner__text">
          <h1 id="home-title" ref={titleRef} tabIndex={-1}>
            {banner.title}
          </h1>
          <p>{banner.description}</p>
          {first && (
            <Link to={categoryPath([first.slug])} className="button button--primary">
              {t('home.toCatalog')}
            </Link>
          )}
        </div>
      </div>
      <ul className="tiles">
        {content.tiles.map((tile, index) => (
          <li key={tile.link + String(index)}>
            <Link to={tile.link} className="tile">
              {tile.image ? (
                <img className="tile__image" src={tile.image} alt="" width={32} height={32} />
              ) : (
                <Icon name={tileIcons[index] ?? 'box'} size={32} />
              )}
              <div>
                <h2 className="tile__title">{tile.title}</h2>
                <p>{tile.text}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
