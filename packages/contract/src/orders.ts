import { z } from 'zod';
import { color, productImage, size } from './catalog.ts';
import { badRequestError, detailError, money } from './common.ts';
import { carrierRef } from './delivery.ts';
import { languageField } from './language.ts';
import { maxQuantity, minQuantity } from './quantity.ts';
import { shipmentStatuses } from './shipping.ts';
import { email, firstName, lastName, telephone } from './validation.ts';

/** `cash`: on receipt; `matching`: by arrangement with the manager; `card`: through an invoice. */
export const paymentMethods = ['cash', 'matching', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** `branch`: a carrier's branch or locker; `address`: courier; `self_delivery`: pickup at the shop. */
export const deliveryTypes = ['branch', 'address', 'self_delivery'] as const;
export type DeliveryType = (typeof deliveryTypes)[number];

/**
 * Every status an order can be in; the storefront shows each through the key `statuses.{status}`.
 * A placed order is `new` (or `awaiting_payment` while its card invoice is open), a manager confirms
 * it by phone, then it is paid and/or shipped, delivered and completed; it may be cancelled or returned.
 */
export const orderStatuses = [
  'new',
  'awaiting_payment',
  'confirmed',
  'paid',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
  'returned',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** What every screen, mail and file shows as an order's number: "#" and the last 7 characters of its id. */
export const orderNumber = (orderId: string) => `#${orderId.slice(-7)}`;

/** Which status may follow which (the back office changes statuses; payments mark orders paid). */
export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  new: ['confirmed', 'paid', 'cancelled'],
  awaiting_payment: ['paid', 'confirmed', 'cancelled'],
  confirmed: ['paid', 'shipped', 'cancelled'],
  paid: ['confirmed', 'shipped', 'cancelled', 'returned'],
  shipped: ['delivered', 'returned', 'cancelled'],
  delivered: ['completed', 'returned'],
  completed: ['returned'],
  cancelled: [],
  returned: [],
};

/** The terms: one order from one shop is at most 50,000 UAH; larger ones only by phone. */
export const maxOrderAmount = '50000.00';
export const maxOrderLines = 100;
export const orderCommentMaxLength = 2000;

/** Checkout's own rules of spec section 5, with their translation keys. */
export const checkoutMessageKeys = {
  cityRequired: 'validation.city_required',
  branchRequired: 'validation.branch_required',
  addressRequired: 'validation.address_required',
  agreementRequired: 'validation.agreement_required',
  itemsRequired: 'validation.items_required',
} as const;

/** Answers the storefront may want to tell apart (spec section 8 shows error_order for all of them). */
export const orderMessages = {
  amountLimit: `An order over ${maxOrderAmount} UAH can only be placed by phone: please call the shop.`,
  productMissing: 'This product no longer exists.',
  outOfStock: 'This product is out of stock.',
  sizeRequired: 'Choose a size.',
  sizeNotOfProduct: 'This size does not belong to the product.',
  colorNotOfProduct: 'This colour does not belong to the product.',
  cardThroughInvoice: 'Card payments are placed through /api/create-monobank-invoice/.',
  idempotencyMismatch: 'This Idempotency-Key was already used for a different order.',
  tooManyLines: `An order holds at most ${maxOrderLines} lines.`,
} as const;

const id = (message = 'A valid integer is required.') =>
  z.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

const optionalText = (max: number) =>
  z
    .string({ error: 'Not a valid string.' })
    .trim()
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .optional();

/** A cart line as the storefront sends it. Its price is the shopper's view and is not trusted. */
export const orderItemInput = z.strictObject({
  product: id(),
  quantity: z
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(minQuantity, `Ensure this value is greater than or equal to ${minQuantity}.`)
    .max(maxQuantity, `Ensure this value is less than or equal to ${maxQuantity}.`),
  size: id().nullable().optional(),
  color: id().nullable().optional(),
  /** What the cart showed; the server prices every line from the catalogue instead. */
  price: z.union([z.string().max(32), z.number()]).optional(),
});
export type OrderItemInput = z.infer<typeof orderItemInput>;

export const shippingAddressInput = z.strictObject({
  /** The city's name as chosen (or typed). */
  city: optionalText(200),
  /** The branch's description, or the street address for courier delivery. */
  branch: optionalText(500),
  /** The carrier's refs of the chosen city and branch, when picked from the directory. */
  city_ref: carrierRef.optional(),
  branch_ref: carrierRef.optional(),
});

export const promoCodeMaxLength = 32;

/** A promo code as typed: spaces around it do not count, nor does case (codes are kept in upper case). */
export const promoCodeInput = z
  .string({ error: 'Not a valid string.' })
  .trim()
  .max(promoCodeMaxLength, `Ensure this field has no more than ${promoCodeMaxLength} characters.`)
  .transform((code) => code.toUpperCase());

const requiredFlag = (message: string) => z.boolean({ error: message }).refine((value) => value, { message });

const orderFields = {
  first_name: firstName,
  last_name: lastName,
  email,
  phone_number: telephone,
  payment_method: z.enum(paymentMethods, { error: `Must be one of ${paymentMethods.join(', ')}.` }),
  delivery_type: z.enum(deliveryTypes, { error: `Must be one of ${deliveryTypes.join(', ')}.` }),
  shipping_address: shippingAddressInput.optional().transform((value) => value ?? {}),
  need_call_back: z.boolean({ error: 'Must be a valid boolean.' }).optional().default(false),
  description: optionalText(orderCommentMaxLength).transform((value) => value ?? ''),
  items: z
    .array(orderItemInput, { error: checkoutMessageKeys.itemsRequired })
    .min(1, checkoutMessageKeys.itemsRequired)
    .max(maxOrderLines, orderMessages.tooManyLines),
  /** The cart's total as the shopper saw it; the answer carries the server's. */
  amount: z.union([z.number(), z.string().max(32)]).optional(),
  /** Mirrors the checkout's call-me box; `need_call_back` is what the shop acts on. */
  isChecked: z.boolean({ error: 'Must be a valid boolean.' }).optional(),
  /** The agreement box: it must be ticked. */
  isAgreement: requiredFlag(checkoutMessageKeys.agreementRequired),
  /** The language of the page the order was placed on: its mails and the payment's return follow it. */
  lng: languageField,
  /** One promo code for the whole order; empty or absent for none. The server prices its discount. */
  promo_code: promoCodeInput.optional(),
};

/**
 * City and branch (or courier address) are required unless the order is picked up at the shop. This
 * is a second schema over the same fields, intersected with the first: a refinement on the order
 * itself would be skipped whenever a personal field fails (those rules stop at their first problem),
 * and the form must show every problem at once.
 */
// Final issues: the intersection then answers them instead of merging the two sides' values.
const stop = { code: 'custom', continue: false } as const;

const addressRule = z
  .strictObject(Object.fromEntries(Object.keys(orderFields).map((key) => [key, z.unknown().optional()])))
  .superRefine(
    (order, ctx) => {
      // Pickup replaces city and branch with the shop's address, so neither is asked for.
      if (order.delivery_type === 'self_delivery') return;
      const address = (typeof order.shipping_address === 'object' && order.shipping_address) || {};
      const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';
      if (blank((address as { city?: unknown }).city)) {
        ctx.addIssue({ ...stop, path: ['shipping_address', 'city'], message: checkoutMessageKeys.cityRequired });
      }
      if (blank((address as { branch?: unknown }).branch)) {
        ctx.addIssue({
          ...stop,
          path: ['shipping_address', 'branch'],
          message:
            order.delivery_type === 'address'
              ? checkoutMessageKeys.addressRequired
              : checkoutMessageKeys.branchRequired,
        });
      }
    },
    // Runs whatever else is wrong (not for a body that is not an object at all).
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  // Contributes no values: the order's fields come from the first schema.
  .transform(() => ({}));

/**
 * The order payload of spec section 3 with the checkout rules of section 5: every problem is reported
 * at once, under its field (`shipping_address.city`, `items.0.quantity`); unknown fields are refused.
 */
export const orderBody = z.intersection(z.strictObject(orderFields), addressRule).meta({ id: 'OrderRequest' });
export type OrderBody = z.infer<typeof orderBody>;

/** Header of a retried submission: the same key answers the first order instead of placing another. */
export const idempotencyKeyHeader = 'idempotency-key';
export const orderHeaders = z.object({
  [idempotencyKeyHeader]: z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, 'Idempotency-Key must be 1 to 255 printable ASCII characters.')
    .optional(),
});

export const orderItem = z
  .object({
    /** The product's id when ordered; the name, slug and images below are as they were then. */
    product: z.number().int().nullable(),
    quantity: z.number().int(),
    /** The unit price the order was placed at. */
    price: money,
    name: z.string(),
    name_ru: z.string(),
    slug: z.string(),
    category_full_path: z.string(),
    product_images: z.array(productImage),
    sizes: z.array(size),
    colors: z.array(color),
    size: size.nullable(),
    color: color.nullable(),
  })
  .meta({ id: 'OrderItem' });
export type OrderItem = z.infer<typeof orderItem>;

/**
 * The parcel an order travels in, as its buyer sees it: the carrier's waybill number, where it is,
 * and the days that matter (expected delivery, the last day the branch keeps it).
 */
export const orderParcel = z
  .object({
    number: z.string(),
    status: z.enum(shipmentStatuses),
    tracking_url: z.string(),
    /** `2026-12-01`; null when the carrier did not say. */
    delivery_day: z.string().nullable(),
    /** The last day the branch keeps the parcel; null until it arrives. */
    storage_until: z.string().nullable(),
  })
  .meta({ id: 'OrderParcel' });
export type OrderParcel = z.infer<typeof orderParcel>;

export const order = z
  .object({
    /** A UUID; the storefront shows "#" and its last 7 characters. */
    order_id: z.uuid(),
    status: z.enum(orderStatuses),
    payment_method: z.enum(paymentMethods),
    delivery_type: z.enum(deliveryTypes),
    shipping_address: z.object({ city: z.string(), branch: z.string() }),
    /** What the buyer pays, in UAH: the lines' sum less the discount. */
    amount: money,
    /** What the promo code took off the lines' sum; "0.00" without one. */
    discount: money,
    /** The promo code the order was placed with, in upper case; null without one. */
    promo_code: z.string().nullable(),
    created_at: z.string(),
    items: z.array(orderItem),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof order>;

/** The signed-in shopper's orders, newest first. */
export const orderList = z.array(order).meta({ id: 'OrderList' });

/** `GET /api/orders/{order_id}/status/`: any id that is not a UUID is simply not found. */
export const orderStatusParams = z.object({ order_id: z.string() });

/**
 * One order's status, for whoever holds its id (a UUID nobody can guess), signed in or not: the
 * card payer back from the payment page reads it. No prices, no personal data.
 */
export const orderStatusView = z
  .object({
    order_id: z.uuid(),
    status: z.enum(orderStatuses),
    payment_method: z.enum(paymentMethods),
  })
  .meta({ id: 'OrderStatus' });
export type OrderStatusView = z.infer<typeof orderStatusView>;

/** `GET /api/orders/{order_id}/shipment/`: the order's parcel for whoever holds its id; null before a waybill. */
export const orderShipment = z
  .object({ order_id: z.uuid(), shipment: orderParcel.nullable() })
  .meta({ id: 'OrderShipment' });
export type OrderShipment = z.infer<typeof orderShipment>;

/** `GET /api/orders/shipments/`: the parcels of the signed-in shopper's orders that have one, by order id. */
export const orderShipments = z.object({ shipments: z.record(z.string(), orderParcel) }).meta({ id: 'OrderShipments' });
export type OrderShipments = z.infer<typeof orderShipments>;

export const orderErrors = { 400: badRequestError, 401: detailError, 422: detailError, 429: detailError };
