import { type Sort, sortValues } from '@kram/contract/catalog-rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ListingDocument, type ListingFilter, ListingIndex } from './listing-index.ts';
import type { SearchPlan } from './search-plan.ts';

/**
 * The listing engine against a plain reference: random catalogues, random filters, sorts and pages.
 * The reference is written the slow, obvious way (filter everything, sort everything, slice), so a
 * shortcut in the engine (top-k, facets in one pass, posting lists) that changes an answer fails here.
 */

const vocabulary = ['kurtka', 'kurtki', 'shtani', 'rukzak', 'nizh', 'taktichna', 'zimova', 'flis'];

const documentArb = (id: number) =>
  fc
    .record({
      category_id: fc.integer({ min: 1, max: 4 }),
      kopiyky: fc.integer({ min: 0, max: 500_000 }),
      in_stock: fc.boolean(),
      is_new: fc.boolean(),
      is_on_promo: fc.boolean(),
      popularity: fc.integer({ min: 0, max: 5 }),
      created_at: fc.integer({ min: 0, max: 20 }),
      color_ids: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 4 }),
      size_ids: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 4 }),
      name: fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 3 }),
      text: fc.array(fc.constantFrom(...vocabulary), { maxLength: 3 }),
    })
    .map(
      (r): ListingDocument => ({
        id,
        category_id: r.category_id,
        price: `${Math.floor(r.kopiyky / 100)}.${String(r.kopiyky % 100).padStart(2, '0')}`,
        in_stock: r.in_stock,
        is_new: r.is_new,
        is_on_promo: r.is_on_promo,
        popularity: r.popularity,
        created_at: r.created_at,
        color_ids: [...r.color_ids].sort((a, b) => a - b),
        size_ids: [...r.size_ids].sort((a, b) => a - b),
        search_name: r.name.join(' '),
        words: [...r.name, ...r.text].join(' '),
        slug: `p-${id}`,
        name: r.name.join(' '),
        name_ru: r.name.join(' '),
        category_full_path: `c-${r.category_id}`,
        image: null,
      }),
    );

const catalogueArb = fc
  .integer({ min: 0, max: 40 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => documentArb(i + 1))))
  .map((docs) => fc.shuffledSubarray(docs, { minLength: docs.length, maxLength: docs.length }))
  .chain((shuffled) => shuffled);

/** Each filter is set in about a third of the runs, so most pages still hold products. */
const sometimes = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: arb, weight: 1 });

const filterArb: fc.Arbitrary<ListingFilter> = fc
  .record({
    categoryIds: sometimes(fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 3 })),
    sizeIds: sometimes(fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 4 })),
    inStock: sometimes(fc.boolean()),
    colorIds: sometimes(fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 4 })),
    minPrice: sometimes(fc.integer({ min: 0, max: 250_000 })),
    maxPrice: sometimes(fc.integer({ min: 250_000, max: 600_000 })),
  })
  .map((f) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as ListingFilter);

const planArb: fc.Arbitrary<SearchPlan | null> = fc.option(
  fc
    .constantFrom(...vocabulary, 'kur', 'tak', 'zzz')
    .map((word) => ({ variants: [{ words: [[word]], phrase: word }] })),
);

const kopiykyOf = (d: ListingDocument) => Math.round(Number(d.price) * 100);
const hasAny = (values: readonly number[], wanted: readonly number[] | undefined) =>
  !wanted || wanted.length === 0 || values.some((v) => wanted.includes(v));

/** A word of the query matches a word of the product, or begins one when at least three letters long. */
function referenceMatches(doc: ListingDocument, plan: SearchPlan | null): boolean {
  if (!plan) return true;
  const words = doc.words.split(' ');
  return plan.variants.some((variant) =>
    variant.words.every((alternatives) =>
      alternatives.some((alt, position) =>
        words.some((w) => w === alt || (position === 0 && alt.length >= 3 && w.startsWith(alt))),
      ),
    ),
  );
}

const sortKeys: Record<Sort, (d: ListingDocument) => number[]> = {
  default: (d) => [-Number(d.in_stock), -d.id],
  cheap: (d) => [kopiykyOf(d), d.id],
  expensive: (d) => [-kopiykyOf(d), -d.id],
  new: (d) => [-Number(d.in_stock), -Number(d.is_new), -d.created_at, -d.id],
  popular: (d) => [-Number(d.in_stock), -d.popularity, -d.id],
  sale: (d) => [-Number(d.in_stock), -Number(d.is_on_promo), -d.id],
};

function lexicographic(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return 0;
}

