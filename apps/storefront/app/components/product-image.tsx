import type { Product } from '@kram/contract/catalog';
import { variantUrls } from '@kram/contract/product-images';
import { imageRatio, srcSetOf, variantFor } from '../lib/media';

interface Props {
  image: Product['product_images'][number] | undefined;
  alt: string;
  /** The width the image is laid out at, for width/height (no layout shift). */
  width: number;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** Below the fold: load lazily. The first visible images are eager. */
  lazy?: boolean;
  /** The text placeholder when there is no image (spec "Cart sidebar"). */
  missingText: string;
  className?: string;
  /** The page's largest paint: fetched before the other images. */
  priority?: boolean;
}

/** A product image through the WebP variants' srcset, with width and height reserved. */
export function ProductImage({ image, alt, width, sizes, lazy = true, missingText, className, priority }: Props) {
  const height = Math.round(width * imageRatio);
  if (!image) {
    return (
      <span className={`image-missing ${className ?? ''}`} style={{ aspectRatio: `1 / ${imageRatio}` }}>
        {missingText}
      </span>
    );
  }
  // A listing's cards come without the variants' URLs (cardProduct): they follow from the image's.
  const variants = Object.keys(image.variants ?? {}).length > 0 ? image.variants : variantUrls(image.image);
  const src = variantFor(variants, width * 2, image.image);
  const srcSet = srcSetOf(variants);
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
