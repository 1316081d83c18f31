/** Who sells in the shop and where to find it, as the legal pages and the contacts page name it. */
export const company = {
  name: 'ТОВ «КРАМ»',
  fullName: 'Товариство з обмеженою відповідальністю «КРАМ»',
  legalAddress: '65045, м. Одеса, вул. Велика Арнаутська, 15, офіс 4',
  correspondenceAddress: '65026, м. Одеса, вул. Грецька, 1, ТОВ «КРАМ»',
  actualAddress: '65026, м. Одеса, вул. Грецька, 1 (магазин)',
  pickupAddress: '65012, м. Одеса, вул. Пушкінська, 10 (пункт самовивозу)',
  supportHours: 'Пн–Пт 09:00–17:00, Сб 09:00–14:00',
} as const;
