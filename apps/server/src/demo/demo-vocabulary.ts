// Shared vocabulary of the demo catalogue: the shape of a leaf category's word list, colour palettes,
// and the texts every category of a top-level branch shares. Texts are written as 'українською | по-русски'.
import type { ImageKind } from './demo-kinds.ts';

/** [Ukrainian, Russian]. */
export type Pair = readonly [uk: string, ru: string];

/** letter: XS…3XL range; letter-opt: half one-size, half a short letter range; shoe: 38…47; none. */
export type SizeRule = 'letter' | 'letter-opt' | 'shoe' | 'none';

export interface LeafVocab {
  /** Three-letter SKU code. */
  code: string;
  kind: ImageKind;
  /** Price range in UAH. */
  price: readonly [min: number, max: number];
  sizes: SizeRule;
  /** Colours the products may come in; [] when the products have no colour. */
  palette: readonly string[];
  /** Name stems; the model name is appended. */
  names: readonly string[];
  /** Opening sentences; {m} is replaced with the model name. */
  intros: readonly string[];
  features: readonly string[];
  materials: readonly string[];
}

const cache = new WeakMap<readonly string[], Pair[]>();

/** Splits 'uk | ru' strings into pairs (cached per list). */
export function pairs(list: readonly string[]): Pair[] {
  let out = cache.get(list);
  if (!out) {
    out = list.map((s) => {
      const parts = s.split(' | ');
      const [uk, ru] = parts;
      if (parts.length !== 2 || !uk || !ru) throw new Error(`Bad vocabulary entry (want 'uk | ru'): ${s}`);
      return [uk, ru] as const;
    });
    cache.set(list, out);
  }
  return out;
}

// Palettes (DemoColor keys).
export const camoWear = [
  'olive',
  'coyote',
  'black',
  'multicam',
  'pixel-mm14',
  'ranger-green',
  'khaki',
  'woodland',
  'multicam-black',
] as const;
export const casualWear = ['olive', 'coyote', 'black', 'khaki', 'grey', 'ranger-green', 'navy', 'sand'] as const;
export const footwear = ['black', 'coyote', 'olive', 'sand', 'khaki', 'grey'] as const;
export const gear = ['olive', 'coyote', 'black', 'multicam', 'pixel-mm14', 'ranger-green', 'multicam-black'] as const;
export const outdoor = ['olive', 'khaki', 'coyote', 'grey', 'orange', 'sand', 'ranger-green', 'black', 'navy'] as const;
export const hardware = ['black', 'coyote', 'olive', 'sand', 'orange'] as const;

/**
 * The colours each kind of product is photographed in: a product's first colour is one of these, so the
 * images of any number of products come from a bounded set. Kinds missing here are colourless products.
 */
export const kindPhotoColors: Partial<Record<ImageKind, readonly string[]>> = {
  jacket: ['olive', 'multicam', 'black'],
  fleece: ['coyote', 'olive', 'black'],
  hoodie: ['black', 'olive', 'grey'],
  shirt: ['multicam', 'pixel-mm14', 'olive'],
  tshirt: ['olive', 'black', 'coyote'],
  pants: ['pixel-mm14', 'olive', 'coyote'],
  shorts: ['khaki', 'black'],
  cap: ['olive', 'multicam'],
  boonie: ['pixel-mm14', 'coyote'],
  beanie: ['black', 'olive'],
  gloves: ['black', 'coyote'],
  belt: ['black', 'coyote'],
  boots: ['black', 'coyote', 'olive'],
  sneakers: ['black', 'grey'],
  sandals: ['black', 'coyote'],
  backpack: ['multicam', 'olive', 'black'],
  bag: ['coyote', 'black'],
  vest: ['ranger-green', 'multicam', 'coyote'],
  pouch: ['olive', 'coyote', 'multicam'],
  tent: ['olive', 'khaki'],
  tarp: ['olive', 'woodland'],
  'sleeping-bag': ['olive', 'orange'],
  mat: ['olive', 'grey'],
  flask: ['olive', 'black'],
  knife: ['black', 'coyote'],
  flashlight: ['black', 'coyote'],
  'first-aid': ['olive', 'coyote'],
  tourniquet: ['black', 'orange'],
};

/** Texts shared by all the leaves of a top-level category. */
export interface BranchTexts {
  closings: readonly string[];
  care: readonly string[];
  /** Extra composition entry: title ('uk | ru') and its possible values. */
  extra: { title: string; values: readonly string[] };
}

