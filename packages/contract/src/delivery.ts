import { z } from 'zod';
import { badRequestError, detailError, optionalQuery } from './common.ts';
import type { Language } from './language.ts';

/** At most this many cities or branches answer one look-up. */
export const directoryResultLimit = 50;
export const directorySearchMaxLength = 100;

/** A carrier's id of a city or a branch (Nova Poshta: a UUID). */
export const carrierRef = z
  .string({ error: 'Not a valid string.' })
  .trim()
  .regex(/^[0-9A-Za-z-]{1,64}$/, 'Not a valid reference.');

const search = optionalQuery(
  z
    .string()
    .trim()
    .max(directorySearchMaxLength, `Ensure this field has no more than ${directorySearchMaxLength} characters.`),
).transform((value) => value ?? '');

export const citiesQuery = z.object({ search });
export const warehousesQuery = z.object({
  city_ref: z.string({ error: 'This field is required.' }).pipe(carrierRef),
  search,
});

export const city = z.object({ ref: z.string(), description: z.string() }).meta({ id: 'City' });
export const warehouse = z.object({ ref: z.string(), description: z.string() }).meta({ id: 'Warehouse' });
export type City = z.infer<typeof city>;
export type Warehouse = z.infer<typeof warehouse>;

/** Prefix matches first, then names that contain the text; at most 50. */
export const cityList = z.object({ cities: z.array(city) }).meta({ id: 'CityList' });
export const warehouseList = z.object({ warehouses: z.array(warehouse) }).meta({ id: 'WarehouseList' });

/**
 * The pickup point in Odesa where `self_delivery` orders are collected; the server writes it into the
 * order, and the storefront's footer and legal pages name the same street.
 */
export const selfPickup: Record<Language, { city: string; branch: string }> = {
  uk: { city: 'Одеса', branch: 'Самовивіз: вул. Пушкінська, 10' },
  ru: { city: 'Одесса', branch: 'Самовывоз: ул. Пушкинская, 10' },
};

export const deliveryErrors = { 400: badRequestError, 401: detailError };

/**
 * `GET /api/shipping/estimate/`: the carrier's price and delivery day to a city for an order of this
 * amount, shown at checkout as information (the order's own delivery line stays 0: the buyer pays the
 * carrier on receipt, at its tariff).
 */
export const shippingEstimateQuery = z.object({
  city_ref: z.string({ error: 'This field is required.' }).pipe(carrierRef),
  amount: z.string({ error: 'This field is required.' }).regex(/^\d{1,9}(\.\d{1,2})?$/, 'A valid number is required.'),
  payment_method: z.enum(['cash', 'matching', 'card']).default('cash'),
  /** To a branch, or to the door by courier. */
  delivery_type: z.enum(['branch', 'address']).default('branch'),
});

/** Null fields when the carrier cannot say now (no key, no sender city, the carrier silent). */
export const shippingEstimate = z
  .object({
    /** UAH, `85.00`. */
    cost: z.string().nullable(),
    /** `2026-12-01` */
    delivery_day: z.string().nullable(),
  })
  .meta({ id: 'ShippingEstimate' });
export type ShippingEstimate = z.infer<typeof shippingEstimate>;
