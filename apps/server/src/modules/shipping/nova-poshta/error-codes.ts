import type { CarrierMessage, WaybillField } from '../carrier.ts';

interface KnownError {
  /** Nova Poshta's own words for it (its `errors` beside `errorCodes`). */
  en: string;
  field?: WaybillField;
  uk: string;
  ru: string;
}

/**
 * Nova Poshta's error codes a waybill's save, price, delivery date, tracking and register commonly
 * come back with, in words a manager acts on, with the field of the waybill form each one names.
 * The codes are Nova Poshta's own (`errorCodes` beside `errors` in an answer).
 */
export const novaPoshtaErrors: Readonly<Record<string, KnownError>> = {
  // Recipient
  '20000300434': {
    en: 'RecipientsPhone invalid format',
    field: 'recipient_phone',
    uk: 'Телефон отримувача має неправильний формат',
    ru: 'Телефон получателя в неправильном формате',
  },
  '20000300435': {
    en: 'RecipientsPhone is empty',
    field: 'recipient_phone',
    uk: 'Не вказано телефон отримувача',
    ru: 'Не указан телефон получателя',
  },
  '20000200282': {
    en: 'RecipientContactName incorrect',
    field: 'recipient_name',
    uk: 'Ім’я отримувача вказано неправильно',
    ru: 'Имя получателя указано неправильно',
  },
  '20000200283': {
    en: 'RecipientContactName not selected',
    field: 'recipient_name',
    uk: 'Не вказано ім’я отримувача',
    ru: 'Не указано имя получателя',
  },
  '20000201598': {
    en: 'Recipient contact name is not full',
    field: 'recipient_name',
    uk: 'Потрібні прізвище та ім’я отримувача',
    ru: 'Нужны фамилия и имя получателя',
  },
  '20000201774': {
    en: 'ContactRecipient To Doors must be full',
    field: 'recipient_name',
    uk: 'Для доставки на адресу потрібне повне ім’я отримувача',
    ru: 'Для доставки на адрес нужно полное имя получателя',
  },
  // Recipient's city, branch, address
  '20000200102': {
    en: 'CityRecipient incorrect',
    field: 'city',
    uk: 'Місто отримувача вказано неправильно',
    ru: 'Город получателя указан неправильно',
  },
  '20000200103': {
    en: 'CityRecipient not found',
    field: 'city',
    uk: 'Місто отримувача не знайдено',
    ru: 'Город получателя не найден',
  },
  '20000200104': {
    en: 'CityRecipient not selected',
    field: 'city',
    uk: 'Не обрано місто отримувача',
    ru: 'Не выбран город получателя',
  },
  '20000200279': {
    en: 'RecipientCityName not found',
    field: 'city',
    uk: 'Місто отримувача не знайдено',
    ru: 'Город получателя не найден',
  },
  '20000200281': {
    en: 'RecipientCityName not selected',
    field: 'city',
    uk: 'Не обрано місто отримувача',
    ru: 'Не выбран город получателя',
  },
  '20000200265': {
    en: 'RecipientAddress does not exists',
    field: 'warehouse',
    uk: 'Такого відділення немає',
    ru: 'Такого отделения нет',
  },
  '20000200266': {
    en: 'RecipientAddress is incorrect',
    field: 'warehouse',
    uk: 'Відділення вказано неправильно',
    ru: 'Отделение указано неправильно',
  },
  '20000200268': {
    en: 'RecipientAddress not selected',
    field: 'warehouse',
    uk: 'Не обрано відділення отримувача',
    ru: 'Не выбрано отделение получателя',
  },
  '20000201797': {
    en: 'RecipientAddress temporary unavailable',
    field: 'warehouse',
    uk: 'Це відділення зараз не приймає посилки: оберіть інше',
    ru: 'Это отделение сейчас не принимает посылки: выберите другое',
  },
  '20000200273': {
    en: 'RecipientAddressName not found',
    field: 'address',
    uk: 'Адресу отримувача не знайдено',
    ru: 'Адрес получателя не найден',
  },
  '20000200274': {
    en: 'RecipientAddressStreet not selected',
    field: 'address',
    uk: 'Не вказано вулицю отримувача',
    ru: 'Не указана улица получателя',
  },
  '20000200296': {
    en: 'RecipientHouse not selected',
    field: 'address',
    uk: 'Не вказано будинок отримувача',
    ru: 'Не указан дом получателя',
  },
  '20000301408': {
    en: 'RecipientSettlementStreet is invalid',
    field: 'address',
    uk: 'Адресу отримувача вказано неправильно',
    ru: 'Адрес получателя указан неправильно',
  },
  // Cargo
  '20000400503': {
    en: 'Weight is empty',
    field: 'weight',
    uk: 'Не вказано вагу',
    ru: 'Не указан вес',
  },
  '20000200373': {
    en: 'Weight is invalid',
    field: 'weight',
    uk: 'Вагу вказано неправильно: потрібне число більше нуля',
    ru: 'Вес указан неправильно: нужно число больше нуля',
  },
  '20000200375': {
    en: 'Weight is too high',
    field: 'weight',
    uk: 'Завелика вага',
    ru: 'Слишком большой вес',
  },
  '20000200380': {
    en: 'Weight is too high for this postomat',
    field: 'weight',
    uk: 'Завелика вага для цього поштомата',
    ru: 'Слишком большой вес для этого почтомата',
  },
  '20000200313': {
    en: 'SeatsAmount empty',
    field: 'seats',
    uk: 'Не вказано кількість місць',
    ru: 'Не указано количество мест',
  },
  '20000200314': {
    en: 'SeatsAmount is invalid',
    field: 'seats',
    uk: 'Кількість місць вказано неправильно',
    ru: 'Количество мест указано неправильно',
  },
  '20000200226': {
    en: 'OptionsSeat is empty',
    field: 'seats',
    uk: 'Не вказано розміри місць',
    ru: 'Не указаны размеры мест',
  },
  '20000200227': {
    en: 'OptionsSeat must be array',
    field: 'seats',
    uk: 'Розміри місць вказано неправильно',
    ru: 'Размеры мест указаны неправильно',
  },
  '20000200179': {
    en: 'Height is too high',
    field: 'seats',
    uk: 'Завелика висота місця',
    ru: 'Слишком большая высота места',
  },
  '20000200210': {
    en: 'Length is too high',
    field: 'seats',
    uk: 'Завелика довжина місця',
    ru: 'Слишком большая длина места',
  },
  '20000200387': {
    en: 'Width is too high',
    field: 'seats',
    uk: 'Завелика ширина місця',
    ru: 'Слишком большая ширина места',
  },
  '20000200181': {
    en: 'Height is too high for PostomatNP',
    field: 'seats',
    uk: 'Посилка зависока для поштомата',
    ru: 'Посылка слишком высокая для почтомата',
  },
  '20000200212': {
    en: 'Length is too high for PostomatNP',
    field: 'seats',
    uk: 'Посилка задовга для поштомата',
    ru: 'Посылка слишком длинная для почтомата',
  },
  '20000200389': {
    en: 'Width is too high for PostomatNP',
    field: 'seats',
    uk: 'Посилка завширока для поштомата',
    ru: 'Посылка слишком широкая для почтомата',
  },
  '20000400452': {
    en: 'Cost is empty',
    field: 'declared_value',
    uk: 'Не вказано оголошену вартість',
    ru: 'Не указана объявленная стоимость',
  },
  '20000200118': {
    en: 'Cost is invalid',
    field: 'declared_value',
    uk: 'Оголошену вартість вказано неправильно',
    ru: 'Объявленная стоимость указана неправильно',
  },
  '20000200119': {
    en: 'Cost is too high',
    field: 'declared_value',
    uk: 'Завелика оголошена вартість',
    ru: 'Слишком большая объявленная стоимость',
  },
  '20000200150': {
    en: 'Description empty',
    field: 'description',
    uk: 'Не вказано опис вантажу',
    ru: 'Не указано описание груза',
  },
  '20000200152': {
    en: 'Description too long',
    field: 'description',
    uk: 'Задовгий опис вантажу',
    ru: 'Слишком длинное описание груза',
  },
  // Cash on delivery (a money transfer back) and payment control
  '20000200074': {
    en: 'Backward Delivery Money is too high',
    field: 'cash_on_delivery',
    uk: 'Сума накладеного платежу перевищує ліміт перевізника',
    ru: 'Сумма наложенного платежа превышает лимит перевозчика',
  },
  '20000200079': {
    en: 'BackwardDelivery Money RedeliveryString is not valid',
    field: 'cash_on_delivery',
    uk: 'Суму накладеного платежу вказано неправильно',
    ru: 'Сумма наложенного платежа указана неправильно',
  },
  '20000200080': {
    en: 'BackwardDelivery Money RedeliveryString must not be less than 1',
    field: 'cash_on_delivery',
    uk: 'Сума накладеного платежу має бути не менше 1 ₴',
    ru: 'Сумма наложенного платежа должна быть не меньше 1 ₴',
  },
  '20000200078': {
    en: 'BackwardDelivery Money is unavailable in selected CityRecipient',
    field: 'cash_on_delivery',
    uk: 'У місті отримувача накладений платіж недоступний',
    ru: 'В городе получателя наложенный платёж недоступен',
  },
  '20000200033': {
    en: 'AfterpaymentOnGoodsCost is invalid',
    field: 'cash_on_delivery',
    uk: 'Суму контролю оплати вказано неправильно',
    ru: 'Сумма контроля оплаты указана неправильно',
  },
  '20000200034': {
    en: 'AfterpaymentOnGoodsCost is too high',
    field: 'cash_on_delivery',
    uk: 'Сума контролю оплати перевищує ліміт перевізника',
    ru: 'Сумма контроля оплаты превышает лимит перевозчика',
  },
  '20000200036': {
    en: 'AfterpaymentOnGoodsCost is unavailable in selected CityRecipient',
    field: 'cash_on_delivery',
    uk: 'У місті отримувача контроль оплати недоступний',
    ru: 'В городе получателя контроль оплаты недоступен',
  },
  '20000201590': {
    en: 'AfterpaymentOnGoodsCost is only for WarehouseWarehouse',
    field: 'cash_on_delivery',
    uk: 'Контроль оплати можливий лише з відділення у відділення',
    ru: 'Контроль оплаты возможен только из отделения в отделение',
  },
  // The shop as sender
  '20000200107': {
    en: 'CitySender not selected',
    field: 'sender',
    uk: 'Не обрано місто відправника',
    ru: 'Не выбран город отправителя',
  },
  '20000200105': {
    en: 'CitySender is incorrect',
    field: 'sender',
    uk: 'Місто відправника вказано неправильно',
    ru: 'Город отправителя указан неправильно',
  },
  '20000300442': {
    en: 'Sender not selected',
    field: 'sender',
    uk: 'Не обрано відправника',
    ru: 'Не выбран отправитель',
  },
  '20000300440': {
    en: 'Sender is incorrect',
    field: 'sender',
    uk: 'Відправника вказано неправильно',
    ru: 'Отправитель указан неправильно',
  },
  '20000300406': {
    en: 'ContactSender not selected',
    field: 'sender',
    uk: 'Не обрано контактну особу відправника',
    ru: 'Не выбрано контактное лицо отправителя',
  },
  '20000300404': {
    en: 'ContactSender is incorrect',
    field: 'sender',
    uk: 'Контактну особу відправника вказано неправильно',
    ru: 'Контактное лицо отправителя указано неправильно',
  },
  '20000200329': {
    en: 'SenderAddress not selected',
    field: 'sender',
    uk: 'Не обрано відділення відправника',
    ru: 'Не выбрано отделение отправителя',
  },
  '20000200327': {
    en: 'SenderAddress is incorrect',
    field: 'sender',
    uk: 'Відділення відправника вказано неправильно',
    ru: 'Отделение отправителя указано неправильно',
  },
  '20000300445': {
    en: 'SendersPhone is empty',
    field: 'sender',
    uk: 'Не вказано телефон відправника',
    ru: 'Не указан телефон отправителя',
  },
  '20000300444': {
    en: 'SendersPhone invalid format',
    field: 'sender',
    uk: 'Телефон відправника має неправильний формат',
    ru: 'Телефон отправителя в неправильном формате',
  },
  // The send day
  '20000200145': {
    en: 'DateTime is empty',
    field: 'send_day',
    uk: 'Не вказано дату відправки',
    ru: 'Не указана дата отправки',
  },
  '20000400456': {
    en: 'DateTime is invalid format',
    field: 'send_day',
    uk: 'Дату вказано неправильно',
    ru: 'Дата указана неправильно',
  },
  '20000400455': {
    en: 'DateTime cannot be less then now',
    field: 'send_day',
    uk: 'Дата відправки не може бути раніше сьогодні',
    ru: 'Дата отправки не может быть раньше сегодня',
  },
  // Access
  '20000200069': {
    en: 'apiKey is empty',
    uk: 'Не вказано ключ API Нової Пошти: додайте його в налаштуваннях',
    ru: 'Не указан ключ API Новой Почты: добавьте его в настройках',
  },
  '20000200068': {
    en: 'API auth fail',
    uk: 'Нова Пошта не прийняла ключ API: перевірте його в налаштуваннях',
    ru: 'Новая Почта не приняла ключ API: проверьте его в настройках',
  },
  '20000201204': {
    en: 'API key expired',
    uk: 'Термін дії ключа API Нової Пошти минув: створіть новий у кабінеті',
    ru: 'Срок действия ключа API Новой Почты истёк: создайте новый в кабинете',
  },
  // Existing waybills
  '20000300415': {
    en: 'Document not found',
    uk: 'Накладну не знайдено',
    ru: 'Накладная не найдена',
  },
  '20000200205': {
    en: 'InternetDocument not found',
    uk: 'Накладну не знайдено',
    ru: 'Накладная не найдена',
  },
  '20000200161': {
    en: 'Documents not found',
    uk: 'Накладні не знайдено',
    ru: 'Накладные не найдены',
  },
  '20000201173': {
    en: 'No document changed DeletionMark',
    uk: 'Накладну вже не можна видалити: посилку передано перевізнику',
    ru: 'Накладную уже нельзя удалить: посылка передана перевозчику',
  },
  '20000301006': {
    en: 'No data changes. Document not saved',
    uk: 'Накладну вже не можна змінити: посилку передано перевізнику',
    ru: 'Накладную уже нельзя изменить: посылка передана перевозчику',
  },
  '20000200153': {
    en: 'Document in registry',
    uk: 'Накладна вже в реєстрі: спершу вилучіть її з реєстру',
    ru: 'Накладная уже в реестре: сначала уберите её из реестра',
  },
  '20000200565': {
    en: 'DocumentBarcodes and/or DocumentRefs is not set',
    uk: 'Не обрано жодної накладної',
    ru: 'Не выбрано ни одной накладной',
  },
  '20000200564': {
    en: 'There are only invalid DocumentBarcodes and/or DocumentRefs',
    uk: 'Жодну з накладних не знайдено',
    ru: 'Ни одна из накладных не найдена',
  },
  // The request's form, which the shop's adapter writes: a manager can only report these.
  '20000200347': { en: 'ServiceType is empty', uk: 'Не вказано тип доставки', ru: 'Не указан тип доставки' },
  '20000200348': { en: 'ServiceType is incorrect', uk: 'Неправильний тип доставки', ru: 'Неправильный тип доставки' },
  '20000400475': {
    en: 'Payer type is incorrect',
    uk: 'Неправильний платник доставки',
    ru: 'Неправильный плательщик доставки',
  },
  '20000200251': {
    en: 'PaymentMethod is incorrect',
    uk: 'Неправильний спосіб оплати доставки',
    ru: 'Неправильный способ оплаты доставки',
  },
  '20000200303': {
    en: 'RedeliveryCalculate Amount',
    field: 'cash_on_delivery',
    uk: 'Суму накладеного платежу для розрахунку вказано неправильно',
    ru: 'Сумма наложенного платежа для расчёта указана неправильно',
  },
  '20000200086': {
    en: 'BackwardDeliveryData must be array',
    field: 'cash_on_delivery',
    uk: 'Накладений платіж вказано неправильно',
    ru: 'Наложенный платёж указан неправильно',
  },
  '20000200083': {
    en: 'BackwardDelivery must be Money',
    field: 'cash_on_delivery',
    uk: 'Зворотна доставка має бути грошовим переказом',
    ru: 'Обратная доставка должна быть денежным переводом',
  },
  '20000200085': {
    en: 'BackwardDelivery PayerType is incorrect',
    field: 'cash_on_delivery',
    uk: 'Неправильний платник накладеного платежу',
    ru: 'Неправильный плательщик наложенного платежа',
  },
  '20000300436': {
    en: 'Ref is invalid',
    uk: 'Неправильний ідентифікатор накладної',
    ru: 'Неправильный идентификатор накладной',
  },
  '20000200159': {
    en: 'Documents must be array',
    uk: 'Список накладних вказано неправильно',
    ru: 'Список накладных указан неправильно',
  },
  '20000300413': {
    en: 'DateTime filtering is invalid format',
    field: 'send_day',
    uk: 'Дату пошуку вказано неправильно',
    ru: 'Дата поиска указана неправильно',
  },
};

/**
 * The message for an error Nova Poshta gave: from the table when the code is known; else the
 * carrier's own words in both languages, so nothing it said is lost.
 */
export function carrierMessageFor(code: string | undefined, carrierText: string): CarrierMessage {
  const known = code ? novaPoshtaErrors[code] : undefined;
  if (!known) return { ...(code ? { code } : {}), uk: carrierText, ru: carrierText };
  return { ...(known.field ? { field: known.field } : {}), code, uk: known.uk, ru: known.ru };
}
