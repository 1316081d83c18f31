import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductImage } from './product-image';

describe('ProductImage', () => {
  it('works the variants out from the image’s name when they do not come with it (a listing’s cards)', () => {
    const image = { image: '/media/products/kurtka-1200.webp', color: null };
    const { container: bare } = render(
      <ProductImage image={{ ...image, variants: {} }} alt="" width={400} sizes="280px" missingText="—" />,
    );
    const { container: full } = render(
      <ProductImage
        image={{
          ...image,
          variants: {
            '160': '/media/products/kurtka-160.webp',
            '400': '/media/products/kurtka-400.webp',
            '800': '/media/products/kurtka-800.webp',
            '1200': '/media/products/kurtka-1200.webp',
          },
        }}
        alt=""
        width={400}
        sizes="280px"
        missingText="—"
      />,
    );
    const img = bare.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/media/products/kurtka-800.webp');
    expect(img?.getAttribute('srcset')).toContain('/media/products/kurtka-160.webp 160w');
    expect(img?.outerHTML).toBe(full.querySelector('img')?.outerHTML);
  });
});
