/**
 * The dashboard (the back office's first screen), in Ukrainian and Russian (the same keys: a missing
 * one is a type error). Spread into `resources` of uk.ts and ru.ts.
 */
export const dashboardUk = {
  dashboard: {
    title: 'Огляд магазину',
    today: 'Сьогодні',
    orders_count: '%{smart_count} замовлення |||| %{smart_count} замовлення |||| %{smart_count} замовлень',
    awaiting_confirmation: 'Чекають підтвердження',
    awaiting_payment: 'Чекають оплати карткою',
    open: 'Відкрити',
    revenue: 'Виручка за 30 днів',
    revenue_hint: 'Замовлення за днем оформлення за київським часом, крім скасованих і повернених.',
    total: 'Разом: %{amount}, %{orders}',
    chart_label: 'Виручка по днях з %{from} по %{to}',
    day: '%{date}: %{amount}, %{orders}',
    failed: 'Не вдалося завантажити огляд. Оновіть сторінку.',
  },
};

export const dashboardRu: typeof dashboardUk = {
  dashboard: {
    title: 'Обзор магазина',
    today: 'Сегодня',
    orders_count: '%{smart_count} заказ |||| %{smart_count} заказа |||| %{smart_count} заказов',
    awaiting_confirmation: 'Ждут подтверждения',
    awaiting_payment: 'Ждут оплаты картой',
    open: 'Открыть',
    revenue: 'Выручка за 30 дней',
    revenue_hint: 'Заказы по дню оформления по киевскому времени, кроме отменённых и возвращённых.',
    total: 'Итого: %{amount}, %{orders}',
    chart_label: 'Выручка по дням с %{from} по %{to}',
    day: '%{date}: %{amount}, %{orders}',
    failed: 'Не удалось загрузить обзор. Обновите страницу.',
  },
};