const origin = {
  title: 'Країна виробництва | Страна производства',
  values: ['Україна | Украина', 'Україна | Украина', 'Україна | Украина', 'Польща | Польша', 'Туреччина | Турция'],
};

export const branchTexts: Record<string, BranchTexts> = {
  odyag: {
    closings: [
      'Перед замовленням звірте свої заміри з таблицею розмірів. | Перед заказом сверьте свои замеры с таблицей размеров.',
      'Підходить для служби, полювання, риболовлі та активного відпочинку. | Подходит для службы, охоты, рыбалки и активного отдыха.',
      'Крій розрахований на носіння з бронежилетом і розвантаженням. | Крой рассчитан на ношение с бронежилетом и разгрузкой.',
    ],
    care: [
      'Прання при 30 °C, не відбілювати, не прасувати мембрану | Стирка при 30 °C, не отбеливать, не гладить мембрану',
      'Делікатне прання при 40 °C, сушити в розправленому вигляді | Деликатная стирка при 40 °C, сушить в расправленном виде',
    ],
    extra: origin,
  },
  vzuttia: {
    closings: [
      'Радимо обирати розмір за довжиною устілки. | Рекомендуем выбирать размер по длине стельки.',
      'Перед тривалими маршами бажано кілька днів поносити взуття. | Перед длительными маршами желательно несколько дней поносить обувь.',
    ],
    care: [
      'Очищати щіткою, сушити за кімнатної температури | Очищать щёткой, сушить при комнатной температуре',
      'Регулярно просочувати засобом для взуття, не сушити на батареї | Регулярно пропитывать средством для обуви, не сушить на батарее',
    ],
    extra: {
      title: 'Підошва | Подошва',
      values: [
        'Гума Vibram | Резина Vibram',
        'Поліуретан і гума | Полиуретан и резина',
        'EVA з гумовим протектором | EVA с резиновым протектором',
      ],
    },
  },
  sporiadzhennia: {
    closings: [
      'Сумісне з більшістю систем MOLLE/PALS. | Совместимо с большинством систем MOLLE/PALS.',
      'Фурнітура та стропи розраховані на інтенсивне навантаження. | Фурнитура и стропы рассчитаны на интенсивную нагрузку.',
    ],
    care: [
      'Ручне прання, не використовувати відбілювачі | Ручная стирка, не использовать отбеливатели',
      'Чистити щіткою, сушити в тіні | Чистить щёткой, сушить в тени',
    ],
    extra: origin,
  },
  kempinh: {
    closings: [
      'Перевірено в походах за будь-якої погоди. | Проверено в походах в любую погоду.',
      'Чудовий вибір для походів, риболовлі та відпочинку на природі. | Отличный выбор для походов, рыбалки и отдыха на природе.',
    ],
    care: ['Просушити перед зберіганням, зберігати в сухому місці | Просушить перед хранением, хранить в сухом месте'],
    extra: origin,
  },
  vyzhyvannia: {
    closings: [
      'Має бути в тривожному рюкзаку кожного. | Должно быть в тревожном рюкзаке каждого.',
      'Надійний помічник у поході, дорозі та надзвичайних ситуаціях. | Надёжный помощник в походе, дороге и чрезвычайных ситуациях.',
    ],
    care: ['Протирати сухою тканиною, зберігати в сухому місці | Протирать сухой тканью, хранить в сухом месте'],
    extra: origin,
  },
};

/** Model names appended to product names. */
export const models = [
  'Patriot',
  'Falcon',
  'Ranger',
  'Hunter',
  'Storm',
  'Viking',
  'Kozak',
  'Bastion',
  'Titan',
  'Varta',
  'Sokil',
  'Legion',
  'Shadow',
  'Nomad',
  'Recon',
  'Scout',
  'Alpha',
  'Delta',
  'Sentinel',
  'Spartan',
  'Defender',
  'Raptor',
  'Tundra',
  'Vector',
  'Hetman',
  'Berkut',
  'Taiga',
  'Frontier',
  'Granit',
  'Fortress',
  'Tempest',
  'Wolf',
  'Lynx',
  'Cobra',
  'Bison',
  'Atlas',
  'Orion',
  'Nord',
  'Steppe',
  'Karpaty',
] as const;
