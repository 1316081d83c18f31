import { Worker } from 'node:worker_threads';
import type { Sort } from '@kram/contract/catalog-rules';
import { describe, expect, it } from 'vitest';
import { type ListingDocument, type ListingFilter, ListingIndex } from './listing-index.ts';
import type { SearchPlan } from './search-plan.ts';
import { type ListedOnAThread, listWordsOnAThread, WordSlots } from './word-slots.ts';

const doc = (id: number, name: string, over: Partial<ListingDocument> = {}): ListingDocument => ({
  id,
  category_id: 1,
  price: '100.00',
  in_stock: true,
  is_new: false,
  is_on_promo: false,
  popularity: 0,
  created_at: id,
  color_ids: [],
  size_ids: [],
  search_name: name,
  words: name,
  slug: `p-${id}`,
  name,
  name_ru: name,
  category_full_path: 'a/b',
  image: null,
  ...over,
});
const plan = (...words: string[][]) => ({ variants: [{ words, phrase: words.map((w) => w[0]).join(' ') }] });

const index = new ListingIndex([
  doc(1, 'kurtka taktichna', { price: '2500.50', color_ids: [1], size_ids: [10], popularity: 5 }),
  doc(2, 'kurtka zimova', { price: '3100.00', color_ids: [2], words: 'kurtka zimova tepla' }),
  doc(3, 'shtani taktichni', { price: '900.00', color_ids: [1, 3], in_stock: false }),
  doc(4, 'rukzak 40', { price: '1500.00', category_id: 2, words: 'rukzak 40 dlia kurtki' }),
]);
const page = (
  plan: SearchPlan | null,
  filter: ListingFilter = {},
  sort: Sort = 'default',
  limit = 100,
  offset = 0,
  from: ListingIndex = index,
) => from.page({ plan, filter, sort, limit, offset });
const ids = (p: ReturnType<typeof index.page>) => p.ids;

