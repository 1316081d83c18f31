// The demo category tree: five top-level categories, mostly three levels deep.
import type { DemoCategory } from './demo-kinds.ts';

const cat = (slug: string, name: string, name_ru: string, children: DemoCategory[] = []): DemoCategory => ({
  slug,
  name,
  name_ru,
  children,
});

export const demoCategories: DemoCategory[] = [
  cat('odyag', 'Одяг', 'Одежда', [
    cat('verkhnii-odyag', 'Верхній одяг', 'Верхняя одежда', [
      cat('kurtky', 'Куртки', 'Куртки'),
      cat('softshely', 'Софтшели', 'Софтшеллы'),
      cat('flisy', 'Фліси', 'Флиски'),
    ]),
    cat('shtany-ta-shorty', 'Штани та шорти', 'Брюки и шорты', [
      cat('taktychni-shtany', 'Тактичні штани', 'Тактические брюки'),
      cat('utepleni-shtany', 'Утеплені штани', 'Утеплённые брюки'),
      cat('shorty', 'Шорти', 'Шорты'),
    ]),
    cat('futbolky-ta-sorochky', 'Футболки та сорочки', 'Футболки и рубашки', [
      cat('futbolky', 'Футболки', 'Футболки'),
      cat('boiovi-sorochky', 'Бойові сорочки', 'Боевые рубашки'),
    ]),
    cat('khudi-ta-svitshoty', 'Худі та світшоти', 'Худи и свитшоты'),
    cat('holovni-ubory', 'Головні убори', 'Головные уборы', [
      cat('kepky', 'Кепки', 'Кепки'),
      cat('panamy', 'Панами', 'Панамы'),
      cat('shapky-ta-balaklavy', 'Шапки та балаклави', 'Шапки и балаклавы'),
    ]),
    cat('aksesuary', 'Аксесуари', 'Аксессуары', [
      cat('rukavytsi', 'Рукавиці', 'Перчатки'),
      cat('remeni', 'Ремені', 'Ремни'),
    ]),
  ]),
  cat('vzuttia', 'Взуття', 'Обувь', [
    cat('cherevyky', 'Черевики', 'Ботинки', [
      cat('taktychni-cherevyky', 'Тактичні черевики', 'Тактические ботинки'),
      cat('zymovi-cherevyky', 'Зимові черевики', 'Зимние ботинки'),
      cat('trekinhovi-cherevyky', 'Трекінгові черевики', 'Трекинговые ботинки'),
    ]),
    cat('krosivky', 'Кросівки', 'Кроссовки'),
    cat('sandali', 'Сандалі', 'Сандалии'),
    cat('ustilky', 'Устілки', 'Стельки'),
  ]),
  cat('sporiadzhennia', 'Спорядження', 'Снаряжение', [
    cat('riukzaky-ta-sumky', 'Рюкзаки та сумки', 'Рюкзаки и сумки', [
      cat('shturmovi-riukzaky', 'Штурмові рюкзаки', 'Штурмовые рюкзаки'),
      cat('reidovi-riukzaky', 'Рейдові рюкзаки', 'Рейдовые рюкзаки'),
      cat('taktychni-sumky', 'Тактичні сумки', 'Тактические сумки'),
    ]),
    cat('rozvantazhuvalni-systemy', 'Розвантажувальні системи', 'Разгрузочные системы', [
      cat('plytonosky', 'Плитоноски', 'Плитоноски'),
      cat('rozvantazhuvalni-zhylety', 'Розвантажувальні жилети', 'Разгрузочные жилеты'),
      cat('poiasy-rps', 'Пояси РПС', 'Пояса РПС'),
    ]),
    cat('pidsumky', 'Підсумки', 'Подсумки', [
      cat('mahazynni-pidsumky', 'Магазинні підсумки', 'Магазинные подсумки'),
      cat('medychni-pidsumky', 'Медичні підсумки', 'Медицинские подсумки'),
      cat('utylitarni-pidsumky', 'Утилітарні підсумки', 'Утилитарные подсумки'),
    ]),
  ]),
  cat('kempinh', 'Кемпінг', 'Кемпинг', [
    cat('namety-ta-tenty', 'Намети та тенти', 'Палатки и тенты', [
      cat('turystychni-namety', 'Туристичні намети', 'Туристические палатки'),
      cat('tenty', 'Тенти', 'Тенты'),
    ]),
    cat('spalne-sporiadzhennia', 'Спальне спорядження', 'Спальное снаряжение', [
      cat('spalni-mishky', 'Спальні мішки', 'Спальные мешки'),
      cat('karematy', 'Каремати та килимки', 'Коврики'),
    ]),
    cat('turystychnyi-posud', 'Туристичний посуд', 'Туристическая посуда', [
      cat('kazanky', 'Казанки', 'Котелки'),
      cat('palnyky', 'Пальники', 'Горелки'),
      cat('flyahy-ta-termosy', 'Фляги та термоси', 'Фляги и термосы'),
    ]),
    cat('kempinhovi-likhtari', 'Кемпінгові ліхтарі', 'Кемпинговые фонари'),
  ]),
  cat('vyzhyvannia', 'Товари для виживання', 'Товары для выживания', [
    cat('nozhi-ta-multytuly', 'Ножі та мультитули', 'Ножи и мультитулы', [
      cat('nozhi-z-fiksovanym-klynkom', 'Ножі з фіксованим клинком', 'Ножи с фиксированным клинком'),
      cat('skladani-nozhi', 'Складані ножі', 'Складные ножи'),
      cat('multytuly', 'Мультитули', 'Мультитулы'),
    ]),
    cat('likhtari', 'Ліхтарі', 'Фонари', [
      cat('taktychni-likhtari', 'Тактичні ліхтарі', 'Тактические фонари'),
      cat('nalobni-likhtari', 'Налобні ліхтарі', 'Налобные фонари'),
    ]),
    cat('medytsyna', 'Аптечки та медицина', 'Аптечки и медицина', [
      cat('aptechky', 'Аптечки', 'Аптечки'),
      cat('turnikety', 'Турнікети', 'Турникеты'),
    ]),
    cat('navihatsiia-ta-zviazok', 'Навігація та звʼязок', 'Навигация и связь', [
      cat('kompasy', 'Компаси', 'Компасы'),
      cat('ratsii', 'Рації', 'Рации'),
    ]),
    cat('rozpaliuvannia-vohniu', 'Розпалювання вогню', 'Розжиг огня'),
  ]),
];
