import type { CategoryNode, Product } from '@kram/contract/catalog';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Breadcrumbs } from '../../features/catalog/breadcrumbs';
import { localizedName, useLanguage, useT } from '../../lib/i18n';
import { useScrollToTitle } from '../../lib/use-scroll-to-title';
import { ProductGrid } from '../product-card/product-grid';
import { imagesOfColor, initialColor, requestedColor } from './product-colors';
import { ProductGallery } from './product-gallery';
import { ProductPurchase } from './product-purchase';
import { ProductRating } from './product-rating';
import { ProductSections } from './product-sections';
import './product.css';

interface Props {
  product: Product;
  /** The average rating; null when it could not be loaded. */
  rating: number | null;
  /** Null when they could not be loaded. */
  similar: Product[] | null;
  categories: CategoryNode[];
}

/** The product page (spec "Product page"). */
export function ProductView({ product, rating, similar, categories }: Props) {
  const t = useT();
  const lng = useLanguage();
  const title = useRef<HTMLHeadingElement>(null);
  const [search] = useSearchParams();
  // The page starts on a colour with photos, and the gallery follows the colour chosen.
  const [color, setColor] = useState(() => initialColor(product, requestedColor(search)));
  useScrollToTitle(title);
  const name = localizedName(lng, product);
  // The API calls being in stock `is_on_sale`.
  const inStock = product.is_on_sale;

  return (
    <div className="container page">
      <Breadcrumbs categories={categories} productName={name} />
      <div className="product">
        <ProductGallery
          key={color?.id ?? 'all'}
          images={imagesOfColor(product.product_images, color?.id ?? null)}
          name={name}
        />
        <div className="product__info">
          <p className="product__sku">{t('product.sku', { sku: product.sku })}</p>
          <h1 ref={title} className="product__name" tabIndex={-1}>
            {name}
          </h1>
          <div className="product__meta">
            <ProductRating productId={product.id} average={rating} />
            <span className={inStock ? 'status status--in' : 'status status--out'}>
              {inStock ? t('product.badges.inStock') : t('product.badges.outOfStock')}
            </span>
          </div>
          <ProductPurchase key={product.id} product={product} color={color} onColor={setColor} />
          <ProductSections product={product} />
        </div>
      </div>
      <section className="similar" aria-labelledby="similar-title" data-testid="similar">
        <h2 id="similar-title" className="section-title">
          {t('product.similar')}
        </h2>
        {similar === null ? (
          <p className="similar__message">{t('similarProducts.loadError')}</p>
        ) : similar.length > 0 ? (
          <ProductGrid products={similar} headingLevel={3} priority={false} />
        ) : (
          <p className="similar__message" data-testid="similar-empty">
            {t('product.noSimilar')}
          </p>
        )}
      </section>
    </div>
  );
}
