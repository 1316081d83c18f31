import { auditRu } from './audit.ts';
import { carrierRu } from './carrier.ts';
import { categoriesRu } from './categories.ts';
import { customersRu } from './customers.ts';
import { dashboardRu } from './dashboard.ts';
import { errorsRu } from './errors.ts';
import { fiscalRu } from './fiscal.ts';
import { homeContentRu } from './home-content.ts';
import { inboxRu } from './inbox.ts';
import { ordersRu } from './orders.ts';
import { productsRu } from './products.ts';
import { promotionsRu } from './promotions.ts';
import { returnsRu } from './returns.ts';
import { searchRu } from './search.ts';
import { shippingRu } from './shipping.ts';
import { stockRu } from './stock.ts';
import type { AppMessages } from './uk.ts';

/** The back office's own texts in Russian: the keys of uk.ts. */
export const ru: AppMessages = {
  kram: {
    title: 'kram — админ-панель',
    language: {
      label: 'Язык',
      switch_to: 'Українська',
      switch_to_short: 'Укр',
      switch_to_hint: 'Открыть админ-панель на украинском',
    },
    auth: {
      email_or_phone: 'Электронная почта или телефон',
      no_access: 'У этой учётной записи нет доступа к админ-панели.',
      signed_in_without_access:
        'Вы вошли в магазин учётной записью без доступа к админ-панели. Войдите учётной записью сотрудника.',
      incorrect_credentials: 'Неверная электронная почта, телефон или пароль.',
      account_disabled: 'Эта учётная запись отключена.',
      throttled: 'Слишком много попыток. Попробуйте снова через %{seconds} с.',
    },
  },
  errors: errorsRu,
  resources: {
    ...ordersRu,
    ...customersRu,
    ...categoriesRu,
    ...inboxRu,
    ...auditRu,
    ...productsRu,
    ...dashboardRu,
    ...homeContentRu,
    ...carrierRu,
    ...promotionsRu,
    ...searchRu,
    ...shippingRu,
    ...stockRu,
    ...returnsRu,
    ...fiscalRu,
  },
};
