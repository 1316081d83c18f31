import type { Product } from '@kram/contract/catalog';
import { localizedName, pickLocalized, useLanguage, useT } from '../../lib/i18n';
import './product.css';

/** Characteristics, then description and composition, both open at first (spec "Product page"). */
export function ProductSections({ product }: { product: Product }) {
  const t = useT();
  const lng = useLanguage();
  const description = pickLocalized(lng, product.description, product.description_ru);
  return (
    <div className="product-sections">
      <section className="product-section" aria-labelledby="characteristics">
        <h2 id="characteristics">{t('product.characteristics')}</h2>
        <dl className="characteristics">
          <dt>{t('product.sizes')}</dt>
          <dd>{product.sizes.length ? product.sizes.map((s) => s.name).join(', ') : t('product.universal')}</dd>
          {product.colors.length > 0 && (
            <>
              <dt>{t('product.colors')}</dt>
              <dd>{product.colors.map((c) => localizedName(lng, c)).join(', ')}</dd>
            </>
          )}
        </dl>
      </section>
      <details className="product-section" open>
        <summary>
          <h2>{t('product.description')}</h2>
        </summary>
        {description
          .split('\n')
          .filter((line) => line.trim())
          .map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of one text, never reordered.
            <p key={index}>{line}</p>
          ))}
      </details>
      {product.compositions.length > 0 && (
        <details className="product-section" open>
          <summary>
            <h2>{t('product.composition')}</h2>
          </summary>
          <dl className="characteristics">
            {product.compositions.map((c) => (
              <div key={c.title}>
                <dt>{pickLocalized(lng, c.title, c.title_ru)}</dt>
                <dd>{pickLocalized(lng, c.description, c.description_ru)}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </div>
  );
}
