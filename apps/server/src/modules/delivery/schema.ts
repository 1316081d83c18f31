import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// The carrier's directory (Nova Poshta), synced from its API or loaded from the bundled file.
// `search_uk`/`search_ru` are the names folded by the application (lower case, one apostrophe),
// since lower() depends on the database's locale.
export const carrierCities = pgTable(
  'carrier_cities',
  {
    ref: text('ref').primaryKey(),
    description: text('description').notNull(),
    descriptionRu: text('description_ru').notNull().default(''),
    area: text('area').notNull().default(''),
    areaRu: text('area_ru').notNull().default(''),
    searchUk: text('search_uk').notNull(),
    searchRu: text('search_ru').notNull(),
    // Busier cities come first among equal matches.
    warehouseCount: integer('warehouse_count').notNull().default(0),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('carrier_cities_search_uk_trgm').using('gin', sql`${t.searchUk} gin_trgm_ops`),
    index('carrier_cities_search_ru_trgm').using('gin', sql`${t.searchRu} gin_trgm_ops`),
    index('carrier_cities_synced_idx').on(t.syncedAt),
    // Finds namesakes, whose answers name the region too.
    index('carrier_cities_description_idx').on(t.description),
  ],
);

export const carrierWarehouses = pgTable(
  'carrier_warehouses',
  {
    ref: text('ref').primaryKey(),
    // No foreign key: the carrier's pages may list a branch before (or without) its city.
    cityRef: text('city_ref').notNull(),
    description: text('description').notNull(),
    descriptionRu: text('description_ru').notNull().default(''),
    number: integer('number'),
    // Nova Poshta's CategoryOfWarehouse: Branch, Postomat, Store…
    category: text('category').notNull().default(''),
    searchUk: text('search_uk').notNull(),
    searchRu: text('search_ru').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('carrier_warehouses_city_idx').on(t.cityRef, t.number),
    index('carrier_warehouses_synced_idx').on(t.syncedAt),
  ],
);

/** Each run of the carrier directory's sync: when, from where, what it brought, or why it failed. */
export const carrierSyncRuns = pgTable(
  'carrier_sync_runs',
  {
    id: serial('id').primaryKey(),
    // `schedule` (the daily job), `staff` (the back office's button) or `cli`.
    trigger: text('trigger').notNull(),
    // `api` (Nova Poshta) or `bundled` (the file shipped with the shop).
    source: text('source').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cities: integer('cities'),
    warehouses: integer('warehouses'),
    error: text('error'),
  },
  (t) => [index('carrier_sync_runs_started_idx').on(t.startedAt.desc())],
);
