/**
 * The promotions screens (promo codes, scheduled sales), in Ukrainian and Russian (the same keys: a
 * missing one is a type error). Spread into `resources` of uk.ts and ru.ts; the server's refusals are
 * in `promotionErrorsUk`, under `errors.promotion_admin` (errors.ts).
 */
export const promotionsUk = {
  'promo-codes': {
    name: 'Промокод |||| Промокоди',
    fields: {
      code: 'Код',
      kind: 'Вид знижки',
      value: 'Знижка',
      min_total: 'Мінімальна сума замовлення, грн',
      starts_at: 'Діє з',
      ends_at: 'Діє до',
      max_uses: 'Використань усього',
      max_uses_per_customer: 'Використань на покупця',
      category_ids: 'Лише для категорій',
      product_ids: 'Лише для товарів',
      exclude_promo: 'Не діє на акційні товари',
      active: 'Увімкнено',
      uses: 'Використано',
      revenue: 'Виручка замовлень',
      discounts: 'Сума знижок',
    },
    kinds: { percent: 'Відсоток', fixed: 'Фіксована сума, грн' },
    no_limit: 'без обмеження',
    hints: {
      code: 'Латинські літери, цифри, дефіс; регістр не важливий',
      code_used: 'З цим кодом уже оформлено замовлення, тому його не змінити; для іншого коду створіть новий промокод',
      value: 'Відсоток (до 100) або сума в гривнях',
      min_total: 'Порожньо — без мінімуму',
      unlimited: 'Порожньо — без обмеження',
      per_customer: 'Покупця впізнають за обліковим записом, e-mail і телефоном',
    },
  },
  sales: {
    name: 'Розпродаж |||| Розпродажі',
    fields: {
      name: 'Назва',
      percent: 'Знижка, %',
      starts_at: 'Початок',
      ends_at: 'Кінець',
      state: 'Стан',
      products_on_sale: 'Товарів зі знижкою',
      category_ids: 'Категорії',
      product_ids: 'Товари',
    },
    states: { scheduled: 'Заплановано', active: 'Триває', ended: 'Завершено' },
    hints: {
      percent: 'Від 1 до 90 %. Стара ціна стає перекресленою; ціну, змінену вручну під час розпродажу, не повертають',
    },
  },
};

export const promotionsRu: typeof promotionsUk = {
  'promo-codes': {
    name: 'Промокод |||| Промокоды',
    fields: {
      code: 'Код',
      kind: 'Вид скидки',
      value: 'Скидка',
      min_total: 'Минимальная сумма заказа, грн',
      starts_at: 'Действует с',
      ends_at: 'Действует до',
      max_uses: 'Использований всего',
      max_uses_per_customer: 'Использований на покупателя',
      category_ids: 'Только для категорий',
      product_ids: 'Только для товаров',
      exclude_promo: 'Не действует на акционные товары',
      active: 'Включён',
      uses: 'Использовано',
      revenue: 'Выручка заказов',
      discounts: 'Сумма скидок',
    },
    kinds: { percent: 'Процент', fixed: 'Фиксированная сумма, грн' },
    no_limit: 'без ограничения',
    hints: {
      code: 'Латинские буквы, цифры, дефис; регистр не важен',
      code_used: 'С этим кодом уже оформлены заказы, поэтому его не изменить; для другого кода создайте новый промокод',
      value: 'Процент (до 100) или сумма в гривнах',
      min_total: 'Пусто — без минимума',
      unlimited: 'Пусто — без ограничения',
      per_customer: 'Покупателя узнают по учётной записи, e-mail и телефону',
    },
  },
  sales: {
    name: 'Распродажа |||| Распродажи',
    fields: {
      name: 'Название',
      percent: 'Скидка, %',
      starts_at: 'Начало',
      ends_at: 'Конец',
      state: 'Состояние',
      products_on_sale: 'Товаров со скидкой',
      category_ids: 'Категории',
      product_ids: 'Товары',
    },
    states: { scheduled: 'Запланирована', active: 'Идёт', ended: 'Завершена' },
    hints: {
      percent:
        'От 1 до 90 %. Старая цена становится зачёркнутой; цену, изменённую вручную во время распродажи, не возвращают',
    },
  },
};

/**
 * The server's refusals of promo codes and sales, by the codes of `adminPromotionMessages`
 * (`promotion_admin.<code>`), and the unknown categories and products it names (`%{ids}`).
 */
export const promotionErrorsUk = {
  code_format: 'Код — від 3 до 32 латинських літер, цифр, дефісів чи підкреслень.',
  code_taken: 'Інший промокод уже має такий код.',
  amount_format: 'Введіть суму, наприклад 100 або 99.50.',
  value_zero: 'Знижка має бути більшою за нуль.',
  percent_too_large: 'Знижка у відсотках — щонайбільше 100.',
  end_before_start: 'Кінець має бути пізніше за початок.',
  time_format: 'Введіть дату й час, наприклад 2026-11-23T09:00.',
  uses_too_few: 'Щонайменше одне використання.',
  sale_targets_required: 'Оберіть категорію або товари.',
  sale_percent: 'Знижка розпродажу — від 1 до 90 %.',
  sale_start_required: 'Розпродаж має початок і кінець: вкажіть обидва.',
  sale_underway: 'Розпродаж уже почався: змінити можна лише назву й кінець, а завершеного — лише назву.',
  max_below_used: 'Обмеження не може бути меншим, ніж уже використано.',
  used_cannot_rename: 'Код, з яким уже оформлено замовлення, змінити не можна: створіть новий промокод.',
  used_cannot_delete: 'Промокод, з яким уже оформлено замовлення, не можна видалити: вимкніть його.',
  category_missing: 'Таких категорій немає: %{ids}.',
  product_missing: 'Таких товарів немає: %{ids}.',
};

export const promotionErrorsRu: typeof promotionErrorsUk = {
  code_format: 'Код — от 3 до 32 латинских букв, цифр, дефисов или подчёркиваний.',
  code_taken: 'У другого промокода уже есть такой код.',
  amount_format: 'Введите сумму, например 100 или 99.50.',
  value_zero: 'Скидка должна быть больше нуля.',
  percent_too_large: 'Скидка в процентах — не больше 100.',
  end_before_start: 'Конец должен быть позже начала.',
  time_format: 'Введите дату и время, например 2026-11-23T09:00.',
  uses_too_few: 'Не меньше одного использования.',
  sale_targets_required: 'Выберите категорию или товары.',
  sale_percent: 'Скидка распродажи — от 1 до 90 %.',
  sale_start_required: 'У распродажи есть начало и конец: укажите оба.',
  sale_underway: 'Распродажа уже началась: изменить можно только название и конец, а у завершённой — только название.',
  max_below_used: 'Ограничение не может быть меньше, чем уже использовано.',
  used_cannot_rename: 'Код, с которым уже оформлены заказы, изменить нельзя: создайте новый промокод.',
  used_cannot_delete: 'Промокод, с которым уже оформлены заказы, нельзя удалить: выключите его.',
  category_missing: 'Таких категорий нет: %{ids}.',
  product_missing: 'Таких товаров нет: %{ids}.',
};
