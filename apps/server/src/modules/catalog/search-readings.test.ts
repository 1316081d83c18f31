import type { Product, ProductList } from '@kram/contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';

/**
 * A reading ("Показано результати для «куртка»") promises that the shop searched for it: the list
 * shown under it is the list that searching the reading itself shows, the same products in the same
 * order with the same count. The search lives in memory, so PGlite is enough.
 */
describe('search readings on the demo catalogue', () => {
  let ctx: TestContext;
  let vocabulary: string[];

  const list = async (query: string): Promise<ProductList> => {
    const res = await ctx.app.inject({ url: `/api/products?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ProductList;
  };
  /** Every page of a search, in its order; the count and the reading as the first page has them. */
  const search = async (text: string, extra = '') => {
    const q = `search=${encodeURIComponent(text)}${extra}&limit=100`;
    const first = await list(q);
    const products: Product[] = [...first.results.products];
    for (let page = 2; products.length < first.count; page++) {
      products.push(...(await list(`${q}&page=${page}`)).results.products);
    }
    return { count: first.count, ids: products.map((p) => p.id), reading: first.search_reading };
  };

  beforeAll(async () => {
    ctx = await createTestContext('pglite');
    const names = new Set<string>();
    const first = await list('limit=100');
    for (let page = 1; (page - 1) * 100 < first.count; page++) {
      for (const p of (await list(`limit=100&page=${page}`)).results.products) {
        for (const word of p.name.toLowerCase().split(/[^а-яіїєґ']+/)) if (word.length >= 5) names.add(word);
      }
    }
    // Some forty words across the alphabet are enough, and keep the test short.
    const all = [...names].sort();
    vocabulary = all.filter((_, i) => i % Math.max(1, Math.floor(all.length / 40)) === 0);
  });
  afterAll(() => ctx?.close());

  /** Typos a shopper makes: two letters swapped, one dropped, one doubled. */
  const suggest = async (q: string) =>
    (await ctx.app.inject({ url: `/api/search/suggest?q=${encodeURIComponent(q)}` })).json() as {
      products: { id: number }[];
      search_reading?: string;
    };

  const typosOf = (word: string) => [
    `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`,
    `${word.slice(0, 3)}${word.slice(4)}`,
    `${word.slice(0, 3)}${word[3]}${word.slice(3)}`,
  ];

  it('lists under a typo’s reading exactly what searching the reading lists', async () => {
    expect(vocabulary.length).toBeGreaterThan(10);
    let told = 0;
    for (const word of vocabulary) {
      for (const typo of typosOf(word)) {
        const typed = await search(typo);
        if (!typed.reading) continue;
        told++;
        const read = await search(typed.reading);
        expect({ query: typo, count: typed.count, ids: typed.ids }).toEqual({
          query: typo,
          count: read.count,
          ids: read.ids,
        });
        expect(read.reading, `searching the reading of ${typo}`).toBeUndefined();
        // The suggestions under a reading are the reading's own too.
        const suggested = await suggest(typo);
        if (suggested.search_reading) {
          expect(suggested.search_reading).toBe(typed.reading);
          const own = await suggest(typed.reading);
          expect(
            suggested.products.map((p) => p.id),
            typo,
          ).toEqual(own.products.map((p) => p.id));
        }
      }
    }
    // The typos above are ones the search reads: most of them are told.
    expect(told).toBeGreaterThan(vocabulary.length);
  });

  it('does the same for another keyboard layout, a transliteration and two words', async () => {
    for (const typo of ['кутрка', 'rehnrf', 'kurtka', 'тактичнв штаги']) {
      const typed = await search(typo);
      expect(typed.reading, typo).toBeDefined();
      const read = await search(typed.reading as string);
      expect(typed.count, typo).toBeGreaterThan(0);
      expect({ count: typed.count, ids: typed.ids }, typo).toEqual({ count: read.count, ids: read.ids });
    }
  });

  it('tells nothing for a word as names spell it, even where another form shares its search key', async () => {
    for (const word of [...vocabulary, 'зимові', 'зимовий']) {
      expect((await search(word)).reading, word).toBeUndefined();
    }
  });

  it('tells the suggestions’ reading with the reading’s own products', async () => {
    const typed = await suggest('кутрка');
    expect(typed.search_reading).toBe('куртка');
    const read = await suggest('куртка');
    expect(typed.products.map((p) => p.id)).toEqual(read.products.map((p) => p.id));
  });
});
