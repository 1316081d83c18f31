import { describe, expect, it } from 'vitest';
import { variantUrls } from './product-images.ts';

describe('variantUrls', () => {
  it('names every width of an image, narrowest first as the answers list them', () => {
    expect(JSON.stringify(variantUrls('/media/products/kurtka-1200.webp'))).toBe(
      '{"160":"/media/products/kurtka-160.webp","400":"/media/products/kurtka-400.webp",' +
        '"800":"/media/products/kurtka-800.webp","1200":"/media/products/kurtka-1200.webp"}',
    );
  });

  it('names none for an image outside the naming rule', () => {
    expect(variantUrls('/media/elsewhere/photo.jpg')).toEqual({});
  });
});
