import { describe, expect, it } from 'vitest';
import { validateHomeContent } from './home-content-check.ts';

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
  it('finds nothing wrong with valid content', () => {
    expect(validateHomeContent(valid())).toEqual({});
  });

  it('puts each problem where its field is, by its code, with an entry for every tile', () => {
    const content = valid();
    content.banner.title.ru = '  ';
    content.tiles[1] = { ...content.tiles[1], link: 'delivery' } as (typeof content.tiles)[1];
    content.promo.text.uk = 'x'.repeat(1001);
    expect(validateHomeContent(content)).toEqual({
      banner: { title: { ru: { message: 'errors.home_content.catalog.blank', args: {} } } },
      tiles: [{}, { link: { message: 'errors.home_content.link', args: {} } }, {}],
      promo: { text: { uk: { message: 'errors.home_content.too_long', args: { max: 1000 } } } },
    });
  });
});
