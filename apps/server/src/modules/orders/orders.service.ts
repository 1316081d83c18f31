import crypto from 'node:crypto';
import { selfPickup } from '@kram/contract/delivery';
import type { Language } from '@kram/contract/language';
import { formatMoney, parseMoney } from '@kram/contract/money';
import {
  type Order,
  type OrderBody,
  type OrderParcel,
  type OrderShipment,
  type OrderShipments,
  type OrderStatus,
  type OrderStatusView,
  orderMessages,
  orderStatuses,
  orderTransitions,
  type PaymentMethod,
} from '@kram/contract/orders';
import type { Executor } from '../../db/client.ts';
import { variantUrls } from '../../infra/media/variants.ts';
import {
  type FieldErrors,
  type FieldMessages,
  InvalidInput,
  KeyReused,
  noMatch,
  RuleViolation,
} from '../../lib/domain-errors.ts';
import type { Viewer } from '../accounts/index.ts';
import { noDiscounts, type OrderDiscounts, orderDiscount } from './order-discount.ts';
import type { OrderEvents } from './order-events.ts';
import { type PricingCatalog, priceOrder } from './order-pricing.ts';
import type { NewOrder, OrderRecord, OrdersRepository } from './orders.repository.ts';

const historyLimit = 100;
/** Order ids are UUIDs; anything else is looked up nowhere (the column is typed uuid on PostgreSQL). */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checks the carrier refs an order names against the directory (the delivery module). */
export interface DirectoryCheck {
  check(cityRef: string | undefined, branchRef: string | undefined): Promise<FieldErrors>;
}

/**
 * Stock as orders use it (the catalogue's stock, handed over at wiring time): an order takes its units
 * in the transaction that writes it, and gives them back or sends them as its status moves.
 */
export interface OrderStock {
  /** Takes the order's units in `tx`; a Conflict naming the line when fewer are left. */
  reserve(order: OrderRecord, tx: Executor): Promise<void>;
  /** Brings what the order holds in line with its status and lines, in `tx` (the change's own). */
  settle(order: OrderRecord, tx: Executor): Promise<void>;
  /** The order leaves with a waybill: its reserved units are sold, in `tx`. */
  sell(order: OrderRecord, tx: Executor): Promise<void>;
}

export interface OrdersDeps {
  repo: OrdersRepository;
  catalog: PricingCatalog;
  directory: DirectoryCheck;
  events: OrderEvents;
  stock: OrderStock;
  /** Promo codes (the promotions module); without it every code is unknown. */
  discounts?: OrderDiscounts;
}

export interface PlaceOptions {
  viewer: Viewer | null;
  language: Language;
  idempotencyKey: string | undefined;
}

/** How the checkout places an order: what its payment makes of it (checkout.ts decides). */
export interface PlacementTerms {
  /** Where its Idempotency-Key is unique: each checkout route has its own keys. */
  keyScope: 'order' | 'invoice';
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  /** Writes in the order's transaction (its mails); if it fails, no order is written. */
  alongside?: (order: OrderRecord, tx: Executor) => Promise<void>;
}

export interface Placed {
  order: OrderRecord;
  /** False when an Idempotency-Key answered an order placed before. */
  created: boolean;
}

/** Statuses from which `to` may be reached. */
const statusesBefore = (to: OrderStatus): OrderStatus[] =>
  orderStatuses.filter((from) => orderTransitions[from].includes(to));

export function toOrderView(order: OrderRecord): Order {
  return {
    order_id: order.id,
    status: order.status,
    payment_method: order.paymentMethod,
    delivery_type: order.deliveryType,
    shipping_address: { city: order.city, branch: order.branch },
    amount: order.amount,
    discount: order.discount,
    promo_code: order.promoCode,
    created_at: order.createdAt.toISOString(),
    items: order.lines.map((line) => ({
      product: line.productId,
      quantity: line.quantity,
      price: line.price,
      name: line.name,
      name_ru: line.nameRu,
      slug: line.slug,
      category_full_path: line.categoryPath,
      product_images: line.images.map((i) => ({ image: i.image, color: i.color, variants: variantUrls(i.image) })),
      sizes: line.sizes,
      colors: line.colors,
      size: line.size,
      color: line.color,
    })),
  };
}

/** The parcel each of these orders travels in, by order id (the shipping module answers). */
export type ParcelLookup = (orderIds: readonly string[]) => Promise<Map<string, OrderParcel>>;

