import { z } from 'zod';
import { money } from './common.ts';

/** The shop's days begin and end in Kyiv, whatever the server's clock says. */
export const shopTimeZone = 'Europe/Kyiv';
/** How many days the revenue chart shows, today included. */
export const revenueDays = 30;

export const dashboardDay = z
  .object({
    /** The day in Kyiv, `2026-11-23`. */
    date: z.string(),
    /** Orders placed that day that were not cancelled or returned, and what they came to. */
    orders: z.number().int(),
    amount: money,
  })
  .meta({ id: 'AdminDashboardDay' });
export type DashboardDay = z.infer<typeof dashboardDay>;

export const dashboard = z
  .object({
    time_zone: z.literal(shopTimeZone),
    /** Today so far (the last of `revenue`). */
    today: dashboardDay,
    /** Orders waiting for the shop: new ones to confirm, and card orders whose payment has not arrived. */
    awaiting: z.object({ new: z.number().int(), awaiting_payment: z.number().int() }),
    /** Orders by what happens to their parcel (the order list's shipping filters). */
    shipping: z.object({
      to_ship: z.number().int(),
      in_transit: z.number().int(),
      at_branch: z.number().int(),
      storage_ending: z.number().int(),
      returning: z.number().int(),
    }),
    /** The last 30 days, oldest first, every day present (zero when nothing was ordered). */
    revenue: z.array(dashboardDay),
  })
  .meta({ id: 'AdminDashboard' });
export type Dashboard = z.infer<typeof dashboard>;
