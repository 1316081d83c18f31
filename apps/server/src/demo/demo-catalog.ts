// The demo catalogue: categories, colours, sizes and a deterministic product generator (no I/O).
import { productSlugMaxLength, slugFromName } from '@kram/contract/slug';
import { demoCategories } from './demo-categories.ts';
import type { DemoCategory, ImageKind } from './demo-kinds.ts';
import { exactShare, mulberry32, pick, pickSome, type Rng, randInt, shuffleInPlace } from './demo-random.ts';
import { campingVocab } from './demo-vocab-camping.ts';
import { clothingVocab } from './demo-vocab-clothing.ts';
import { equipmentVocab } from './demo-vocab-equipment.ts';
import { survivalVocab } from './demo-vocab-survival.ts';
import { accessoriesVocab, footwearVocab } from './demo-vocab-wear.ts';
import { branchTexts, kindPhotoColors, type LeafVocab, models, type Pair, pairs } from './demo-vocabulary.ts';

export type { DemoCategory, ImageKind };
export { demoCategories };

export interface DemoColor {
  key: string;
  name: string;
  name_ru: string;
  color_rgb: string | null;
}

const color = (key: string, name: string, name_ru: string, color_rgb: string | null): DemoColor => ({
  key,
  name,
  name_ru,
  color_rgb,
});

/** Camouflage patterns have no single RGB value (color_rgb null). */
export const demoColors: DemoColor[] = [
  color('olive', 'Олива', 'Олива', '#5A5D37'),
  color('coyote', 'Койот', 'Койот', '#81613C'),
  color('black', 'Чорний', 'Черный', '#1C1C1C'),
  color('multicam', 'Мультикам', 'Мультикам', null),
  color('pixel-mm14', 'Піксель ММ-14', 'Пиксель ММ-14', null),
  color('khaki', 'Хакі', 'Хаки', '#8A845A'),
  color('grey', 'Сірий', 'Серый', '#6F7275'),
  color('ranger-green', 'Ranger Green', 'Ranger Green', '#4B5442'),
  color('navy', 'Темно-синій', 'Темно-синий', '#1F2A44'),
  color('sand', 'Пісочний', 'Песочный', '#C8B48A'),
  color('multicam-black', 'Мультикам Блек', 'Мультикам Блэк', null),
  color('woodland', 'Вудленд', 'Вудленд', null),
  color('white', 'Білий', 'Белый', '#F2F2EF'),
  color('orange', 'Помаранчевий', 'Оранжевый', '#E0661F'),
];

export const letterSizes: readonly string[] = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'];
export const shoeSizes: readonly string[] = ['38', '39', '40', '41', '42', '43', '44', '45', '46', '47'];

export interface DemoComposition {
  title: string;
  title_ru: string;
  description: string;
  description_ru: string;
}

export interface DemoImage {
  kind: ImageKind;
  /** DemoColor key, or null for a colourless product (drawn in a neutral tone). */
  color: string | null;
  view: number;
}

export interface DemoProduct {
  slug: string;
  sku: string;
  name: string;
  name_ru: string;
  description: string;
  description_ru: string;
  price: string;
  old_price: string | null;
  is_on_promo: boolean;
  /** True when in stock. */
  in_stock: boolean;
  is_new: boolean;
  categorySlug: string;
  sizes: string[];
  colors: string[];
  compositions: DemoComposition[];
  images: DemoImage[];
  popularity: number;
  createdDaysAgo: number;
}

interface Leaf {
  slug: string;
  vocab: LeafVocab;
  weight: number;
  photo: readonly string[];
  names: Pair[];
  intros: Pair[];
  features: Pair[];
  materials: Pair[];
  closings: Pair[];
  care: Pair[];
  extraTitle: Pair;
  extraValues: Pair[];
}

const allVocab: Record<string, LeafVocab> = {
  ...clothingVocab,
  ...accessoriesVocab,
  ...footwearVocab,
  ...equipmentVocab,
  ...campingVocab,
  ...survivalVocab,
};
const branchWeights: Record<string, number> = { odyag: 1.6, vzuttia: 1.3 };

let leafCache: Leaf[] | undefined;

