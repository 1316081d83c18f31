import type { Product } from '@kram/contract/catalog';
import { localizedPath } from '@kram/contract/language-paths';
import { cardHref } from '../../features/catalog/card-image';
import { localizedName, useLanguage } from '../../lib/i18n';
import { useRenderedInSteps } from '../../lib/use-rendered-in-steps';
import { ShopProductCard } from './shop-product-card';
import '../../features/catalog/product-card.css';

/** Cards rendered per browser task after a long grid's first ones (docs/decisions/035). */
const cardsPerStep = 2;

/**
 * Cards in a grid; the first row's images load at once, the rest lazily. A grid that is the page's
 * main content (a listing) has its first images fetched first; one further down (similar products)
 * passes `priority={false}`. A long grid (a page of 100) may keep only its first cards in the
 * server's document (`inDocument`): the rest render in small steps once the page has hydrated, and
 * a browser without scripts gets them as plain links.
 */
export function ProductGrid({
  products,
  wishlistCross,
  headingLevel = 2,
  colorIds,
  priority = true,
  inDocument,
}: {
  products: readonly Product[];
  wishlistCross?: boolean;
  /** 2 under a page's title, 3 under a section's. */
  headingLevel?: 2 | 3;
  /** Colours chosen in the catalogue's filter: cards show their photos in them. */
  colorIds?: readonly number[];
  priority?: boolean;
  /** How many cards the server's document holds; all of them unless given (then none takes steps). */
  inDocument?: number;
}) {
  const shown = useRenderedInSteps(products.length, inDocument ?? Number.POSITIVE_INFINITY, cardsPerStep);
  return (
    <>
      <ul className="product-grid" data-testid="product-grid">
        {products.slice(0, shown).map((product, index) => (
          <li key={product.id}>
            <ShopProductCard
              product={product}
              eager={index < 2}
              priority={priority && index < 2}
              wishlistCross={wishlistCross}
              headingLevel={headingLevel}
              colorIds={colorIds}
            />
          </li>
        ))}
      </ul>
      {inDocument !== undefined && inDocument < products.length && (
        // React leaves a noscript's content to the server; a browser with scripts reads it as text.
        <noscript>
          <ProductLinks products={products.slice(inDocument)} colorIds={colorIds} />
        </noscript>
      )}
    </>
  );
}

/** The rest of a long grid as plain links, for a browser without scripts (and crawlers that run none). */
function ProductLinks({ products, colorIds }: { products: readonly Product[]; colorIds?: readonly number[] }) {
  const lng = useLanguage();
  return (
    <ul className="product-grid__links">
      {products.map((product) => (
        <li key={product.id}>
          <a href={localizedPath(cardHref(product, colorIds), lng)}>{localizedName(lng, product)}</a>
        </li>
      ))}
    </ul>
  );
}
