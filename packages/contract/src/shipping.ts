import type { Language } from './languages.ts';

/**
 * Shipping: a parcel an order travels in, with the carrier's waybill (ТТН, the express waybill). These
 * are the shapes without zod that the server, the back office and the storefront share; the API's
 * schemas are in `admin-shipping.ts`.
 */

/** The carriers the shop can ship with; only Nova Poshta is built. */
export const carriers = ['nova_poshta'] as const;
export type CarrierName = (typeof carriers)[number];

/**
 * Where a parcel goes: a branch (Nova Poshta's WarehouseWarehouse), a parcel locker (a branch with
 * size and weight limits), or the buyer's door by courier (WarehouseDoors).
 */
export const shipmentServices = ['branch', 'locker', 'address'] as const;
export type ShipmentService = (typeof shipmentServices)[number];

/** Who pays for delivery. The shop's terms: the buyer, at the carrier's tariff. */
export const deliveryPayers = ['recipient', 'sender'] as const;
export type DeliveryPayer = (typeof deliveryPayers)[number];

/**
 * How the order's total is collected when the buyer pays on receipt: Nova Poshta's cash on delivery
 * (a money transfer back to the shop) or, with a contract for it, payment control (to the shop's bank
 * account). Orders paid by card ship without either.
 */
export const cashOnDeliveryKinds = ['cash_on_delivery', 'payment_control'] as const;
export type CashOnDeliveryKind = (typeof cashOnDeliveryKinds)[number];

/**
 * A parcel's life as the shop keeps it, whatever the carrier's own codes:
 * - `created`: the waybill exists, the parcel is not with the carrier yet;
 * - `in_transit`: on its way (to the branch, or to the door);
 * - `at_branch`: waiting at the branch or in the locker (storage ends after 5 working days);
 * - `received`: the buyer took it (with cash on delivery, the money is on its way to the shop);
 * - `refused`: the buyer refused it, or storage ended; it will come back;
 * - `returning`: on its way back to the shop;
 * - `returned`: back at the shop;
 * - `deleted`: the waybill was deleted before the parcel was handed over.
 */
export const shipmentStatuses = [
  'created',
  'in_transit',
  'at_branch',
  'received',
  'refused',
  'returning',
  'returned',
  'deleted',
] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];

/** Statuses the tracking job still reads from the carrier. */
export const openShipmentStatuses: readonly ShipmentStatus[] = [
  'created',
  'in_transit',
  'at_branch',
  'received',
  'refused',
  'returning',
];

/** Working days a branch keeps a parcel before it goes back (the shop's terms). */
export const storageWorkingDays = 5;

/** The order list's shipping filters: what a manager looks for after confirmation. */
export const shippingFilters = ['to_ship', 'in_transit', 'at_branch', 'storage_ending', 'returning'] as const;
export type ShippingFilter = (typeof shippingFilters)[number];

/** The carrier's page where anyone follows a waybill. */
export const trackingUrl = (waybill: string) =>
  `https://novaposhta.ua/tracking/?cargo_number=${encodeURIComponent(waybill)}`;

/** A waybill number as Nova Poshta writes them: 14 digits (20… and 59… today). */
export const waybillNumberPattern = /^\d{14}$/;

export const shipmentStatusLabels: Record<Language, Record<ShipmentStatus, string>> = {
  uk: {
    created: 'Накладну створено',
    in_transit: 'У дорозі',
    at_branch: 'Чекає у відділенні',
    received: 'Отримано',
    refused: 'Відмова',
    returning: 'Повертається',
    returned: 'Повернено',
    deleted: 'Накладну видалено',
  },
  ru: {
    created: 'Накладная создана',
    in_transit: 'В пути',
    at_branch: 'Ждёт в отделении',
    received: 'Получено',
    refused: 'Отказ',
    returning: 'Возвращается',
    returned: 'Возвращено',
    deleted: 'Накладная удалена',
  },
};

export const shippingFilterLabels: Record<Language, Record<ShippingFilter, string>> = {
  uk: {
    to_ship: 'До відправки',
    in_transit: 'У дорозі',
    at_branch: 'Чекають у відділенні',
    storage_ending: 'Зберігання спливає',
    returning: 'Відмови й повернення',
  },
  ru: {
    to_ship: 'К отправке',
    in_transit: 'В пути',
    at_branch: 'Ждут в отделении',
    storage_ending: 'Хранение истекает',
    returning: 'Отказы и возвраты',
  },
};
