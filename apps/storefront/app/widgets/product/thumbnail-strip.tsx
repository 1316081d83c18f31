import type { Product } from '@kram/contract/catalog';
import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n';
import { variantFor } from '../../lib/media';
import './product.css';

/** Thumbnails shown at once (spec section 9). */
export const thumbnailWindow = 4;

/** Moves the window only when the current slide reaches one of its edges. */
export function shiftWindow(start: number, current: number, total: number, size = thumbnailWindow): number {
  let next = start;
  if (current < next) next = current;
  if (current > next + size - 1) next = current - size + 1;
  return Math.max(0, Math.min(next, Math.max(0, total - size)));
}

export function ThumbnailStrip({
  images,
  current,
  onSelect,
}: {
  images: readonly Product['product_images'][number][];
  current: number;
  onSelect: (index: number) => void;
}) {
  const t = useT();
  const [start, setStart] = useState(0);
  useEffect(() => setStart((s) => shiftWindow(s, current, images.length)), [current, images.length]);
  const shown = images.slice(start, start + thumbnailWindow);
  return (
    <ul className="thumbnails" aria-label={t('product.thumbs')}>
      {shown.map((image, offset) => {
        const index = start + offset;
        return (
          <li key={image.image}>
            <button
              type="button"
              className={index === current ? 'thumbnails__item is-current' : 'thumbnails__item'}
              aria-current={index === current ? 'true' : undefined}
              aria-label={t('product.showImage', { n: index + 1 })}
              onClick={() => onSelect(index)}
            >
              <img
                src={variantFor(image.variants, 160, image.image)}
                alt=""
                width={80}
                height={120}
                loading="lazy"
                decoding="async"
              />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
