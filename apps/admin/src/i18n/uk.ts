import { auditUk } from './audit.ts';
import { carrierUk } from './carrier.ts';
import { categoriesUk } from './categories.ts';
import { customersUk } from './customers.ts';
import { dashboardUk } from './dashboard.ts';
import { errorsUk } from './errors.ts';
import { fiscalUk } from './fiscal.ts';
import { homeContentUk } from './home-content.ts';
import { inboxUk } from './inbox.ts';
import { ordersUk } from './orders.ts';
import { productsUk } from './products.ts';
import { promotionsUk } from './promotions.ts';
import { returnsUk } from './returns.ts';
import { searchUk } from './search.ts';
import { shippingUk } from './shipping.ts';
import { stockUk } from './stock.ts';

/**
 * The back office's own texts in Ukrainian; ru.ts has the same keys (a missing or extra one is a
 * type error there). react-admin's own texts are in ra-uk.ts.
 *
 * A resource's name and field labels go under `resources.<name>`, as react-admin reads them:
 * `resources: { products: { name: 'Товар |||| Товари', fields: { price: 'Ціна' } } }`. What the server
 * refused is under `errors`, keyed by the code of its message (errors.ts).
 */
export const uk = {
  kram: {
    title: 'kram — адмін-панель',
    language: {
      label: 'Мова',
      switch_to: 'Русский',
      switch_to_short: 'Рус',
      switch_to_hint: 'Відкрити адмін-панель російською',
    },
    auth: {
      email_or_phone: 'Електронна пошта або телефон',
      no_access: 'Цей обліковий запис не має доступу до адмін-панелі.',
      signed_in_without_access:
        'Ви увійшли в магазин обліковим записом без доступу до адмін-панелі. Увійдіть обліковим записом працівника.',
      incorrect_credentials: 'Неправильна електронна пошта, телефон або пароль.',
      account_disabled: 'Цей обліковий запис вимкнено.',
      throttled: 'Забагато спроб. Спробуйте знову через %{seconds} с.',
    },
  },
  errors: errorsUk,
  resources: {
    ...ordersUk,
    ...customersUk,
    ...categoriesUk,
    ...inboxUk,
    ...auditUk,
    ...productsUk,
    ...dashboardUk,
    ...homeContentUk,
    ...carrierUk,
    ...promotionsUk,
    ...searchUk,
    ...shippingUk,
    ...stockUk,
    ...returnsUk,
    ...fiscalUk,
  },
};

export type AppMessages = typeof uk;