export function ordersService(deps: OrdersDeps) {
  const { repo, catalog, directory, events, stock, discounts = noDiscounts } = deps;
  // No shipping module yet (or none at all): no order has a parcel.
  let parcelsOf: ParcelLookup = async () => new Map();

  async function replayed(orderId: string | null, seenFingerprint: string, fingerprint: string): Promise<Placed> {
    if (seenFingerprint !== fingerprint) throw new KeyReused(orderMessages.idempotencyMismatch);
    const order = orderId ? await repo.byId(orderId) : undefined;
    if (!order) throw new Error('an idempotency key without its order');
    return { order, created: false };
  }

  return {
    /**
     * Places an order on the checkout's terms: priced from the catalogue, checked against the rules,
     * written in one transaction. A repeated Idempotency-Key answers the order it placed the first time.
     */
    async place(input: OrderBody, options: PlaceOptions, terms: PlacementTerms): Promise<Placed> {
      const fingerprint = crypto
        .createHash('sha256')
        .update(JSON.stringify({ user: options.viewer?.id ?? null, input }))
        .digest('hex');
      const claim = options.idempotencyKey
        ? { scope: terms.keyScope, key: options.idempotencyKey, fingerprint }
        : undefined;
      if (claim) {
        const seen = await repo.claimed(claim.scope, claim.key);
        if (seen) return replayed(seen.orderId, seen.fingerprint, fingerprint);
      }

      const productIds = [...new Set(input.items.map((item) => item.product))];
      const products = await catalog.productsForPricing(productIds);
      const pricing = priceOrder(input.items, products);
      const address = input.shipping_address;
      // A branch must be in the directory's city; a courier's city, when picked from the directory, too.
      const refErrors =
        input.delivery_type === 'branch'
          ? await directory.check(address.city_ref, address.branch_ref)
          : input.delivery_type === 'address'
            ? await directory.check(address.city_ref, undefined)
            : {};
      // One promo code per order, quoted on the lines as the server priced them.
      const promo = pricing.ok
        ? await orderDiscount(discounts, input, pricing.lines, products, options.viewer?.id ?? null)
        : undefined;
      const fieldErrors: FieldMessages = {
        ...refErrors,
        ...(!pricing.ok && 'errors' in pricing ? pricing.errors : {}),
        ...(promo && !promo.ok ? { promo_code: [promo.refusal] } : {}),
      };
      if (Object.keys(fieldErrors).length > 0) throw new InvalidInput(fieldErrors);
      if (!pricing.ok) throw new RuleViolation(orderMessages.amountLimit, 'order_amount_limit');
      // The 50,000 UAH limit is on the goods' sum; the buyer pays it less the discount (decision 056).
      const accepted = promo?.ok ? promo.promo : undefined;
      const discount = accepted ? parseMoney(accepted.discount) : 0;

      const pickup = input.delivery_type === 'self_delivery' ? selfPickup[options.language] : undefined;
      const order: NewOrder = {
        id: crypto.randomUUID(),
        userId: options.viewer?.id ?? null,
        status: terms.status,
        paymentMethod: terms.paymentMethod,
        deliveryType: input.delivery_type,
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        phoneNumber: input.phone_number,
        city: pickup?.city ?? address.city ?? '',
        branch: pickup?.branch ?? address.branch ?? '',
        cityRef: pickup ? null : (address.city_ref ?? null),
        branchRef: input.delivery_type === 'branch' ? (address.branch_ref ?? null) : null,
        needCallBack: input.need_call_back,
        comment: input.description,
        amount: formatMoney(pricing.kopiyky - discount),
        discount: formatMoney(discount),
        promoCode: accepted?.code ?? null,
        language: options.language,
      };
      // Written with the order, or nothing is: its units, then what the checkout writes beside it.
      const alongside = async (created: OrderRecord, tx: Executor) => {
        await stock.reserve(created, tx);
        if (accepted) await discounts.redeem(accepted, created.id, tx);
        await terms.alongside?.(created, tx);
      };
      const outcome = await repo.create(order, pricing.lines, claim, alongside);
      if (outcome.outcome === 'replayed') return replayed(outcome.orderId, outcome.fingerprint, fingerprint);
      return { order: outcome.order, created: true };
    },

    async byId(orderId: string, executor?: Executor): Promise<OrderRecord | undefined> {
      return repo.byId(orderId, executor);
    },

    /** The language an order was placed in; undefined when there is no such order. */
    async languageOf(orderId: string): Promise<Language | undefined> {
      return (await repo.byId(orderId))?.language;
    },

    /** How many orders are in each status (statuses without orders are absent). */
    countByStatus: () => repo.countByStatus(),

    /** One order's status by its id; a malformed or unknown id is not found. */
    async status(orderId: string): Promise<OrderStatusView> {
      const found = uuidPattern.test(orderId) ? await repo.statusById(orderId.toLowerCase()) : undefined;
      if (!found) throw noMatch('Order');
      return {
        order_id: found.id,
        status: found.status,
        payment_method: found.paymentMethod,
      };
    },

    async history(viewer: Viewer): Promise<Order[]> {
      return (await repo.forUser(viewer.id, historyLimit)).map(toOrderView);
    },

    /** One order's parcel by its id, as its status is read; a malformed or unknown id is not found. */
    async shipment(orderId: string): Promise<OrderShipment> {
      const found = uuidPattern.test(orderId) ? await repo.statusById(orderId.toLowerCase()) : undefined;
      if (!found) throw noMatch('Order');
      return { order_id: found.id, shipment: (await parcelsOf([found.id])).get(found.id) ?? null };
    },

    /** The parcels of the shopper's orders (those of their history that have one). */
    async shipments(viewer: Viewer): Promise<OrderShipments> {
      const ids = (await repo.forUser(viewer.id, historyLimit)).map((o) => o.id);
      return { shipments: Object.fromEntries(await parcelsOf(ids)) };
    },

    /** The parcel each of these orders travels in, as the shipping module says. */
    parcelsOf: (orderIds: readonly string[]) => parcelsOf(orderIds),

    /** Lets the shipping module tell which parcel each order travels in. */
    describeParcelsWith(lookup: ParcelLookup): void {
      parcelsOf = lookup;
    },

    /**
     * The card payment of an order arrived (in `tx`): the order becomes paid if its status allows,
     * and then its payment mails are written in `tx`. Undefined when it could not become paid;
     * otherwise what to announce once `tx` has committed.
     */
    async paymentReceived(orderId: string, tx: Executor): Promise<(() => Promise<void>) | undefined> {
      if (!(await repo.setStatus(orderId, statusesBefore('paid'), 'paid', tx))) return undefined;
      const order = await repo.byId(orderId, tx);
      if (!order) return undefined;
      await events.write('paymentReceived', { order }, tx);
      return () => events.emit('paymentReceived', { order });
    },
  };
}

export type OrdersService = ReturnType<typeof ordersService>;