function reference(
  docs: ListingDocument[],
  plan: SearchPlan | null,
  f: ListingFilter,
  sort: Sort,
  limit: number,
  offset: number,
) {
  const base = docs.filter(
    (d) =>
      referenceMatches(d, plan) &&
      (!f.categoryIds || f.categoryIds.includes(d.category_id)) &&
      hasAny(d.size_ids, f.sizeIds) &&
      (!f.inStock || d.in_stock),
  );
  const inPrice = (d: ListingDocument) =>
    (f.minPrice === undefined || kopiykyOf(d) >= f.minPrice) &&
    (f.maxPrice === undefined || kopiykyOf(d) <= f.maxPrice);
  const inColour = (d: ListingDocument) => hasAny(d.color_ids, f.colorIds);
  const shown = base.filter((d) => inPrice(d) && inColour(d));
  const sorted = [...shown].sort((a, b) => lexicographic(sortKeys[sort](a), sortKeys[sort](b)));
  const prices = base.filter(inColour).map(kopiykyOf);
  const money = (k: number) => `${Math.floor(k / 100)}.${String(k % 100).padStart(2, '0')}`;
  return {
    count: shown.length,
    ids: sorted.slice(offset, offset + limit).map((d) => d.id),
    colorIds: [...new Set(base.filter(inPrice).flatMap((d) => d.color_ids))].sort((a, b) => a - b),
    minPrice: prices.length ? money(Math.min(...prices)) : null,
    maxPrice: prices.length ? money(Math.max(...prices)) : null,
  };
}

describe('the listing engine against a reference', () => {
  it('answers every filter, sort and page as the reference does', () => {
    let nonTrivial = 0;
    fc.assert(
      fc.property(
        catalogueArb,
        planArb,
        filterArb,
        fc.constantFrom(...sortValues),
        fc.constantFrom(1, 2, 5, 12),
        fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 1 }),
        (docs, plan, filter, sort, limit, pageIndex) => {
          const index = new ListingIndex(docs);
          const offset = pageIndex * limit;
          const got = index.page({ plan, filter, sort, limit, offset });
          const want = reference(docs, plan, filter, sort, limit, offset);
          if (want.ids.length > 1) nonTrivial++;
          if (plan && sort === 'default') {
            // A search's default order is relevance, which the reference does not model: compare the
            // page's facets and count, and that the whole ranked list holds exactly the matches.
            expect({ ...got, ids: [] }).toEqual({ ...want, ids: [] });
            const everything = index.page({ plan, filter, sort, limit: 1000, offset: 0 }).ids;
            expect([...everything].sort((a, b) => a - b)).toEqual(
              reference(docs, plan, filter, 'cheap', 1000, 0).ids.sort((a, b) => a - b),
            );
          } else {
            expect(got).toEqual(want);
          }
        },
      ),
      { numRuns: 500 },
    );
    // Most runs must compare real pages, not empty ones, or the property says little.
    expect(nonTrivial).toBeGreaterThan(100);
  });
});

describe('the listing engine updated in place', () => {
  it('answers as an index built afresh from the products after the writes', () => {
    // Products written one batch at a time (changed, added, removed) give the same pages, ranked
    // searches included, as the final catalogue indexed from scratch.
    const writesArb = fc.array(
      fc.record({
        changed: fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { maxLength: 6 }),
        removed: fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { maxLength: 4 }),
        seed: fc.integer({ min: 1, max: 1_000_000 }),
        compactAfter: fc.boolean(),
      }),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(catalogueArb, writesArb, planArb, fc.constantFrom(...sortValues), (docs, writes, plan, sort) => {
        const index = new ListingIndex(docs);
        const current = new Map(docs.map((d) => [d.id, d]));
        for (const write of writes) {
          const written = write.changed.map(
            (id) => fc.sample(documentArb(id), { numRuns: 1, seed: write.seed + id })[0] as ListingDocument,
          );
          const removed = write.removed.filter((id) => !write.changed.includes(id));
          index.update(written, removed);
          if (write.compactAfter) index.compact();
          for (const d of written) current.set(d.id, d);
          for (const id of removed) current.delete(id);
        }
        const fresh = new ListingIndex([...current.values()].sort((a, b) => a.id - b.id));
        expect(index.size).toBe(current.size);
        const query = { plan, filter: {}, sort, limit: 1000, offset: 0 };
        expect(index.page(query)).toEqual(fresh.page(query));
        if (plan) expect(index.suggest(plan, 8)).toEqual(fresh.suggest(plan, 8));
        // Words of dead slots leave when the index is compacted.
        index.compact();
        expect(index.page(query)).toEqual(fresh.page(query));
        expect(index.words).toEqual(fresh.words);
        expect(index.speltWords).toEqual(fresh.speltWords);
      }),
      { numRuns: 300 },
    );
  });
});
