import { describe, expect, it } from 'vitest';
import { languageLinks, localizedUrl, pageMeta, privatePageMeta } from './seo';

const links = (tags: ReturnType<typeof languageLinks>) =>
  tags.flatMap((tag) => ('tagName' in tag && tag.tagName === 'link' ? [tag] : []));

describe('language links', () => {
  it('write the canonical in the page’s language and every language as an alternate, Ukrainian as x-default', () => {
    expect(languageLinks('https://shop.example/product/odyag/kurtka', 'ru')).toEqual([
      { tagName: 'link', rel: 'canonical', href: 'https://shop.example/ru/product/odyag/kurtka' },
      { tagName: 'link', rel: 'alternate', hrefLang: 'uk', href: 'https://shop.example/product/odyag/kurtka' },
      { tagName: 'link', rel: 'alternate', hrefLang: 'ru', href: 'https://shop.example/ru/product/odyag/kurtka' },
      { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: 'https://shop.example/product/odyag/kurtka' },
    ]);
  });

  it('read either language’s URL and keep the query (catalogue pages keep ?page=)', () => {
    const fromRussian = languageLinks('https://shop.example/ru/category/odyag?page=2', 'uk');
    expect(fromRussian[0]).toEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://shop.example/category/odyag?page=2',
    });
    expect(fromRussian.find((t) => 'hrefLang' in t && t.hrefLang === 'ru')).toMatchObject({
      href: 'https://shop.example/ru/category/odyag?page=2',
    });
  });

  it('give the home page /ru/ in Russian', () => {
    const home = languageLinks('https://shop.example/', 'ru');
    expect(home[0]).toMatchObject({ rel: 'canonical', href: 'https://shop.example/ru/' });
    expect(home.at(-1)).toMatchObject({ hrefLang: 'x-default', href: 'https://shop.example/' });
    expect(localizedUrl('https://shop.example/ru/', 'uk')).toBe('https://shop.example/');
  });
});

describe('pageMeta', () => {
  it('puts the canonical, og:url and the alternates in the page’s language', () => {
    const tags = pageMeta({
      title: 'Куртка',
      description: 'Опис',
      canonical: 'https://shop.example/product/odyag/kurtka',
      lng: 'ru',
    });
    const canonical = links(tags).filter((t) => t.rel === 'canonical');
    expect(canonical).toEqual([
      { tagName: 'link', rel: 'canonical', href: 'https://shop.example/ru/product/odyag/kurtka' },
    ]);
    expect(
      links(tags)
        .filter((t) => t.rel === 'alternate')
        .map((t) => t.hrefLang),
    ).toEqual(['uk', 'ru', 'x-default']);
    expect(tags).toContainEqual({ property: 'og:url', content: 'https://shop.example/ru/product/odyag/kurtka' });
  });
});

describe('privatePageMeta', () => {
  const content = (tags: ReturnType<typeof privatePageMeta>, key: string) =>
    tags.flatMap((tag) =>
      ('property' in tag && tag.property === key) || ('name' in tag && tag.name === key) ? [tag.content] : [],
    );

  it('keeps the page out of search and still names the shop’s picture for a shared link', () => {
    const tags = privatePageMeta({
      title: 'Профіль — kram',
      description: 'Особистий кабінет',
      url: 'https://shop.example/profile',
      lng: 'ru',
      robots: 'noindex, nofollow',
    });
    expect(content(tags, 'robots')).toEqual(['noindex, nofollow']);
    expect(content(tags, 'og:image')).toEqual(['https://shop.example/media/share/home.jpg']);
    expect(content(tags, 'og:url')).toEqual(['https://shop.example/ru/profile']);
    expect(content(tags, 'og:locale')).toEqual(['ru_UA']);
    expect(content(tags, 'twitter:card')).toEqual(['summary_large_image']);
    expect(links(tags)[0]).toMatchObject({ rel: 'canonical', href: 'https://shop.example/ru/profile' });
  });

  it('gives a missing page no language links: it has no address of its own', () => {
    const tags = privatePageMeta({
      title: 'Сторінку не знайдено — kram',
      description: 'Такої сторінки немає',
      url: 'https://shop.example/no-such-page',
      lng: 'uk',
      robots: 'noindex',
      languageLinks: false,
    });
    expect(links(tags)).toEqual([]);
    expect(content(tags, 'og:image')).toEqual(['https://shop.example/media/share/home.jpg']);
  });
});