describe('ListingIndex', () => {
  it('needs every word, through any of its alternatives, and completes what was typed', () => {
    expect(ids(page(plan(['kurtka']), {}, 'default', 100, 0)).sort()).toEqual([1, 2]);
    expect(ids(page(plan(['kurtka'], ['zimova']), {}, 'default', 100, 0))).toEqual([2]);
    expect(ids(page(plan(['kurt']), {}, 'default', 100, 0)).sort()).toEqual([1, 2, 4]);
    expect(ids(page(plan(['zzz', 'tepla']), {}, 'default', 100, 0))).toEqual([2]);
    expect(page(plan(['nothing']), {}, 'default', 100, 0)).toEqual({
      count: 0,
      ids: [],
      colorIds: [],
      minPrice: null,
      maxPrice: null,
    });
  });

  it('matches any reading of the query', () => {
    const either = { variants: [...plan(['shtani']).variants, ...plan(['rukzak']).variants] };
    expect(ids(page(either, {}, 'default', 100, 0)).sort()).toEqual([3, 4]);
  });

  it('ranks name matches above matches in the text', () => {
    expect(ids(page(plan(['kurtki', 'kurtka']))).at(-1)).toBe(4);
  });

  it('ranks a word as typed above a word being typed, and that above a correction or a synonym', () => {
    const ranked = new ListingIndex([
      doc(1, 'shtani boiovi tempest'),
      doc(2, 'kurtka boiova tempest zymova'),
      doc(3, 'boiovka'),
    ]);
    // "tempest boiova": the name holding both words as typed first, the shorter one with a correction next.
    const typed = { variants: [{ words: [['tempest'], ['boiova', 'boiovi']], phrase: 'tempest boiova' }] };
    expect(ids(page(typed, {}, 'default', 100, 0, ranked))).toEqual([2, 1]);
    const begun = { variants: [{ words: [['boiov', 'boiovi']], phrase: 'boiov' }] };
    // A word of every name begins with "boiov" and the correction "boiovi" adds nothing over that: the
    // name opening with it first, then the shorter name.
    expect(ids(page(begun, {}, 'default', 100, 0, ranked))).toEqual([3, 1, 2]);
    const spelt = { variants: [{ words: [['vektor', 'spalnik'], ['palnik']], phrase: 'vektor palnik' }] };
    const vector = new ListingIndex([doc(1, 'spalnik kovdra vektor'), doc(2, 'palnik vektor turystychnyi')]);
    expect(ids(page(spelt, {}, 'default', 100, 0, vector))).toEqual([2]);
    const either = { variants: [{ words: [['vektor'], ['palnik', 'spalnik']], phrase: 'vektor palnik' }] };
    expect(ids(page(either, {}, 'default', 100, 0, vector))).toEqual([2, 1]);
  });

  it('ranks a name holding the word as spelt above word forms that share its search key', () => {
    const forms = new ListingIndex([
      doc(1, 'riukzak taktichni', { name: 'Рюкзак тактичний', name_ru: 'Рюкзак тактический' }),
      doc(2, 'shtani taktichni dovgi', { name: 'Штани тактичні довгі', name_ru: 'Брюки тактические длинные' }),
    ]);
    const spelt = (typed: string[]) => ({
      ...plan(['taktichni']),
      spellings: typed.map((word) => [{ word, points: 1 }]),
    });
    expect(ids(page(spelt(['тактичні']), {}, 'default', 100, 0, forms))).toEqual([2, 1]);
    expect(ids(page(spelt(['тактичний']), {}, 'default', 100, 0, forms))).toEqual([1, 2]);
    // The Russian name counts too.
    expect(ids(page(spelt(['тактические']), {}, 'default', 100, 0, forms))).toEqual([2, 1]);
  });

  it('ranks a closer spelling above a further one, and either above none', () => {
    const forms = new ListingIndex([
      doc(1, 'shtani taktichni', { name: 'Штани тактичні', name_ru: '' }),
      doc(2, 'shtani taktichni', { name: 'Штани тактичний', name_ru: '' }),
      doc(3, 'shtani taktichni', { name: 'Штани тактична', name_ru: '' }),
    ]);
    const spellings = [
      [
        { word: 'тактичнв', points: 1 },
        { word: 'тактична', points: 0.875 },
        { word: 'тактичні', points: 0.75 },
      ],
    ];
    expect(ids(page({ ...plan(['taktichni']), spellings }, {}, 'default', 100, 0, forms))).toEqual([3, 1, 2]);
  });

  it('puts products in stock first among equally relevant ones, whatever their names’ length', () => {
    const stock = new ListingIndex([
      doc(1, 'kurtka', { in_stock: false }),
      doc(2, 'kurtka zimova tepla'),
      doc(3, 'kurtka zimova', { in_stock: false }),
    ]);
    expect(ids(page(plan(['kurtka']), {}, 'default', 100, 0, stock))).toEqual([2, 1, 3]);
  });

  it('filters by category, size, stock, colour and price; each facet ignores its own filter', () => {
    const taktichn = plan(['taktichna', 'taktichni']);
    expect(ids(page(taktichn, { inStock: true }, 'default', 100, 0))).toEqual([1]);
    expect(ids(page(taktichn, { sizeIds: [10] }, 'default', 100, 0))).toEqual([1]);
    expect(ids(page(plan(['kurt']), { categoryIds: [2] }, 'default', 100, 0))).toEqual([4]);
    const byColour = page(taktichn, { colorIds: [3] }, 'default', 100, 0);
    expect(byColour).toMatchObject({ count: 1, ids: [3], colorIds: [1, 3], minPrice: '900.00', maxPrice: '900.00' });
    const byPrice = page(taktichn, { minPrice: 100000 }, 'default', 100, 0);
    expect(byPrice).toMatchObject({ ids: [1], colorIds: [1], minPrice: '900.00', maxPrice: '2500.50' });
  });

  it('sorts by price and popularity, out-of-stock last, and pages', () => {
    const every = plan(['kurt', 'shtani', 'rukzak']);
    const any = { variants: every.variants[0]?.words.map((w) => ({ words: [w], phrase: w[0] as string })) ?? [] };
    expect(ids(page(any, {}, 'cheap', 100, 0))).toEqual([3, 4, 1, 2]);
    expect(ids(page(any, {}, 'expensive', 100, 0))).toEqual([2, 1, 4, 3]);
    expect(ids(page(any, {}, 'popular', 100, 0))).toEqual([1, 4, 2, 3]);
    expect(ids(page(any, {}, 'cheap', 2, 2))).toEqual([1, 2]);
  });

  it('lists every product without a search, by the chosen sort', () => {
    expect(ids(page(null))).toEqual([4, 2, 1, 3]);
    expect(ids(page(null, {}, 'new'))).toEqual([4, 2, 1, 3]);
    expect(ids(page(null, { categoryIds: [1] }, 'expensive'))).toEqual([2, 1, 3]);
    expect(page(null, { colorIds: [1] })).toMatchObject({ count: 2, colorIds: [1, 2, 3], minPrice: '900.00' });
  });

  it('suggests by names only, the closest (shorter) name first', () => {
    expect(index.suggest(plan(['kurtki']), 8)).toEqual([]);
    expect(index.suggest(plan(['kurt']), 8).map((s) => s.id)).toEqual([2, 1]);
    expect(index.suggest(plan(['kurt']), 1)).toEqual([
      { id: 2, slug: 'p-2', name: 'kurtka zimova', name_ru: 'kurtka zimova', category_full_path: 'a/b', image: null },
    ]);
  });

  it('builds the same index a slice at a time, and with the words listed on another thread', async () => {
    const docs = [
      doc(1, 'kurtka taktichna'),
      doc(2, 'kurtka zimova', { words: 'kurtka zimova tepla' }),
      doc(3, 'shtani taktichni'),
      // A line break in a product's words must not move the next products' words to other slots.
      doc(4, 'remin', { words: 'remin\nchornii' }),
      doc(5, 'flaga', { words: 'flaga chornii' }),
    ];
    const sliced = await ListingIndex.build(docs, { sliceSize: 1 });
    const threaded = await ListingIndex.build(docs, { threadFrom: 1 });
    const whole = new ListingIndex(docs);
    for (const query of [plan(['kurt']), plan(['tepla']), plan(['taktichni', 'taktichna']), plan(['chornii'])]) {
      const expected = page(query, {}, 'default', 12, 0, whole);
      expect(page(query, {}, 'default', 12, 0, sliced)).toEqual(expected);
      expect(page(query, {}, 'default', 12, 0, threaded)).toEqual(expected);
    }
    expect(page(plan(['chornii']), {}, 'default', 12, 0, whole).ids.sort()).toEqual([4, 5]);
    expect(sliced.size).toBe(5);
    expect(threaded.size).toBe(5);
  });

  it('lists words on another thread as on this one', async () => {
    const texts = ['kurtka taktichna kurtka', '', 'shtani  taktichni', 'kurtka'];
    const here = new WordSlots();
    texts.forEach((text, slot) => {
      here.addText(text, slot);
    });
    const expected = here.lists();
    const [apart] = await listWordsOnAThread([texts]);
    expect(apart).toEqual(expected);
    expect(apart?.get('kurtka')).toEqual(Int32Array.from([0, 3]));
    expect(apart?.get('taktichna')).toEqual(Int32Array.from([0]));
    expect(apart?.get('taktichni')).toEqual(Int32Array.from([2]));
    expect(apart?.has('')).toBe(false);
  });

  it('lists words on the worker thread itself (not only through the fallback on this one)', async () => {
    const texts = ['kurtka taktichna kurtka', '', 'shtani  taktichni', 'kurtka'];
    const worker = new Worker(new URL('./word-slots.worker.ts', import.meta.url), {
      workerData: { texts: [texts.join('\n')] },
    });
    const [column] = await new Promise<ListedOnAThread>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(column?.lines).toBe(texts.length);
    const lists = column && WordSlots.unpack(column);
    expect(lists?.get('kurtka')).toEqual(Int32Array.from([0, 3]));
    expect(lists?.get('taktichni')).toEqual(Int32Array.from([2]));
  });
});
