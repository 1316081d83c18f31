import crypto from 'node:crypto';
import {
  type OrderShipping,
  type ShipmentView,
  type ShippingSettingsUpdate,
  type ShippingSettingsView,
  shippingCodes,
  shippingMessages,
  type WaybillDraft,
} from '@kram/contract/admin-shipping';
import { formatMoney, normalizeMoney, parseMoney } from '@kram/contract/money';
import { type OrderStatus, orderNumber } from '@kram/contract/orders';
import { type CashOnDeliveryKind, type ShipmentStatus, storageWorkingDays, trackingUrl } from '@kram/contract/shipping';
import type { Executor } from '../../db/client.ts';
import { Conflict, InvalidInput, NotFound, noMatch, said, UpstreamFailed } from '../../lib/domain-errors.ts';
import { addDays, kyivDay } from '../../lib/kyiv-time.ts';
import type { AuditActor, Change } from '../audit/index.ts';
import type { CarrierMove, MailOutbox, OrderRecord, ParcelLookup, ShippingCondition } from '../orders/index.ts';
import {
  type Carrier,
  CarrierError,
  type Sender,
  type TrackedParcel,
  trackingBatch,
  type Waybill,
  type WaybillField,
  type WaybillRequest,
} from './carrier.ts';
import { type ParcelNews, parcelMail, refusalNotice } from './parcel-mail.ts';
import {
  type SettingsRow,
  type ShipmentRow,
  type ShippingRepository,
  shippingCondition,
  type TrackingChange,
} from './shipping.repository.ts';
import { addWorkingDays } from './working-days.ts';

/** What shipping needs of the orders module (its public API). */
export interface ShippingOrders {
  byId(orderId: string): Promise<OrderRecord | undefined>;
  byIds(orderIds: string[]): Promise<OrderRecord[]>;
  carrierMove(
    orderId: string,
    move: CarrierMove,
    tx: Executor,
  ): Promise<{ order: OrderRecord; announce: () => Promise<void> }>;
  notifyManager(text: string): Promise<void>;
  /** A waybill was made for the order, in `tx`: its goods count as sold. */
  waybillMade(orderId: string, tx: Executor): Promise<void>;
  filterOrdersWith(condition: ShippingCondition): void;
  describeParcelsWith(lookup: ParcelLookup): void;
}

/** What shipping needs of the delivery module: a branch's names and whether it is a parcel locker. */
export interface ShippingDirectory {
  warehouse(
    ref: string,
  ): Promise<{ ref: string; cityRef: string; names: { uk: string; ru: string }; locker: boolean } | undefined>;
}

/** A product's weight in a parcel, kg (the catalogue module's API); undefined when unset. */
export type ProductWeights = (productIds: number[]) => Promise<Map<number, number>>;

export interface ShippingDeps {
  repo: ShippingRepository;
  /** Undefined: no carrier to ask (no API key, no sandbox); waybills are typed by hand. */
  carrier: Carrier | undefined;
  /** Whether `carrier` is the shop's own sandbox. */
  sandbox: boolean;
  orders: ShippingOrders;
  directory: ShippingDirectory;
  weights: ProductWeights;
  outbox: Pick<MailOutbox, 'enqueue' | 'wake'>;
  audit: { record(tx: Executor, actor: AuditActor, change: Change): Promise<void> };
  now?: () => Date;
}

/** Orders that may get a waybill: confirmed, or paid by card and not confirmed yet. */
const shippableStatuses: readonly OrderStatus[] = ['confirmed', 'paid'];
/** A seat's size when the manager does not change it, cm. */
const defaultSeat = { length_cm: 30, width_cm: 20, height_cm: 10 };
/** Nova Poshta's parcel lockers: at most 20 kg a parcel, seats of at most 40 × 60 × 30 cm. */
const locker = { maxWeightKg: 20, maxSides: [30, 40, 60] };
const carrierName = 'Нова Пошта';
/** The carrier's statuses in which it still lets a waybill change. */
const editableStatuses: readonly ShipmentStatus[] = ['created'];

