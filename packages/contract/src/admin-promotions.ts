import { z } from 'zod';
import { listQuery, queryFlag, queryText } from './admin.ts';
import { money } from './common.ts';
import { promoCodeMaxLength, promoKinds } from './promotions.ts';

/**
 * The back office's promotions: promo codes (`/api/admin/promo-codes/`) and scheduled sales
 * (`/api/admin/sales/`). Times are instants (ISO 8601 with an offset) or Kyiv's wall clock
 * (`2026-11-23T09:00`, no offset), which is how the shop's staff think of them.
 */

export const adminPromotionMessages = {
  codeFormat: `A code is 3 to ${promoCodeMaxLength} Latin letters, digits, hyphens or underscores.`,
  codeTaken: 'Another promo code already has this code.',
  amountFormat: 'Enter an amount such as 100 or 99.50.',
  valueZero: 'The discount must be above zero.',
  percentTooLarge: 'A percentage discount is at most 100.',
  endBeforeStart: 'The end must come after the start.',
  timeFormat: 'Enter a date and time such as 2026-11-23T09:00.',
  usesTooFew: 'At least one use.',
  saleTargetsRequired: 'Choose a category or some products.',
  salePercent: 'A sale takes from 1 to 90 percent off.',
  saleStartRequired: 'A sale needs a start and an end.',
  saleUnderway: 'A sale that has started can only be ended now, not changed.',
  maxBelowUsed: 'The limit cannot be below the uses made already.',
  usedCannotRename: 'A code that orders were placed with keeps its code: make a new one.',
  usedCannotDelete: 'A code that orders were placed with cannot be deleted: switch it off instead.',
} as const;

const maxId = 2 ** 31 - 1;
const ids = z.array(z.number().int().min(1).max(maxId)).max(500);

/** An amount of money as staff type it ("100", "99.5"), kept with two places. */
const amount = z
  .string({ error: adminPromotionMessages.amountFormat })
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, adminPromotionMessages.amountFormat);

/** An instant with its offset, or Kyiv's wall clock without one. */
export const adminInstant = z
  .string({ error: adminPromotionMessages.timeFormat })
  .trim()
  .refine(
    (v) => z.iso.datetime({ offset: true }).safeParse(v).success || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(v),
    adminPromotionMessages.timeFormat,
  );

const uses = z.number().int().min(1, adminPromotionMessages.usesTooFew).max(maxId).nullable();

const promoFields = {
  code: z
    .string({ error: adminPromotionMessages.codeFormat })
    .trim()
    .regex(new RegExp(`^[A-Za-z0-9_-]{3,${promoCodeMaxLength}}$`), adminPromotionMessages.codeFormat)
    .transform((code) => code.toUpperCase()),
  kind: z.enum(promoKinds, { error: `Must be one of ${promoKinds.join(', ')}.` }),
  /** Percent (up to 100) or hryvnias, as `kind` says. */
  value: amount,
  /** The lines' sum (before the discount) the order must reach; null for none. */
  min_total: amount.nullable().optional(),
  starts_at: adminInstant.nullable().optional(),
  ends_at: adminInstant.nullable().optional(),
  /** Uses in all; null for no limit. */
  max_uses: uses.optional(),
  /** Uses per customer (an account, or a guest's e-mail and telephone); null for no limit. */
  max_uses_per_customer: uses.optional(),
  /** The goods it applies to: in these categories (and those under them) or these products; both empty: all. */
  category_ids: ids.optional(),
  product_ids: ids.optional(),
  /** Goods already on promotion (a sale price) get no discount from it. */
  exclude_promo: z.boolean().optional(),
  active: z.boolean().optional(),
};

export const adminPromoCodeCreate = z.strictObject(promoFields).meta({ id: 'AdminPromoCodeCreate' });
export type AdminPromoCodeCreate = z.infer<typeof adminPromoCodeCreate>;

export const adminPromoCodeUpdate = z
  .strictObject(
    Object.fromEntries(Object.entries(promoFields).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof typeof promoFields]: z.ZodOptional<(typeof promoFields)[K]>;
    },
  )
  .meta({ id: 'AdminPromoCodeUpdate' });
export type AdminPromoCodeUpdate = z.infer<typeof adminPromoCodeUpdate>;

export const adminPromoCode = z
  .object({
    id: z.number().int(),
    code: z.string(),
    kind: z.enum(promoKinds),
    value: money,
    min_total: money.nullable(),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    max_uses: z.number().int().nullable(),
    max_uses_per_customer: z.number().int().nullable(),
    category_ids: z.array(z.number().int()),
    product_ids: z.array(z.number().int()),
    exclude_promo: z.boolean(),
    active: z.boolean(),
    /** Orders placed with it. */
    uses: z.number().int(),
    /** The amounts paid by the orders placed with it that still stand (not cancelled or returned). */
    revenue: money,
    /** What it took off those orders. */
    discounts: money,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AdminPromoCode' });
export type AdminPromoCode = z.infer<typeof adminPromoCode>;

export const adminPromoCodeListQuery = listQuery(['id', 'code', 'created_at', 'uses'], {
  q: queryText(promoCodeMaxLength),
  active: queryFlag,
});
export type AdminPromoCodeListQuery = z.infer<typeof adminPromoCodeListQuery>;

/** Where a sale stands: waiting for its start, its prices in the catalogue, or over (prices restored). */
export const saleStates = ['scheduled', 'active', 'ended'] as const;
export type SaleState = (typeof saleStates)[number];

const saleFields = {
  name: z.string({ error: 'Not a valid string.' }).trim().min(1, 'This field may not be blank.').max(200),
  /** The share taken off each product's price; its price before becomes the crossed-out old price. */
  percent: z
    .number({ error: adminPromotionMessages.salePercent })
    .int(adminPromotionMessages.salePercent)
    .min(1, adminPromotionMessages.salePercent)
    .max(90, adminPromotionMessages.salePercent),
  starts_at: adminInstant,
  ends_at: adminInstant,
  category_ids: ids.optional(),
  product_ids: ids.optional(),
};

export const adminSaleCreate = z.strictObject(saleFields).meta({ id: 'AdminSaleCreate' });
export type AdminSaleCreate = z.infer<typeof adminSaleCreate>;

export const adminSaleUpdate = z
  .strictObject(
    Object.fromEntries(Object.entries(saleFields).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof typeof saleFields]: z.ZodOptional<(typeof saleFields)[K]>;
    },
  )
  .meta({ id: 'AdminSaleUpdate' });
export type AdminSaleUpdate = z.infer<typeof adminSaleUpdate>;

export const adminSale = z
  .object({
    id: z.number().int(),
    name: z.string(),
    percent: z.number().int(),
    starts_at: z.string(),
    ends_at: z.string(),
    category_ids: z.array(z.number().int()),
    product_ids: z.array(z.number().int()),
    state: z.enum(saleStates),
    /** Products whose price the sale set (while active). */
    products_on_sale: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AdminSale' });
export type AdminSale = z.infer<typeof adminSale>;

export const adminSaleListQuery = listQuery(['id', 'name', 'starts_at', 'ends_at'], {
  q: queryText(200),
});
export type AdminSaleListQuery = z.infer<typeof adminSaleListQuery>;