/** Leaves of the tree in order, with their word lists; fails fast when the vocabulary and the tree disagree. */
function leaves(): Leaf[] {
  if (leafCache) return leafCache;
  const out: Leaf[] = [];
  const walk = (node: DemoCategory, top: string) => {
    if (node.children.length > 0) {
      for (const child of node.children) walk(child, top);
      return;
    }
    const vocab = allVocab[node.slug];
    const branch = branchTexts[top];
    if (!vocab || !branch) throw new Error(`No demo vocabulary for category ${node.slug}`);
    out.push({
      slug: node.slug,
      vocab,
      weight: branchWeights[top] ?? 1,
      photo: kindPhotoColors[vocab.kind] ?? [],
      names: pairs(vocab.names),
      intros: pairs(vocab.intros),
      features: pairs(vocab.features),
      materials: pairs(vocab.materials),
      closings: pairs(branch.closings),
      care: pairs(branch.care),
      extraTitle: pairs([branch.extra.title])[0] as Pair,
      extraValues: pairs(branch.extra.values),
    });
  };
  for (const top of demoCategories) walk(top, top.slug);
  leafCache = out;
  return out;
}

/** Rounds to a shop-like price: tens below 1000, fifties above, sometimes ending in 9. */
function nicePrice(rng: Rng, raw: number): number {
  const step = raw < 1000 ? 10 : 50;
  let p = Math.max(step, Math.round(raw / step) * step);
  if (p % 100 === 0 && rng() < 0.4) p -= 1;
  return p;
}

function sizesFor(rng: Rng, rule: LeafVocab['sizes']): string[] {
  if (rule === 'shoe') return shoeSizes.slice(randInt(rng, 0, 3), randInt(rng, 7, 10));
  if (rule === 'letter') return letterSizes.slice(rng() < 0.25 ? 0 : 1, randInt(rng, 5, 7));
  if (rule === 'letter-opt' && rng() < 0.55) {
    const start = randInt(rng, 1, 2);
    return letterSizes.slice(start, start + randInt(rng, 3, 4));
  }
  return [];
}

function colorsFor(rng: Rng, leaf: Leaf): string[] {
  if (leaf.photo.length === 0) return [];
  const first = pick(rng, leaf.photo);
  const r = rng();
  const extra = r < 0.4 ? 0 : r < 0.75 ? 1 : r < 0.92 ? 2 : 3;
  return [
    first,
    ...pickSome(
      rng,
      leaf.vocab.palette.filter((c) => c !== first),
      extra,
    ),
  ];
}

function imagesFor(rng: Rng, leaf: Leaf, colors: string[]): DemoImage[] {
  const kind = leaf.vocab.kind;
  const main = colors[0] ?? null;
  const images: DemoImage[] = [
    { kind, color: main, view: 1 },
    { kind, color: main, view: 2 },
  ];
  // The close-up (view 3) exists for colourless products and for each kind's first photo colour only.
  const hero = main === null ? null : (leaf.photo[0] ?? null);
  if ((hero === null || colors.includes(hero)) && rng() < 0.6) images.push({ kind, color: hero, view: 3 });
  const second = colors.slice(1).find((c) => leaf.photo.includes(c));
  if (second) images.push({ kind, color: second, view: 1 });
  // Every colour is photographed at least once, so the gallery and the cards can follow the chosen
  // colour. One front view per (kind, colour), shared by every product of the kind, keeps the pool
  // bounded; appended without drawing random numbers, so the rest of the catalogue stays as it was.
  for (const color of colors) {
    if (!images.some((image) => image.color === color)) images.push({ kind, color, view: 1 });
  }
  return images;
}

function describe(rng: Rng, leaf: Leaf, model: string): Pair {
  const intro = pick(rng, leaf.intros);
  const chosen = new Set(pickSome(rng, leaf.features, rng() < 0.6 ? 3 : 4));
  const features = leaf.features.filter((f) => chosen.has(f));
  const closing = pick(rng, leaf.closings);
  const text = (lang: 0 | 1) =>
    [intro[lang].replaceAll('{m}', model), ...features.map((f) => `• ${f[lang]}`), closing[lang]].join('\n');
  return [text(0), text(1)];
}

