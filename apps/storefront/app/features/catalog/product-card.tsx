import type { Product } from '@kram/contract/catalog';
import type { ReactNode } from 'react';
import { ProductImage } from '../../components/product-image';
import { localizedName, useLanguage, useT } from '../../lib/i18n';
import { CardLink } from '../../lib/in-app-links';
import { cardHref, cardImage } from './card-image';
import { ProductBadges } from './product-badges';
import { ProductPrice } from './product-price';
import './product-card.css';

interface Props {
  product: Product;
  /** The wishlist heart (or cross), composed in by the caller. */
  heart?: ReactNode;
  /** The add-to-cart action, composed in by the caller. */
  cartAction?: ReactNode;
  /** Images in the first rows load at once; the rest lazily. */
  eager?: boolean;
  /** The page's largest paint (a listing's first row): its image is fetched before anything else. */
  priority?: boolean;
  headingLevel?: 2 | 3;
  /** Colours chosen in the catalogue's filter: the card shows its photo in one of them. */
  colorIds?: readonly number[];
}

/** A product in a grid or slider: image, name, price, badges, heart, add to cart (spec "Catalogue"). */
export function ProductCard({
  product,
  heart,
  cartAction,
  eager = false,
  priority = false,
  headingLevel = 3,
  colorIds = [],
}: Props) {
  const t = useT();
  const lng = useLanguage();
  const name = localizedName(lng, product);
  const href = cardHref(product, colorIds);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card" data-testid="product-card">
      <div className="card__media">
        <CardLink to={href} tabIndex={-1} aria-hidden="true" className="card__image-link">
          <ProductImage
            image={cardImage(product, colorIds)}
            alt=""
            width={400}
            sizes="(max-width: 768px) 50vw, (max-width: 1024px) 33vw, 280px"
            lazy={!eager}
            priority={priority}
            missingText={t('cart.imageNotFound')}
            className="card__image"
          />
        </CardLink>
        <ProductBadges product={product} />
        {heart && <div className="card__heart">{heart}</div>}
      </div>
      <div className="card__body">
        <Heading className="card__name">
          <CardLink to={href}>{name}</CardLink>
        </Heading>
        <div className="card__footer">
          <ProductPrice product={product} />
          {cartAction}
        </div>
      </div>
    </article>
  );
}