/** The order's path on each of the parcel's statuses (cash on delivery waits for the money). */
function pathFor(status: ShipmentStatus, parcel: { cod: boolean; moneyTransferred: boolean }): OrderStatus[] {
  switch (status) {
    case 'in_transit':
    case 'refused':
    case 'returning':
      return ['shipped'];
    case 'at_branch':
      return ['shipped', 'delivered'];
    case 'received':
      return parcel.cod && !parcel.moneyTransferred ? ['shipped', 'delivered'] : ['shipped', 'delivered', 'completed'];
    case 'returned':
      return ['shipped', 'returned'];
    default:
      return [];
  }
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** A shipment's columns as the manager's waybill form gives them (cash on delivery of 0 is none). */
function shipmentFields(draft: WaybillDraft, codKind: CashOnDeliveryKind) {
  const cod = draft.cash_on_delivery === null ? null : normalizeMoney(draft.cash_on_delivery);
  const collected = cod !== null && cod !== '0.00' ? cod : null;
  return {
    service: draft.service,
    payer: draft.payer,
    recipientFirstName: draft.recipient_first_name,
    recipientLastName: draft.recipient_last_name,
    recipientPhone: draft.recipient_phone,
    cityRef: draft.city_ref,
    cityName: draft.city_name,
    warehouseRef: draft.service === 'address' ? null : (draft.warehouse_ref ?? null),
    warehouseName: draft.service === 'address' ? (draft.address ?? '') : (draft.warehouse_name ?? ''),
    weightKg: String(draft.weight_kg),
    seats: draft.seats,
    declaredValue: normalizeMoney(draft.declared_value),
    description: draft.description,
    codKind: collected ? codKind : null,
    codAmount: collected,
  };
}
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The waybill form's field each field a carrier's refusal names is shown beside. */
const draftFieldOf: Record<WaybillField, string> = {
  recipient_name: 'recipient_last_name',
  recipient_phone: 'recipient_phone',
  city: 'city_ref',
  warehouse: 'warehouse_ref',
  address: 'address',
  weight: 'weight_kg',
  seats: 'seats',
  declared_value: 'declared_value',
  cash_on_delivery: 'cash_on_delivery',
  description: 'description',
  sender: 'non_field_errors',
  send_day: 'send_day',
};

function carrierRefusal(error: CarrierError): InvalidInput | UpstreamFailed {
  if (error.kind === 'unavailable') {
    return new UpstreamFailed(shippingMessages.carrierUnavailable);
  }
  const fields: Record<string, ReturnType<typeof said>[]> = {};
  for (const m of error.messages) {
    const field = (m.field && draftFieldOf[m.field]) ?? 'non_field_errors';
    const list = fields[field] ?? [];
    list.push(said(shippingCodes.carrierRefused, m.uk, { uk: m.uk, ru: m.ru, code: m.code ?? '' }));
    fields[field] = list;
  }
  if (Object.keys(fields).length === 0) {
    fields.non_field_errors = [
      said(shippingCodes.carrierRefused, error.message, { uk: error.message, ru: error.message, code: '' }),
    ];
  }
  return new InvalidInput(fields);
}

/**
 * Shipping: the shop as sender, each order's waybill (made through the carrier or typed by hand),
 * labels and hand-over registers, and the tracking that moves orders on the carrier's news.
 */
export function shippingService(deps: ShippingDeps) {
  const { repo, carrier, orders, outbox, audit } = deps;
  const now = deps.now ?? (() => new Date());
  const today = () => kyivDay(now());
  orders.filterOrdersWith((filter, orderId) => shippingCondition(filter, orderId, addDays(today(), 1)));
  orders.describeParcelsWith(async (orderIds) => {
    const rows = await repo.liveOfOrders(orderIds);
    return new Map(
      rows.flatMap((r) =>
        r.number
          ? [
              [
                r.orderId,
                {
                  number: r.number,
                  status: r.status,
                  tracking_url: trackingUrl(r.number),
                  delivery_day: r.deliveryDay,
                  storage_until: r.storageUntil,
                },
              ] as const,
            ]
          : [],
      ),
    );
  });

  function settingsView(row: SettingsRow): ShippingSettingsView {
    return {
      counterparty_ref: row.counterpartyRef,
      counterparty_name: row.counterpartyName,
      contact_ref: row.contactRef,
      contact_name: row.contactName,
      phone: row.phone,
      city_ref: row.cityRef,
      city_name: row.cityName,
      warehouse_ref: row.warehouseRef,
      warehouse_name: row.warehouseName,
      cod_kind: row.codKind,
      default_weight_kg: Number(row.defaultWeightKg),
      description: row.description,
      tracking_interval_minutes: row.trackingIntervalMinutes,
      checked_at: iso(row.checkedAt),
      carrier_connected: carrier !== undefined,
      sandbox: deps.sandbox,
      last_tracking_at: iso(row.lastTrackingAt),
    };
  }

  function senderOf(row: SettingsRow): Sender | undefined {
    if (!row.counterpartyRef || !row.contactRef || !row.phone || !row.cityRef || !row.warehouseRef) return undefined;
    return {
      counterpartyRef: row.counterpartyRef,
      contactRef: row.contactRef,
      phone: row.phone,
      cityRef: row.cityRef,
      warehouseRef: row.warehouseRef,
    };
  }

  function shipmentView(row: ShipmentRow, history: Awaited<ReturnType<ShippingRepository['events']>>): ShipmentView {
    return {
      id: row.id,
      order_id: row.orderId,
      carrier: row.carrier,
      number: row.number,
      by_hand: row.byHand,
      service: row.service,
      payer: row.payer,
      recipient_first_name: row.recipientFirstName,
      recipient_last_name: row.recipientLastName,
      recipient_phone: row.recipientPhone,
      city_ref: row.cityRef,
      city_name: row.cityName,
      warehouse_ref: row.warehouseRef,
      warehouse_name: row.service === 'address' ? '' : row.warehouseName,
      address: row.service === 'address' ? row.warehouseName : null,
      weight_kg: Number(row.weightKg),
      seats: row.seats,
      declared_value: row.declaredValue,
      description: row.description,
      cash_on_delivery: row.codAmount,
      cod_kind: row.codKind,
      status: row.status,
      carrier_code: row.carrierCode,
      carrier_text: row.carrierText,
      cost: row.cost,
      send_day: row.sendDay,
      delivery_day: row.deliveryDay,
      arrived_at: iso(row.arrivedAt),
      storage_until: row.storageUntil,
      received_at: iso(row.receivedAt),
      refused_at: iso(row.refusedAt),
      returned_at: iso(row.returnedAt),
      money_transferred_at: iso(row.moneyTransferredAt),
      return_number: row.returnNumber,
      register_number: row.registerNumber,
      editable: editableStatuses.includes(row.status) && row.number !== null && !row.byHand && carrier !== undefined,
      deletable: row.byHand || (editableStatuses.includes(row.status) && carrier !== undefined),
      tracking_url: row.number ? trackingUrl(row.number) : null,
      created_at: row.createdAt.toISOString(),
      history: history.map((e) => ({
        status: e.status,
        carrier_code: e.carrierCode,
        carrier_text: e.carrierText,
        at: e.at.toISOString(),
      })),
    };
  }

  async function orderOf(orderId: string): Promise<OrderRecord> {
    const order = await orders.byId(orderId);
    if (!order) throw noMatch('Order');
    return order;
  }

  function blockedReason(order: OrderRecord): string | null {
    if (order.deliveryType === 'self_delivery' || !shippableStatuses.includes(order.status)) {
      return shippingMessages.notShippable;
    }
    return null;
  }

  /** The waybill a new shipment of `order` would be: the order's recipient and the cargo defaults. */
  async function draftOf(order: OrderRecord, settings: SettingsRow): Promise<WaybillDraft> {
    const ids = order.lines.flatMap((l) => (l.productId === null ? [] : [l.productId]));
    const weights = await deps.weights(ids);
    const fallback = Number(settings.defaultWeightKg);
    const weight = round3(
      order.lines.reduce((sum, l) => sum + (weights.get(l.productId ?? -1) ?? fallback) * l.quantity, 0),
    );
    const warehouse = order.branchRef ? await deps.directory.warehouse(order.branchRef) : undefined;
    const service = order.deliveryType === 'address' ? 'address' : warehouse?.locker ? 'locker' : 'branch';
    const cod = order.paymentMethod === 'cash' && order.amount !== '0.00';
    return {
      service,
      payer: 'recipient',
      recipient_first_name: order.firstName,
      recipient_last_name: order.lastName,
      recipient_phone: order.phoneNumber,
      city_ref: order.cityRef ?? '',
      city_name: order.city,
      ...(order.deliveryType === 'address'
        ? { address: order.branch }
        : { warehouse_ref: order.branchRef ?? undefined, warehouse_name: warehouse?.names.uk ?? order.branch }),
      weight_kg: Math.max(weight, 0.1),
      seats: [{ weight_kg: Math.max(weight, 0.1), ...defaultSeat }],
      declared_value: order.amount,
      description: settings.description,
      cash_on_delivery: cod ? order.amount : null,
    };
  }

  /** The draft's own rules (the carrier checks the rest and says so). */
  function checkDraft(draft: WaybillDraft) {
    const errors: Record<string, string[]> = {};
    if (draft.service !== 'address' && !draft.warehouse_ref)
      errors.warehouse_ref = [shippingMessages.warehouseRequired];
    if (draft.service === 'address' && !draft.address) errors.address = [shippingMessages.addressRequired];
    if (draft.service === 'locker') {
      if (draft.weight_kg > locker.maxWeightKg) errors.weight_kg = [shippingMessages.lockerTooHeavy];
      const tooLarge = draft.seats.some((s) => {
        const sides = [s.length_cm, s.width_cm, s.height_cm].sort((a, b) => a - b);
        return sides.some((side, i) => side > (locker.maxSides[i] ?? 0));
      });
      if (tooLarge) errors.seats = [shippingMessages.lockerTooLarge];
    }
    if (Object.keys(errors).length > 0) throw new InvalidInput(errors);
  }

  /** The draft's parcel as the carrier prices it: the cargo, cash on delivery if any, the day. */
  function parcelOf(draft: WaybillDraft, codKind: SettingsRow['codKind']) {
    const cod = draft.cash_on_delivery === null ? 0 : parseMoney(draft.cash_on_delivery);
    return {
      cargo: {
        weightKg: draft.weight_kg,
        seats: draft.seats.map((s) => ({
          weightKg: s.weight_kg,
          lengthCm: s.length_cm,
          widthCm: s.width_cm,
          heightCm: s.height_cm,
        })),
        declaredValue: parseMoney(draft.declared_value),
        description: draft.description,
      },
      ...(cod > 0 ? { cashOnDelivery: { amount: cod, kind: codKind } } : {}),
      sendDay: draft.send_day ?? today(),
    };
  }

  function requestOf(
    draft: WaybillDraft,
    sender: Sender,
    reference: string,
    codKind: SettingsRow['codKind'],
  ): WaybillRequest {
    return {
      reference,
      sender,
      recipient: {
        firstName: draft.recipient_first_name,
        lastName: draft.recipient_last_name,
        phone: draft.recipient_phone,
        cityRef: draft.city_ref,
        cityName: draft.city_name,
        ...(draft.service === 'address' ? { address: draft.address } : { warehouseRef: draft.warehouse_ref }),
      },
      service: draft.service,
      payer: draft.payer,
      ...parcelOf(draft, codKind),
    };
  }

  async function callCarrier<T>(work: (c: Carrier) => Promise<T>): Promise<T> {
    if (!carrier) throw new Conflict(shippingMessages.noCarrier);
    try {
      return await work(carrier);
    } catch (error) {
      if (error instanceof CarrierError) throw carrierRefusal(error);
      throw error;
    }
  }

  /** The sender, checked with the carrier once (before the first waybill, and after each change). */
  async function checkedSender(): Promise<{ sender: Sender; settings: SettingsRow }> {
    let settings = await repo.settings();
    const sender = senderOf(settings);
    if (!sender) throw new Conflict(shippingMessages.senderMissing);
    if (!settings.checkedAt) {
      const options = await callCarrier((c) => c.senders());
      const known = options
        .find((o) => o.counterpartyRef === sender.counterpartyRef)
        ?.contacts.some((c) => c.ref === sender.contactRef);
      if (!known) throw new Conflict(shippingMessages.senderUnknown);
      settings = await repo.saveSettings({ checkedAt: now() });
    }
    return { sender, settings };
  }

  /** Records what the carrier made for a shipment asked for, in one transaction with its audit entry. */
  async function completeCreation(pending: ShipmentRow, waybill: Waybill, actor: AuditActor): Promise<ShipmentRow> {
    return repo.transaction(async (tx) => {
      const row = await repo.update(
        pending.id,
        {
          ref: waybill.ref,
          number: waybill.number,
          cost: formatMoney(waybill.cost),
          deliveryDay: waybill.deliveryDay,
        },
        tx,
      );
      await repo.addEvent({ shipmentId: row.id, status: 'created' }, tx);
      await orders.waybillMade(row.orderId, tx);
      await audit.record(tx, actor, {
        action: 'shipment.create',
        entity: 'order',
        entityId: row.orderId,
        before: null,
        after: { number: row.number, cost: row.cost, cash_on_delivery: row.codAmount },
      });
      return row;
    });
  }

  /**
   * Asks the carrier for the pending shipment's waybill: first whether it made one for this reference
   * already (an answer lost on the way), and only then for a new one. A refusal takes the pending row
   * away (nothing half-saved); silence leaves it, so the next try looks before it makes.
   */
  async function askCarrier(pending: ShipmentRow, request: WaybillRequest, actor: AuditActor): Promise<ShipmentRow> {
    if (!carrier) throw new Conflict(shippingMessages.noCarrier);
    const day = pending.sendDay ?? today();
    try {
      const found = await carrier.find(pending.reference, day);
      const waybill = found ?? (await carrier.create(request));
      return await completeCreation(pending, waybill, actor);
    } catch (error) {
      if (!(error instanceof CarrierError)) throw error;
      if (error.kind === 'refused') {
        await repo.deletePending(pending.id);
        throw carrierRefusal(error);
      }
      // The answer may have been lost after the carrier made it: look once more before giving up.
      const again = await carrier.find(pending.reference, day).catch(() => undefined);
      if (again) return completeCreation(pending, again, actor);
      throw new UpstreamFailed(shippingMessages.pending);
    }
  }

  async function view(row: ShipmentRow): Promise<ShipmentView> {
    return shipmentView(row, await repo.events(row.id));
  }

  /** Writes a parcel mail (once per shipment and news) in `tx`. */
  async function mailParcelNews(news: ParcelNews, order: OrderRecord, row: ShipmentRow, tx: Executor) {
    if (order.email === '') return;
    await outbox.enqueue(
      [
        {
          orderId: order.id,
          kind: 'parcel_news',
          dedupeKey: `shipment:${row.id}:${news}${news === 'arrived' ? `:${row.arrivedAt?.toISOString() ?? ''}` : ''}`,
          message: parcelMail(news, order, row),
        },
      ],
      tx,
    );
  }

  /** The change a tracking answer makes to a shipment; undefined when it says nothing new. */
  function changeOf(row: ShipmentRow, parcel: TrackedParcel, isReturn: boolean): TrackingChange | undefined {
    const at = now();
    const change: TrackingChange = {};
    let status: ShipmentStatus = parcel.status;
    if (isReturn) {
      // The return waybill's own news: received back by the shop is "returned", anything else "returning".
      status = parcel.status === 'received' ? 'returned' : 'returning';
    } else if (row.status === 'returning' || row.status === 'returned') {
      return undefined;
    } else if (status === 'refused' && parcel.returnNumber) {
      status = 'returning';
    }
    if (status !== row.status) change.status = status;
    if (!isReturn && (parcel.carrierCode !== row.carrierCode || parcel.carrierText !== row.carrierText)) {
      change.carrierCode = parcel.carrierCode;
      change.carrierText = parcel.carrierText;
    }
    if (status === 'at_branch' && !row.arrivedAt) {
      const arrived = parcel.arrivedAt ? new Date(parcel.arrivedAt) : at;
      change.arrivedAt = arrived;
      change.storageUntil = parcel.storageUntil ?? addWorkingDays(kyivDay(arrived), storageWorkingDays);
    } else if (parcel.storageUntil && row.storageUntil && parcel.storageUntil > row.storageUntil) {
      // Storage extended (the buyer asked the carrier): a new end, and a new reminder before it.
      change.storageUntil = parcel.storageUntil;
      change.reminderSentAt = null;
    }
    if (status === 'received' && !row.receivedAt)
      change.receivedAt = parcel.receivedAt ? new Date(parcel.receivedAt) : at;
    if ((status === 'refused' || status === 'returning') && !row.refusedAt) change.refusedAt = at;
    if (status === 'returned' && !row.returnedAt) change.returnedAt = at;
    if (parcel.moneyTransferred && !row.moneyTransferredAt) change.moneyTransferredAt = at;
    if (parcel.returnNumber && parcel.returnNumber !== row.returnNumber) change.returnNumber = parcel.returnNumber;
    return Object.keys(change).length > 0 ? change : undefined;
  }

  /**
   * Applies one tracking answer to one shipment: its new state and history, the order's moves, the
   * buyer's mails and the manager's notice, in one transaction under the shipment's lock, so that
   * answers applied at the same time (two runs, two processes) move and mail once.
   */
  async function apply(shipmentId: number, parcel: TrackedParcel, isReturn: boolean) {
    const result = await repo.transaction(async (tx) => {
      const row = await repo.lock(shipmentId, tx);
      if (!row) return undefined;
      const change = changeOf(row, parcel, isReturn);
      if (!change) return undefined;
      const updated = await repo.update(row.id, change, tx);
      if (change.status) {
        await repo.addEvent(
          {
            shipmentId: row.id,
            status: change.status,
            carrierCode: parcel.carrierCode,
            carrierText: parcel.carrierText,
          },
          tx,
        );
      }
      const path = pathFor(updated.status, {
        // Payment control pays the shop's account on receipt; cash on delivery waits for the transfer.
        cod: updated.codKind === 'cash_on_delivery',
        moneyTransferred: updated.moneyTransferredAt !== null,
      });
      const moved = await orders.carrierMove(
        row.orderId,
        {
          path,
          reportedBy: carrierName,
          mailedByCaller: ['shipped', 'delivered'],
          note: { waybill: updated.number, code: parcel.carrierCode, text: parcel.carrierText },
        },
        tx,
      );
      const order = moved.order;
      const became = (s: ShipmentStatus) => change.status === s;
      if (row.status === 'created' && updated.status === 'in_transit')
        await mailParcelNews('shipped', order, updated, tx);
      if (became('at_branch')) await mailParcelNews('arrived', order, updated, tx);
      const refused = (became('refused') || became('returning')) && !row.refusedAt;
      return { order, updated, announce: moved.announce, refused };
    });
    if (!result) return false;
    await result.announce();
    outbox.wake();
    if (result.refused) await orders.notifyManager(refusalNotice(result.order, result.updated));
    return true;
  }

  return {
    async settings(): Promise<ShippingSettingsView> {
      return settingsView(await repo.settings());
    },

    async saveSettings(change: ShippingSettingsUpdate, actor: AuditActor): Promise<ShippingSettingsView> {
      return repo.transaction(async (tx) => {
        const before = await repo.settings(tx);
        const senderChanged = (['counterparty_ref', 'contact_ref', 'phone', 'city_ref', 'warehouse_ref'] as const).some(
          (k) => change[k] !== undefined,
        );
        const row = await repo.saveSettings(
          {
            ...(change.counterparty_ref !== undefined && { counterpartyRef: change.counterparty_ref }),
            ...(change.counterparty_name !== undefined && { counterpartyName: change.counterparty_name }),
            ...(change.contact_ref !== undefined && { contactRef: change.contact_ref }),
            ...(change.contact_name !== undefined && { contactName: change.contact_name }),
            ...(change.phone !== undefined && { phone: change.phone }),
            ...(change.city_ref !== undefined && { cityRef: change.city_ref }),
            ...(change.city_name !== undefined && { cityName: change.city_name }),
            ...(change.warehouse_ref !== undefined && { warehouseRef: change.warehouse_ref }),
            ...(change.warehouse_name !== undefined && { warehouseName: change.warehouse_name }),
            ...(change.cod_kind !== undefined && { codKind: change.cod_kind }),
            ...(change.default_weight_kg !== undefined && { defaultWeightKg: String(change.default_weight_kg) }),
            ...(change.description !== undefined && { description: change.description }),
            ...(change.tracking_interval_minutes !== undefined && {
              trackingIntervalMinutes: change.tracking_interval_minutes,
            }),
            // A new sender is checked with the carrier again before the next waybill.
            ...(senderChanged && { checkedAt: null }),
          },
          tx,
        );
        await audit.record(tx, actor, {
          action: 'shipping.settings',
          entity: 'shipping_settings',
          entityId: 1,
          before: settingsView(before),
          after: settingsView(row),
        });
        return settingsView(row);
      });
    },

    /** The shop's counterparties and contact persons as the carrier knows them. */
    async senderOptions() {
      const options = await callCarrier((c) => c.senders());
      return {
        senders: options.map((o) => ({ counterparty_ref: o.counterpartyRef, name: o.name, contacts: o.contacts })),
      };
    },

    /** An order's waybill, or the defaults of a new one. */
    async ofOrder(orderId: string): Promise<OrderShipping> {
      const order = await orderOf(orderId);
      const row = await repo.liveOf(orderId);
      const blocked = row ? null : blockedReason(order);
      return {
        shipment: row ? await view(row) : null,
        draft: row || blocked ? null : await draftOf(order, await repo.settings()),
        blocked,
        carrier_connected: carrier !== undefined,
      };
    },

    /** The carrier's price and delivery day for the draft. */
    async estimate(orderId: string, draft: WaybillDraft) {
      await orderOf(orderId);
      checkDraft(draft);
      const settings = await repo.settings();
      const senderCityRef = settings.cityRef;
      if (!senderCityRef) throw new Conflict(shippingMessages.senderMissing);
      const estimate = await callCarrier((c) =>
        c.estimate({
          senderCityRef,
          recipientCityRef: draft.city_ref,
          service: draft.service,
          ...parcelOf(draft, settings.codKind),
        }),
      );
      return {
        cost: formatMoney(estimate.cost),
        collection_fee: formatMoney(estimate.collectionFee),
        delivery_day: estimate.deliveryDay,
      };
    },

    /** The checkout's estimate: the carrier's price and day to a city, as information only. */
    async checkoutEstimate(cityRef: string, amount: string, cod: boolean, service: 'branch' | 'address' = 'branch') {
      if (!carrier) return undefined;
      const settings = await repo.settings();
      if (!settings.cityRef) return undefined;
      const weightKg = Number(settings.defaultWeightKg);
      const value = parseMoney(amount);
      try {
        const estimate = await carrier.estimate({
          senderCityRef: settings.cityRef,
          recipientCityRef: cityRef,
          service,
          cargo: {
            weightKg,
            seats: [
              {
                weightKg,
                lengthCm: defaultSeat.length_cm,
                widthCm: defaultSeat.width_cm,
                heightCm: defaultSeat.height_cm,
              },
            ],
            declaredValue: value,
          },
          ...(cod && value > 0 ? { cashOnDelivery: { amount: value, kind: settings.codKind } } : {}),
          sendDay: today(),
        });
        // What the buyer pays the carrier on receipt: the delivery and, with cash on delivery, its fee.
        return { cost: formatMoney(estimate.cost + estimate.collectionFee), delivery_day: estimate.deliveryDay };
      } catch (error) {
        if (error instanceof CarrierError) return undefined;
        throw error;
      }
    },

    /**
     * Makes the order's waybill through the carrier. The shipment is written first with its own
     * reference (pending), so a lost answer is found again by that reference and never made twice.
     */
    async create(orderId: string, draft: WaybillDraft, actor: AuditActor): Promise<ShipmentView> {
      const order = await orderOf(orderId);
      checkDraft(draft);
      const existing = await repo.liveOf(orderId);
      if (existing && existing.number !== null) throw new Conflict(shippingMessages.alreadyShipped);
      const blocked = blockedReason(order);
      if (blocked && !existing) throw new Conflict(blocked);
      const { sender, settings } = await checkedSender();
      const pending =
        existing ??
        (await repo.transaction(async (tx) => {
          if (await repo.liveOf(orderId, tx)) throw new Conflict(shippingMessages.alreadyShipped);
          return repo.insert(
            {
              orderId,
              reference: `${orderNumber(orderId).slice(1)}-${crypto.randomBytes(4).toString('hex')}`,
              ...shipmentFields(draft, settings.codKind),
              sendDay: draft.send_day ?? today(),
            },
            tx,
          );
        }));
      const request = requestOf(draft, sender, pending.reference, settings.codKind);
      return view(await askCarrier(pending, request, actor));
    },

    /** A waybill made elsewhere (Nova Poshta's cabinet), typed by hand: the parcel is with the carrier. */
    async enterByHand(orderId: string, number: string, actor: AuditActor): Promise<ShipmentView> {
      const order = await orderOf(orderId);
      const blocked = blockedReason(order);
      if (blocked) throw new Conflict(blocked);
      const settings = await repo.settings();
      const draft = await draftOf(order, settings);
      const { row, announce } = await repo.transaction(async (tx) => {
        if (await repo.liveOf(orderId, tx)) throw new Conflict(shippingMessages.alreadyShipped);
        if (await repo.numberTaken(number, tx)) {
          throw new InvalidInput({ number: [shippingMessages.numberTaken] });
        }
        const created = await repo.insert(
          {
            orderId,
            reference: `${orderNumber(orderId).slice(1)}-${crypto.randomBytes(4).toString('hex')}`,
            number,
            byHand: true,
            status: 'in_transit',
            service: draft.service,
            recipientFirstName: order.firstName,
            recipientLastName: order.lastName,
            recipientPhone: order.phoneNumber,
            cityRef: order.cityRef,
            cityName: order.city,
            warehouseRef: order.branchRef,
            warehouseName: draft.warehouse_name ?? order.branch,
            weightKg: String(draft.weight_kg),
            seats: draft.seats,
            declaredValue: order.amount,
            description: settings.description,
            codKind: draft.cash_on_delivery ? settings.codKind : null,
            codAmount: draft.cash_on_delivery,
            sendDay: today(),
          },
          tx,
        );
        await repo.addEvent({ shipmentId: created.id, status: 'in_transit' }, tx);
        await orders.waybillMade(orderId, tx);
        await audit.record(tx, actor, {
          action: 'shipment.by_hand',
          entity: 'order',
          entityId: orderId,
          before: null,
          after: { number },
        });
        const moved = await orders.carrierMove(
          orderId,
          { path: ['shipped'], reportedBy: actor.email, mailedByCaller: ['shipped'], note: { waybill: number } },
          tx,
        );
        await mailParcelNews('shipped', moved.order, created, tx);
        return { row: created, announce: moved.announce };
      });
      await announce();
      outbox.wake();
      return view(row);
    },

    /** Changes the waybill while the carrier allows it (before the parcel is handed over). */
    async update(orderId: string, draft: WaybillDraft, actor: AuditActor): Promise<ShipmentView> {
      checkDraft(draft);
      const row = await repo.liveOf(orderId);
      if (!row) throw new NotFound(shippingMessages.noShipment);
      if (row.byHand) throw new Conflict(shippingMessages.byHand);
      if (!editableStatuses.includes(row.status) || !row.ref) throw new Conflict(shippingMessages.notEditable);
      const { sender, settings } = await checkedSender();
      const ref = row.ref;
      const waybill = await callCarrier((c) =>
        c.update(ref, requestOf(draft, sender, row.reference, settings.codKind)),
      );
      const updated = await repo.transaction(async (tx) => {
        const changed = await repo.update(
          row.id,
          {
            number: waybill.number,
            cost: formatMoney(waybill.cost),
            deliveryDay: waybill.deliveryDay,
            ...shipmentFields(draft, settings.codKind),
            sendDay: draft.send_day ?? row.sendDay,
          },
          tx,
        );
        await audit.record(tx, actor, {
          action: 'shipment.update',
          entity: 'order',
          entityId: orderId,
          before: { number: row.number, weight_kg: row.weightKg, cash_on_delivery: row.codAmount },
          after: { number: changed.number, weight_kg: changed.weightKg, cash_on_delivery: changed.codAmount },
        });
        return changed;
      });
      return view(updated);
    },

    /**
     * Deletes the waybill: at the carrier while it allows it; one typed by hand only here. A waybill
     * still pending (its answer lost) is looked for first, so the carrier keeps none behind.
     */
    async remove(orderId: string, actor: AuditActor): Promise<void> {
      const row = await repo.liveOf(orderId);
      if (!row) throw new NotFound(shippingMessages.noShipment);
      if (!row.byHand) {
        if (!editableStatuses.includes(row.status)) throw new Conflict(shippingMessages.notEditable);
        const ref = row.ref ?? (await callCarrier((c) => c.find(row.reference, row.sendDay ?? today())))?.ref;
        if (ref) await callCarrier((c) => c.remove(ref));
      }
      await repo.transaction(async (tx) => {
        await repo.update(row.id, { status: 'deleted' }, tx);
        await repo.addEvent({ shipmentId: row.id, status: 'deleted' }, tx);
        await audit.record(tx, actor, {
          action: 'shipment.delete',
          entity: 'order',
          entityId: orderId,
          before: { number: row.number },
          after: null,
        });
      });
    },

    /** The labels of the orders' waybills made through the carrier, as one PDF. */
    async labels(orderIds: string[], format: 'marking' | 'a4'): Promise<Uint8Array> {
      const rows = (await repo.liveOfOrders(orderIds)).filter((r) => r.ref && !r.byHand);
      if (rows.length === 0) throw new Conflict(shippingMessages.noLabels);
      const refs = orderIds.flatMap((id) => rows.find((r) => r.orderId === id)?.ref ?? []);
      return callCarrier((c) => c.labels(refs, format));
    },

    /** One hand-over register of the orders' waybills not handed over yet. */
    async register(orderIds: string[], actor: AuditActor) {
      const rows = (await repo.liveOfOrders(orderIds)).filter((r) => r.ref && !r.byHand && !r.registerRef);
      if (rows.length === 0) throw new Conflict(shippingMessages.noLabels);
      const register = await callCarrier((c) => c.register(rows.map((r) => r.ref as string)));
      await repo.transaction(async (tx) => {
        for (const r of rows)
          await repo.update(r.id, { registerRef: register.ref, registerNumber: register.number }, tx);
        await audit.record(tx, actor, {
          action: 'shipment.register',
          entity: 'shipping_register',
          entityId: register.number,
          before: null,
          after: { number: register.number, waybills: rows.map((r) => r.number) },
        });
      });
      return { ref: register.ref, number: register.number, order_ids: rows.map((r) => r.orderId) };
    },

    /** A register of the shop's as a printable PDF; one the shop never made is not found. */
    async registerPdf(ref: string): Promise<Uint8Array> {
      if (!(await repo.registerExists(ref))) throw new NotFound(shippingMessages.noRegister);
      return callCarrier((c) => c.registerPdf(ref));
    },

    /**
     * One tracking run: every open shipment with a number (and the return waybills of refused ones),
     * `trackingBatch` at a time, each answer applied on its own. Returns how many shipments changed.
     */
    async track(): Promise<{ asked: number; changed: number }> {
      if (!carrier) return { asked: 0, changed: 0 };
      let asked = 0;
      let changed = 0;
      const seen = new Set<number>();
      for (;;) {
        const due = (await repo.dueForTracking(trackingBatch)).filter((r) => !seen.has(r.id));
        if (due.length === 0) break;
        for (const r of due) seen.add(r.id);
        const queries = due.flatMap((r) => {
          const phone = r.recipientPhone.replace(/^\+/, '');
          const own = r.status === 'returning' ? [] : [{ number: r.number as string, phone }];
          return r.returnNumber ? [...own, { number: r.returnNumber, phone }] : own;
        });
        const answers: TrackedParcel[] = [];
        for (let i = 0; i < queries.length; i += trackingBatch) {
          answers.push(...(await carrier.track(queries.slice(i, i + trackingBatch))));
        }
        asked += due.length;
        const byNumber = new Map(answers.map((a) => [a.number, a]));
        for (const r of due) {
          const own = byNumber.get(r.number as string);
          if (own && r.status !== 'returning' && (await apply(r.id, own, false))) changed++;
          const back = r.returnNumber ? byNumber.get(r.returnNumber) : undefined;
          if (back && (await apply(r.id, back, true))) changed++;
        }
        await repo.markTracked(due.map((r) => r.id));
        if (due.length < trackingBatch) break;
      }
      await this.remind();
      await repo.saveSettings({ lastTrackingAt: now() });
      return { asked, changed };
    },

    /** The buyer's reminder the day before a parcel's storage ends (once per parcel and end). */
    async remind(): Promise<number> {
      const due = await repo.remindersDue(addDays(today(), 1));
      let sent = 0;
      for (const row of due) {
        const order = await orders.byId(row.orderId);
        if (!order) continue;
        await repo.transaction(async (tx) => {
          const locked = await repo.lock(row.id, tx);
          if (!locked || locked.reminderSentAt || locked.status !== 'at_branch') return;
          const updated = await repo.update(row.id, { reminderSentAt: now() }, tx);
          await mailParcelNews('storage_ending', order, updated, tx);
          sent++;
        });
      }
      if (sent > 0) outbox.wake();
      return sent;
    },

    /** When the next tracking run is due: an interval after the last one ended. */
    async trackingDueAt(): Promise<Date> {
      const s = await repo.settings();
      if (!s.lastTrackingAt) return new Date(0);
      return new Date(s.lastTrackingAt.getTime() + s.trackingIntervalMinutes * 60_000);
    },
  };
}

export type ShippingService = ReturnType<typeof shippingService>;
