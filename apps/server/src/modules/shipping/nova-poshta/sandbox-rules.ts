import type { Kopiyky } from '@kram/contract/money';
import { addWorkingDays } from '../working-days.ts';

/**
 * The carrier stand-in's rules: what it refuses (with Nova Poshta's own error codes), what a parcel
 * costs, and when it arrives. Pure functions of a request's methodProperties.
 */

/** The one sender the stand-in knows: the shop, with one contact person. */
export const sandboxSender = {
  counterpartyRef: '5ad1b0a2-0000-4000-8000-00000000c001',
  name: 'Магазин «Крам» (пісочниця)',
  contactRef: '5ad1b0a2-0000-4000-8000-00000000c002',
  contactName: 'Менеджер Крам',
  phone: '380501234567',
};

export type Properties = Record<string, unknown>;

export const serviceTypes = ['WarehouseWarehouse', 'WarehouseDoors', 'DoorsWarehouse', 'DoorsDoors'];

/** A property as Nova Poshta reads it: a string, trimmed (a number is taken as its digits). */
export const str = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** `2026-11-30` → `30.11.2026`. */
export const dotted = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** `30.11.2026` → `2026-11-30`; undefined for anything else (31.02.2026 included). */
export function dayOf(value: unknown): string | undefined {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(str(value));
  if (!m) return undefined;
  const day = `${m[3]}-${m[2]}-${m[1]}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day ? day : undefined;
}

/** Kilograms with up to three decimals in grams; undefined when not such a number. */
export function gramsOf(value: unknown): number | undefined {
  const m = /^(\d{1,6})(?:\.(\d{1,3}))?$/.exec(str(value));
  return m ? Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0')) : undefined;
}

/** Hryvnias with up to two decimals in kopiyky; undefined when not such an amount. */
export function moneyOf(value: unknown): Kopiyky | undefined {
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(str(value));
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : undefined;
}

/** The largest cash-on-delivery or payment-control amount the stand-in takes, as Nova Poshta's limit. */
export const maxCollected: Kopiyky = 5_000_000;

const isWarehouseDelivery = (service: string) => service.endsWith('Warehouse');

/** The seats' dimensions: an array of objects, or absent. */
function seatsErrors(props: Properties): string[] {
  const seats = str(props.SeatsAmount);
  const errors: string[] = [];
  if (!seats) errors.push('20000200313');
  else if (!/^[1-9]\d{0,2}$/.test(seats)) errors.push('20000200314');
  const options = props.OptionsSeat;
  if (options !== undefined && (!Array.isArray(options) || options.some((o) => typeof o !== 'object' || o === null))) {
    errors.push('20000200227');
  }
  return errors;
}

/** What Nova Poshta checks in a price request; the codes of what is wrong. */
export function priceErrors(props: Properties): string[] {
  const errors: string[] = [];
  if (!str(props.CitySender)) errors.push('20000200107');
  if (!str(props.CityRecipient)) errors.push('20000200104');
  const grams = gramsOf(props.Weight);
  if (!str(props.Weight)) errors.push('20000400503');
  else if (!grams) errors.push('20000200373');
  if (!serviceTypes.includes(str(props.ServiceType)))
    errors.push(str(props.ServiceType) ? '20000200348' : '20000200347');
  if (!str(props.Cost)) errors.push('20000400452');
  else if (moneyOf(props.Cost) === undefined) errors.push('20000200118');
  const redelivery = props.RedeliveryCalculate as Properties | undefined;
  if (redelivery !== undefined && !((moneyOf(redelivery?.Amount) ?? 0) > 0)) errors.push('20000200303');
  return errors;
}

/** What Nova Poshta checks in a waybill (InternetDocument.save or update); `today` is Kyiv's day. */
export function waybillErrors(props: Properties, today: string): string[] {
  const errors: string[] = [];
  const service = str(props.ServiceType);
  if (!serviceTypes.includes(service)) errors.push(service ? '20000200348' : '20000200347');
  if (!['Sender', 'Recipient', 'ThirdPerson'].includes(str(props.PayerType))) errors.push('20000400475');
  if (!['Cash', 'NonCash'].includes(str(props.PaymentMethod))) errors.push('20000200251');
  const day = dayOf(props.DateTime);
  if (!str(props.DateTime)) errors.push('20000200145');
  else if (!day) errors.push('20000400456');
  else if (day < today) errors.push('20000400455');
  const grams = gramsOf(props.Weight);
  if (!str(props.Weight)) errors.push('20000400503');
  else if (!grams) errors.push('20000200373');
  errors.push(...seatsErrors(props));
  if (!str(props.Cost)) errors.push('20000400452');
  else if (moneyOf(props.Cost) === undefined) errors.push('20000200118');
  if (!str(props.Description)) errors.push('20000200150');
  else if (str(props.Description).length > 100) errors.push('20000200152');
  // The sender.
  if (!str(props.CitySender)) errors.push('20000200107');
  if (!str(props.Sender)) errors.push('20000300442');
  if (!str(props.ContactSender)) errors.push('20000300406');
  if (!str(props.SenderAddress)) errors.push('20000200329');
  const senderPhone = str(props.SendersPhone);
  if (!senderPhone) errors.push('20000300445');
  else if (!/^380\d{9}$/.test(senderPhone)) errors.push('20000300444');
  // The recipient.
  if (!str(props.CityRecipient) && !str(props.RecipientCityName)) errors.push('20000200104');
  if (isWarehouseDelivery(service) && !str(props.RecipientAddress)) errors.push('20000200268');
  if (service.endsWith('Doors') && !str(props.RecipientAddressName)) errors.push('20000200274');
  const name = str(props.RecipientName);
  if (!name) errors.push('20000200283');
  else if (name.split(/\s+/).length < 2) errors.push('20000201598');
  const phone = str(props.RecipientsPhone);
  if (!phone) errors.push('20000300435');
  else if (!/^380\d{9}$/.test(phone)) errors.push('20000300434');
  errors.push(...collectedErrors(props, service));
  return errors;
}

/** Cash on delivery (BackwardDeliveryData of Money) and payment control (AfterpaymentOnGoodsCost). */
function collectedErrors(props: Properties, service: string): string[] {
  const errors: string[] = [];
  const backward = props.BackwardDeliveryData;
  if (backward !== undefined) {
    if (!Array.isArray(backward)) return ['20000200086'];
    for (const item of backward as Properties[]) {
      if (str(item?.CargoType) !== 'Money') errors.push('20000200083');
      if (!['Sender', 'Recipient'].includes(str(item?.PayerType))) errors.push('20000200085');
      const amount = moneyOf(item?.RedeliveryString);
      if (amount === undefined) errors.push('20000200079');
      else if (amount < 100) errors.push('20000200080');
      else if (amount > maxCollected) errors.push('20000200074');
    }
  }
  if (props.AfterpaymentOnGoodsCost !== undefined) {
    const amount = moneyOf(props.AfterpaymentOnGoodsCost);
    if (amount === undefined || amount <= 0) errors.push('20000200033');
    else if (amount > maxCollected) errors.push('20000200034');
    if (service !== 'WarehouseWarehouse') errors.push('20000201590');
  }
  return errors;
}

/** The amount collected on receipt, by either service, in kopiyky. */
export function collectedOf(props: Properties): Kopiyky | undefined {
  const backward = Array.isArray(props.BackwardDeliveryData) ? (props.BackwardDeliveryData as Properties[]) : [];
  const money = backward.find((item) => str(item?.CargoType) === 'Money');
  return moneyOf(money?.RedeliveryString) ?? moneyOf(props.AfterpaymentOnGoodsCost);
}

/**
 * The stand-in's tariff, a plain one in the manner of Nova Poshta's for parcels:
 * - 70 ₴ within a city and 85 ₴ between cities for up to 2 kg of chargeable weight (the actual weight
 *   or the seats' volumetric weight, length × width × height in cm / 4000, whichever is more);
 * - each started kilogram over 2 kg: 5 ₴ within a city, 10 ₴ between cities;
 * - to the door: 35 ₴ more;
 * - 0.5% of the declared value above 500 ₴, to the nearest kopiyka.
 * The fee of cash on delivery or payment control is apart: 20 ₴ plus 2% of the amount.
 */
export function deliveryCost(props: Properties): Kopiyky {
  const sameCity = str(props.CitySender) === str(props.CityRecipient);
  const seats = Array.isArray(props.OptionsSeat) ? (props.OptionsSeat as Properties[]) : [];
  const volumetric = seats.reduce((sum, seat) => {
    const cm3 =
      Number(str(seat?.volumetricLength)) * Number(str(seat?.volumetricWidth)) * Number(str(seat?.volumetricHeight));
    // cm³ / 4000 kg is cm³ / 4 g.
    return sum + (Number.isFinite(cm3) ? Math.round(cm3 / 4) : 0);
  }, 0);
  const grams = Math.max(gramsOf(props.Weight) ?? 0, volumetric);
  let cost = sameCity ? 7_000 : 8_500;
  if (grams > 2_000) cost += Math.ceil((grams - 2_000) / 1_000) * (sameCity ? 500 : 1_000);
  if (str(props.ServiceType).endsWith('Doors')) cost += 3_500;
  const declared = moneyOf(props.Cost) ?? 0;
  if (declared > 50_000) cost += Math.floor(((declared - 50_000) * 5 + 500) / 1_000);
  return cost;
}

/** The fee of collecting `amount` on receipt: 20 ₴ and 2%, to the nearest kopiyka. */
export const collectionFee = (amount: Kopiyky): Kopiyky => 2_000 + Math.floor((amount * 2 + 50) / 100);

/** The day `n` working days after `day`, the carrier's way (every day but Sunday). */
export const addCarrierWorkingDays = addWorkingDays;

/** The delivery day of a parcel handed over on `sendDay`: 1 working day within a city, 2 between cities. */
export const deliveryDayOf = (props: Properties, sendDay: string): string =>
  addCarrierWorkingDays(sendDay, str(props.CitySender) === str(props.CityRecipient) ? 1 : 2);

/** Working days a branch keeps a parcel free of charge. */
export const freeStorageDays = 5;

/** Kopiyky as Nova Poshta writes money in answers: a number of hryvnias (85, 85.5). */
export const hryvniaNumber = (kopiyky: Kopiyky): number =>
  Number(`${Math.floor(kopiyky / 100)}.${String(kopiyky % 100).padStart(2, '0')}`);
