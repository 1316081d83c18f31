import type { ShipmentStatus } from '@kram/contract/shipping';

/**
 * Nova Poshta's tracking status codes (TrackingDocument.getStatusDocuments' StatusCode) in the shop's
 * terms. Code 3 (number not found) has no status: such a parcel is left out of a tracking answer.
 */
export const novaPoshtaStatuses: Readonly<Record<string, ShipmentStatus>> = {
  // The sender created the waybill; the parcel is not with the carrier yet.
  '1': 'created',
  // The waybill was deleted.
  '2': 'deleted',
  // In the sender's city, being sorted (between regions).
  '4': 'in_transit',
  // In the city, being sorted (a delivery within one city).
  '41': 'in_transit',
  // On its way to the recipient's city.
  '5': 'in_transit',
  // In the recipient's city, on its way to the branch.
  '6': 'in_transit',
  // Nova Poshta is packing the parcel.
  '12': 'in_transit',
  // Handed to the recipient to look at before taking it.
  '14': 'in_transit',
  // On its way to the recipient's door.
  '101': 'in_transit',
  // The address was changed (redirected).
  '104': 'in_transit',
  // A courier found nobody at the address.
  '111': 'in_transit',
  // The recipient moved the delivery day.
  '112': 'in_transit',
  // At the branch.
  '7': 'at_branch',
  // In the parcel locker.
  '8': 'at_branch',
  // At the branch, and paid storage is being charged.
  '107': 'at_branch',
  // Received.
  '9': 'received',
  // Received; the cash-on-delivery money is on its way to the sender.
  '10': 'received',
  // Received; the cash-on-delivery money was handed to the sender.
  '11': 'received',
  // Received, and the waybill bringing the money or documents back was created.
  '106': 'received',
  // Refused; the sender ordered its return.
  '102': 'refused',
  // Refused by the recipient.
  '103': 'refused',
  // Refused by the recipient; the sender ordered its return.
  '108': 'refused',
  // Storage ended: the parcel is coming back.
  '105': 'returning',
};

/** The shop's status of a Nova Poshta code; none for "not found" (3) and codes the table lacks. */
export const shipmentStatusOf = (code: string | number): ShipmentStatus | undefined => novaPoshtaStatuses[String(code)];

/** Codes that say the cash-on-delivery money reached the sender. */
export const moneyTransferredCodes: ReadonlySet<string> = new Set(['11']);

/** The code of a number the carrier does not know. */
export const notFoundCode = '3';

/** Nova Poshta's own words for its codes (the stand-in answers with them). */
export const novaPoshtaStatusTexts: Readonly<Record<string, string>> = {
  '1': 'Відправник самостійно створив цю накладну, але ще не надав до відправки',
  '2': 'Видалено',
  '3': 'Номер не знайдено',
  '4': 'Відправлення у місті відправника',
  '41': 'Відправлення у місті',
  '5': 'Відправлення прямує до міста отримувача',
  '6': 'Відправлення у місті отримувача, прямує до відділення',
  '7': 'Прибуло у відділення',
  '8': 'Прибуло у відділення (завантажено в поштомат)',
  '9': 'Відправлення отримано',
  '10': 'Відправлення отримано. Грошовий переказ прямує до відправника',
  '11': 'Відправлення отримано. Грошовий переказ видано відправнику',
  '12': 'Нова Пошта комплектує ваше відправлення',
  '14': 'Відправлення передано до огляду отримувачу',
  '101': 'На шляху до одержувача',
  '102': 'Відмова від отримання (відправником створено замовлення на повернення)',
  '103': 'Відмова одержувача',
  '104': 'Змінено адресу',
  '105': 'Припинено зберігання',
  '106': 'Одержано і створено ЕН зворотної доставки',
  '107': 'Нараховується плата за зберігання',
  '108': 'Відмова одержувача (відправником створено замовлення на повернення)',
  '111': 'Невдала спроба доставки через відсутність отримувача на адресі або зв’язку з ним',
  '112': 'Дата доставки перенесена отримувачем',
};
