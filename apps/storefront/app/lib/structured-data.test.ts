import { describe, expect, it } from 'vitest';
import { shareMeta } from './share-meta';
import { categoryTrail, itemListLd, type ProductFacts, productLd, shopLd } from './structured-data';

// The builders' rules; the blocks the rendered pages carry are checked against search engines'
// required properties in e2e/specs/structured-data.spec.ts.

const facts: ProductFacts = {
  name: 'Куртка М-65',
  sku: 'JKT-1',
  description: 'Польова куртка',
  url: 'https://shop.example/product/odyag/kurtka',
  images: ['https://shop.example/media/products/jacket-1-1200.webp'],
  brand: 'kram',
  inStock: true,
};

describe('productLd', () => {
  it('offers the product in hryvnia, in stock or out of it, without a price unless given one', () => {
    expect(productLd(facts)?.offers).toEqual({
      '@type': 'Offer',
      url: facts.url,
      availability: 'https://schema.org/InStock',
      priceCurrency: 'UAH',
    });
    expect(productLd({ ...facts, inStock: false })?.offers).toMatchObject({
      availability: 'https://schema.org/OutOfStock',
    });
    expect(productLd({ ...facts, price: '2450.00' })?.offers).toMatchObject({ price: '2450.00', priceCurrency: 'UAH' });
    expect(productLd({ ...facts, price: null })?.offers).not.toHaveProperty('price');
  });

  it('names the shop as the brand and rates the product only once shoppers have', () => {
    expect(productLd(facts)?.brand).toEqual({ '@type': 'Brand', name: 'kram' });
    expect(productLd(facts)).not.toHaveProperty('aggregateRating');
    expect(productLd({ ...facts, rating: { average: 0, count: 0 } })).not.toHaveProperty('aggregateRating');
    expect(productLd({ ...facts, rating: { average: 4.33, count: 3 } })?.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.33,
      ratingCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it('gives no Product block for a product without a photo', () => {
    expect(productLd({ ...facts, images: [] })).toBeUndefined();
  });
});

describe('listing blocks', () => {
  it('number a later page’s products from the page’s place in the listing', () => {
    const items = [1, 2].map((n) => ({ name: `Товар ${n}`, url: `https://shop.example/product/x/t${n}` }));
    expect(itemListLd(items, 13).itemListElement).toEqual([
      { '@type': 'ListItem', position: 13, url: items[0]?.url, name: 'Товар 1' },
      { '@type': 'ListItem', position: 14, url: items[1]?.url, name: 'Товар 2' },
    ]);
  });

  it('walk from the home page down the category path in the page’s language', () => {
    const node = (slug: string, name: string, name_ru: string, subcategories = []) => ({
      id: slug.length,
      slug,
      name,
      name_ru,
      subcategories,
    });
    const path = [node('odyag', 'Одяг', 'Одежда'), node('kurtky', 'Куртки', 'Куртки')];
    expect(
      categoryTrail({
        origin: 'https://shop.example',
        lng: 'ru',
        homeName: 'Главная',
        path,
        slugs: ['odyag', 'kurtky'],
      }),
    ).toEqual([
      { name: 'Главная', url: 'https://shop.example/ru/' },
      { name: 'Одежда', url: 'https://shop.example/ru/category/odyag' },
      { name: 'Куртки', url: 'https://shop.example/ru/category/odyag/kurtky' },
    ]);
  });
});

describe('shopLd', () => {
  it('is one Organization at the Ukrainian home, and the site with its search in the page’s language', () => {
    const [organization, site] = shopLd({ origin: 'https://shop.example', lng: 'ru' });
    expect(organization).toMatchObject({
      '@type': 'Organization',
      '@id': 'https://shop.example/#organization',
      url: 'https://shop.example/',
      logo: 'https://shop.example/media/share/logo.png',
      sameAs: ['https://www.facebook.com/', 'https://www.instagram.com/', 'https://t.me/'],
    });
    expect(JSON.parse(JSON.stringify(organization)).contactPoint).toEqual(
      ['+380671234567', '+380501234567', '+380931234567'].map((telephone) => ({
        '@type': 'ContactPoint',
        telephone,
        contactType: 'customer service',
        areaServed: 'UA',
        availableLanguage: ['uk', 'ru'],
      })),
    );
    expect(site).toMatchObject({
      '@type': 'WebSite',
      url: 'https://shop.example/ru/',
      publisher: { '@id': 'https://shop.example/#organization' },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: 'https://shop.example/ru/search?query={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});

describe('shareMeta', () => {
  const page = { title: 'Куртки — kram', description: 'Опис', url: 'https://shop.example/ru/category/odyag' };
  const content = (tags: ReturnType<typeof shareMeta>, key: string) =>
    tags.flatMap((tag) =>
      ('property' in tag && tag.property === key) || ('name' in tag && tag.name === key) ? [tag.content] : [],
    );

  it('gives a page without a picture of its own the shop’s, 1200 × 630, and the other language as alternate', () => {
    const tags = shareMeta({ ...page, lng: 'ru' });
    expect(content(tags, 'og:image')).toEqual(['https://shop.example/media/share/home.jpg']);
    expect(content(tags, 'og:image:width')).toEqual(['1200']);
    expect(content(tags, 'og:image:height')).toEqual(['630']);
    expect(content(tags, 'og:image:alt')).toEqual(['kram']);
    expect(content(tags, 'og:locale:alternate')).toEqual(['uk_UA']);
    expect(content(tags, 'twitter:card')).toEqual(['summary_large_image']);
    expect(content(tags, 'twitter:image')).toEqual(['https://shop.example/media/share/home.jpg']);
    expect(content(tags, 'twitter:title')).toEqual([page.title]);
    expect(content(tags, 'twitter:description')).toEqual([page.description]);
  });

  it('describes a page’s own picture by what it shows', () => {
    const image = 'https://shop.example/media/share/uk/category/odyag.jpg';
    const tags = shareMeta({ ...page, lng: 'uk', image, imageAlt: 'Одяг' });
    expect(content(tags, 'og:image')).toEqual([image]);
    expect(content(tags, 'og:image:alt')).toEqual(['Одяг']);
    expect(content(tags, 'og:locale:alternate')).toEqual(['ru_UA']);
  });
});
