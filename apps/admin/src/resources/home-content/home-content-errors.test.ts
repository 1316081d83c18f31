import { describe, expect, it } from 'vitest';
import { homeProblem, serverFieldErrors, validateHomeContent } from './home-content-errors.ts';

const both = (uk: string, ru: string) => ({ uk, ru });
const valid = () => ({
  banner: {
    title: both('Заголовок', 'Заголовок'),
    description: both('Опис', 'Описание'),
    image: { wide: '/images/banner-large.svg', narrow: '/images/banner-small.svg' },
  },
  tiles: [1, 2, 3].map((n) => ({
    title: both(`Плитка ${n}`, `Плитка ${n}`),
    text: both('Текст', 'Текст'),
    link: '/delivery',
    image: null,
  })),
  promo: { title: both('Акції', 'Акции'), text: both('Щотижня', 'Каждую неделю') },
});

describe('the home content form’s problems', () => {
  it('translates the contract’s messages, with the length they allow', () => {
    expect(homeProblem('This field may not be blank.')).toEqual({
      message: 'resources.home_content.errors.required',
      args: {},
    });
    expect(homeProblem('Ensure this field has no more than 120 characters.')).toEqual({
      message: 'resources.home_content.errors.too_long',
      args: { max: 120 },
    });
    expect(homeProblem('The image is too large in pixels (9000 × 8000 pixels; at most 50 megapixels).')).toEqual({
      message: 'resources.home_content.errors.too_many_pixels',
      args: { width: '9000', height: '8000' },
    });
    expect(homeProblem('The file is not a JPEG, PNG or WebP image.').message).toBe(
      'resources.home_content.errors.not_an_image',
    );
    // Words the screen does not know are shown as the server wrote them.
    expect(homeProblem('Something new.')).toEqual({ message: 'Something new.', args: {} });
  });

  it('finds nothing wrong with valid content', () => {
    expect(validateHomeContent(valid())).toEqual({});
  });

  it('puts each problem where its field is, with an entry for every tile', () => {
    const content = valid();
    content.banner.title.ru = '  ';
    content.tiles[1] = { ...content.tiles[1], link: 'delivery' } as (typeof content.tiles)[1];
    content.promo.text.uk = 'x'.repeat(1001);
    expect(validateHomeContent(content)).toEqual({
      banner: { title: { ru: { message: 'resources.home_content.errors.required', args: {} } } },
      tiles: [{}, { link: { message: 'resources.home_content.errors.link', args: {} } }, {}],
      promo: { text: { uk: { message: 'resources.home_content.errors.too_long', args: { max: 1000 } } } },
    });
  });

  it('reads the server’s field errors', () => {
    expect(
      serverFieldErrors({
        'banner.image.wide': ['There is no such image in the shop: upload it again.'],
        detail: 'not a field list',
      }),
    ).toEqual([['banner.image.wide', { message: 'resources.home_content.errors.missing_image', args: {} }]]);
    expect(serverFieldErrors(null)).toEqual([]);
  });
});
