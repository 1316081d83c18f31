import type { Product } from '@kram/contract/catalog';
import { useState } from 'react';
import { Icon } from '../../components/icon';
import { ImageZoom } from '../../components/image-zoom';
import { ProductImage } from '../../components/product-image';
import { useT } from '../../lib/i18n';
import { mobileQuery, useMediaQuery } from '../../lib/use-media-query';
import { ThumbnailStrip } from './thumbnail-strip';
import './product.css';

/**
 * The images of the chosen colour (imagesOfColor): one at a time with zoom, and a strip of
 * thumbnails under it. The page gives it a new key when the colour changes, so it starts again at
 * that colour's first photo.
 */
export function ProductGallery({
  images,
  name,
}: {
  images: readonly Product['product_images'][number][];
  name: string;
}) {
  const t = useT();
  const mobile = useMediaQuery(mobileQuery);
  const [index, setIndex] = useState(0);

  const image = images[index];
  const go = (next: number) => setIndex((next + images.length) % images.length);
  return (
    <div className="gallery" data-testid="gallery">
      <div className="gallery__stage">
        {image ? (
          <ImageZoom largeSrc={image.image} hint={mobile ? t('product.touchHint') : t('product.hoverHint')}>
            <ProductImage
              image={image}
              alt={t('product.imageAlt', { name, n: index + 1 })}
              width={600}
              sizes="(max-width: 768px) 100vw, 600px"
              lazy={false}
              priority
              missingText={t('cart.imageNotFound')}
              className="gallery__image"
            />
          </ImageZoom>
        ) : (
          <ProductImage image={undefined} alt="" width={600} sizes="600px" missingText={t('cart.imageNotFound')} />
        )}
        {images.length > 1 && (
          <>
            <button
              type="button"
              className="gallery__step gallery__step--prev icon-button"
              aria-label={t('product.prevImage')}
              onClick={() => go(index - 1)}
            >
              <Icon name="prev" />
            </button>
            <button
              type="button"
              className="gallery__step gallery__step--next icon-button"
              aria-label={t('product.nextImage')}
              onClick={() => go(index + 1)}
            >
              <Icon name="next" />
            </button>
          </>
        )}
      </div>
      {images.length > 1 && <ThumbnailStrip images={images} current={index} onSelect={setIndex} />}
    </div>
  );
}