function compose(rng: Rng, leaf: Leaf): DemoComposition[] {
  const entry = (title: Pair, value: Pair): DemoComposition => ({
    title: title[0],
    title_ru: title[1],
    description: value[0],
    description_ru: value[1],
  });
  const out = [entry(['Матеріал', 'Материал'], pick(rng, leaf.materials))];
  if (rng() < 0.75) out.push(entry(['Догляд', 'Уход'], pick(rng, leaf.care)));
  if (rng() < 0.5) out.push(entry(leaf.extraTitle, pick(rng, leaf.extraValues)));
  return out;
}

/** Which leaf each of `count` products belongs to: a few per leaf first, the rest weighted, shuffled. */
function assignLeaves(rng: Rng, all: Leaf[], count: number): number[] {
  const out: number[] = [];
  const minPer = Math.min(4, Math.floor(count / all.length));
  for (let r = 0; r < minPer; r++) for (let l = 0; l < all.length; l++) out.push(l);
  const total = all.reduce((s, l) => s + l.weight, 0);
  while (out.length < count) {
    let x = rng() * total;
    let l = 0;
    while (l < all.length - 1 && x >= (all[l] as Leaf).weight) x -= (all[l++] as Leaf).weight;
    out.push(l);
  }
  return shuffleInPlace(rng, out);
}

const money = (n: number) => n.toFixed(2);
/** Room after a product's slug for its number: a hyphen and up to 7 base-36 digits. */
const numberRoom = 8;

/**
 * `count` believable products, the same for the same (count, seed). Images come from a bounded set of
 * (kind, colour, view) combinations whatever the count.
 */
export function generateDemoProducts(count: number, seed = 1): DemoProduct[] {
  const rng = mulberry32(seed);
  const all = leaves();
  const assignment = assignLeaves(rng, all, count);
  const promo = exactShare(rng, count, 0.15);
  const fresh = exactShare(rng, count, 0.12);
  const outOfStock = exactShare(rng, count, 0.08);
  const slugBases = new Map<string, string>();
  const products: DemoProduct[] = new Array(count);

  for (let i = 0; i < count; i++) {
    const leaf = all[assignment[i] as number] as Leaf;
    const [nameUk, nameRu] = pick(rng, leaf.names);
    const model = pick(rng, models);
    const name = `${nameUk} ${model}`;
    let slugBase = slugBases.get(name);
    if (slugBase === undefined) {
      // As the back office derives a slug from a name; the number after it keeps each one unique.
      slugBase = slugFromName(name, productSlugMaxLength - numberRoom);
      slugBases.set(name, slugBase);
    }
    const [min, max] = leaf.vocab.price;
    const price = nicePrice(rng, min + (max - min) * rng() ** 1.4);
    const onPromo = promo[i] === 1;
    const oldPrice = onPromo ? nicePrice(rng, price * (1.12 + rng() * 0.26)) : null;
    const colors = colorsFor(rng, leaf);
    const [description, descriptionRu] = describe(rng, leaf, model);
    const isNew = fresh[i] === 1;
    const hit = rng() < 0.05;
    products[i] = {
      slug: `${slugBase}-${(i + 1).toString(36).padStart(3, '0')}`,
      sku: `KR-${leaf.vocab.code}-${String(i + 1).padStart(5, '0')}`,
      name,
      name_ru: `${nameRu} ${model}`,
      description,
      description_ru: descriptionRu,
      price: money(price),
      old_price: oldPrice === null ? null : money(Math.max(oldPrice, price + 10)),
      is_on_promo: onPromo,
      in_stock: outOfStock[i] !== 1,
      is_new: isNew,
      categorySlug: leaf.slug,
      sizes: sizesFor(rng, leaf.vocab.sizes),
      colors,
      compositions: compose(rng, leaf),
      images: imagesFor(rng, leaf, colors),
      popularity: Math.floor(rng() ** 3 * 400) + (hit ? randInt(rng, 2000, 25000) : 0),
      createdDaysAgo: isNew ? randInt(rng, 0, 44) : randInt(rng, 45, 720),
    };
  }
  return products;
}
