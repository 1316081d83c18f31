/**
 * The home page's content screen, in Ukrainian and Russian (the same keys: a missing one is a type
 * error). Spread into `resources` of uk.ts and ru.ts.
 */
export const homeContentUk = {
  home_content: {
    name: 'Вміст головної',
    title: 'Головна сторінка магазину',
    never_saved: 'Ще не змінювалася: показано тексти магазину за замовчуванням.',
    saved_at: 'Збережено %{date}',
    languages: { uk: 'Українською', ru: 'Російською' },
    sections: {
      pictures: 'Зображення',
      banner: 'Банер',
      tiles: 'Плитки під банером',
      promo: 'Акційний блок',
    },
    fields: {
      title: 'Заголовок',
      description: 'Опис',
      text: 'Текст',
      link: 'Посилання (сторінка магазину)',
    },
    hints: {
      link: 'Наприклад /delivery або /category/odyag',
      pictures: 'Зображення зберігаються одразу після завантаження; тексти — кнопкою «Зберегти».',
    },
    tile: 'Плитка %{n}',
    slots: {
      banner_wide: 'Банер для широких екранів (1200 × 520)',
      banner_narrow: 'Банер для телефонів (500 × 500)',
      tile: 'Зображення плитки %{n} (96 × 96)',
    },
    picture: {
      icon: 'Без зображення: на плитці значок',
      choose: 'Вибрати файл',
      upload: 'Завантажити',
      remove: 'Показувати значок',
      uploaded: 'Зображення збережено',
      removed: 'Зображення прибрано',
      hint: 'JPEG, PNG або WebP до 15 МБ; буде обрізано до розміру.',
    },
    saved: 'Головну сторінку збережено',
    errors: {
      load_failed: 'Не вдалося завантажити вміст головної сторінки.',
      in_tab: 'Є помилки',
    },
  },
};

export const homeContentRu: typeof homeContentUk = {
  home_content: {
    name: 'Содержимое главной',
    title: 'Главная страница магазина',
    never_saved: 'Ещё не изменялась: показаны тексты магазина по умолчанию.',
    saved_at: 'Сохранено %{date}',
    languages: { uk: 'На украинском', ru: 'На русском' },
    sections: {
      pictures: 'Изображения',
      banner: 'Баннер',
      tiles: 'Плитки под баннером',
      promo: 'Акционный блок',
    },
    fields: {
      title: 'Заголовок',
      description: 'Описание',
      text: 'Текст',
      link: 'Ссылка (страница магазина)',
    },
    hints: {
      link: 'Например /delivery или /category/odyag',
      pictures: 'Изображения сохраняются сразу после загрузки; тексты — кнопкой «Сохранить».',
    },
    tile: 'Плитка %{n}',
    slots: {
      banner_wide: 'Баннер для широких экранов (1200 × 520)',
      banner_narrow: 'Баннер для телефонов (500 × 500)',
      tile: 'Изображение плитки %{n} (96 × 96)',
    },
    picture: {
      icon: 'Без изображения: на плитке значок',
      choose: 'Выбрать файл',
      upload: 'Загрузить',
      remove: 'Показывать значок',
      uploaded: 'Изображение сохранено',
      removed: 'Изображение убрано',
      hint: 'JPEG, PNG или WebP до 15 МБ; будет обрезано до размера.',
    },
    saved: 'Главная страница сохранена',
    errors: {
      load_failed: 'Не удалось загрузить содержимое главной страницы.',
      in_tab: 'Есть ошибки',
    },
  },
};
