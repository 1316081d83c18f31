/** Who sells in the shop and where to find it, as the legal pages and the contacts page name it. */
export const company = {
  name: 'ООО «КРАМ»',
  fullName: 'Общество с ограниченной ответственностью «КРАМ»',
  legalAddress: '65045, г. Одесса, ул. Большая Арнаутская, 15, офис 4',
  correspondenceAddress: '65026, г. Одесса, ул. Греческая, 1, ООО «КРАМ»',
  actualAddress: '65026, г. Одесса, ул. Греческая, 1 (магазин)',
  pickupAddress: '65012, г. Одесса, ул. Пушкинская, 10 (пункт самовывоза)',
  supportHours: 'Пн–Пт 09:00–17:00, Сб 09:00–14:00',
} as const;
