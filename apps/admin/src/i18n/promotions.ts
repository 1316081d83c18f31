/**
 * The promotions screens (promo codes, scheduled sales), in Ukrainian and Russian (the same keys: a
 * missing one is a type error). Spread into `resources` of uk.ts and ru.ts.
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
