import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { likeEscape } from './place-name.ts';
import { carrierCities, carrierWarehouses } from './schema.ts';

/** A city or branch as a sync writes it; the repository stamps the sync's time. */
export type CityRow = Required<Omit<typeof carrierCities.$inferInsert, 'syncedAt' | 'warehouseCount'>>;
export type WarehouseRow = Required<Omit<typeof carrierWarehouses.$inferInsert, 'syncedAt'>>;

export interface CityHit {
  ref: string;
  description: string;
  description_ru: string;
  area: string;
  area_ru: string;
  /** Another city has the same name: the answer names the region too. */
  homonym: boolean;
}

export interface WarehouseHit {
  ref: string;
  description: string;
  description_ru: string;
}

const batchSize = 500;

export function deliveryRepository(database: Database) {
  const { db, rows } = database;
  return {
    async isEmpty(): Promise<boolean> {
      const [row] = await rows<{ any: boolean }>(sql`select exists (select 1 from carrier_cities) as any`);
      return !row?.any;
    },

    /** Inserts or updates cities by ref, stamping them with the sync they were seen in. */
    async upsertCities(cities: CityRow[], syncedAt: Date): Promise<void> {
      for (let i = 0; i < cities.length; i += batchSize) {
        await db
          .insert(carrierCities)
          .values(cities.slice(i, i + batchSize).map((c) => ({ ...c, syncedAt })))
          .onConflictDoUpdate({
            target: carrierCities.ref,
            set: {
              description: sql`excluded.description`,
              descriptionRu: sql`excluded.description_ru`,
              area: sql`excluded.area`,
              areaRu: sql`excluded.area_ru`,
              searchUk: sql`excluded.search_uk`,
              searchRu: sql`excluded.search_ru`,
              syncedAt: sql`excluded.synced_at`,
            },
          });
      }
    },

    async upsertWarehouses(warehouses: WarehouseRow[], syncedAt: Date): Promise<void> {
      for (let i = 0; i < warehouses.length; i += batchSize) {
        await db
          .insert(carrierWarehouses)
          .values(warehouses.slice(i, i + batchSize).map((w) => ({ ...w, syncedAt })))
          .onConflictDoUpdate({
            target: carrierWarehouses.ref,
            set: {
              cityRef: sql`excluded.city_ref`,
              description: sql`excluded.description`,
              descriptionRu: sql`excluded.description_ru`,
              number: sql`excluded.number`,
              category: sql`excluded.category`,
              searchUk: sql`excluded.search_uk`,
              searchRu: sql`excluded.search_ru`,
              syncedAt: sql`excluded.synced_at`,
            },
          });
      }
    },

    /**
     * After a complete sync: drops what the carrier no longer lists (not seen since `syncedAt`) and
     * recounts each city's branches. Only a finished sync gets here, so a failed one loses nothing.
     */
    async finishSync(syncedAt: Date): Promise<{ removedCities: number; removedWarehouses: number }> {
      return db.transaction(async (tx) => {
        const removedWarehouses = await tx
          .delete(carrierWarehouses)
          .where(lt(carrierWarehouses.syncedAt, syncedAt))
          .returning({ ref: carrierWarehouses.ref });
        const removedCities = await tx
          .delete(carrierCities)
          .where(lt(carrierCities.syncedAt, syncedAt))
          .returning({ ref: carrierCities.ref });
        await tx.execute(sql`
          update carrier_cities c set warehouse_count = w.n
          from (select city_ref, count(*)::int as n from carrier_warehouses group by city_ref) w
          where w.city_ref = c.ref and c.warehouse_count <> w.n`);
        await tx.execute(sql`
          update carrier_cities c set warehouse_count = 0
          where c.warehouse_count <> 0 and not exists (select 1 from carrier_warehouses w where w.city_ref = c.ref)`);
        return { removedCities: removedCities.length, removedWarehouses: removedWarehouses.length };
      });
    },

    async counts(): Promise<{ cities: number; warehouses: number }> {
      const [row] = await rows<{ cities: number; warehouses: number }>(
        sql`select (select count(*)::int from carrier_cities) as cities, (select count(*)::int from carrier_warehouses) as warehouses`,
      );
      return row ?? { cities: 0, warehouses: 0 };
    },

    /**
     * Cities whose name (either language) begins with `key`, then those with a word that begins with
     * it, then those that contain it; busier cities first within each. An empty key lists the busiest.
     */
    searchCities(key: string, limit: number): Promise<CityHit[]> {
      const text = likeEscape(key);
      const rank = key
        ? sql`case
            when c.search_uk like ${`${text}%`} or c.search_ru like ${`${text}%`} then 0
            when c.search_uk like ${`% ${text}%`} or c.search_ru like ${`% ${text}%`}
              or c.search_uk like ${`%-${text}%`} or c.search_ru like ${`%-${text}%`} then 1
            else 2 end`
        : sql`0`;
      const where = key ? sql`where c.search_uk like ${`%${text}%`} or c.search_ru like ${`%${text}%`}` : sql``;
      // The homonym check runs for the page only, not for every match.
      return rows<CityHit>(sql`
        select c.ref, c.description, c.description_ru, c.area, c.area_ru,
          exists (select 1 from carrier_cities d where d.description = c.description and d.ref <> c.ref) as homonym
        from (
          select c.*, ${rank} as rank from carrier_cities c ${where}
          order by rank, c.warehouse_count desc, c.description, c.ref
          limit ${limit}
        ) c
        order by c.rank, c.warehouse_count desc, c.description, c.ref`);
    },

    /**
     * A city's branches and lockers: with text, the one numbered so first, then descriptions that
     * begin with it, then those that contain it; by number within each.
     */
    searchWarehouses(cityRef: string, key: string, limit: number): Promise<WarehouseHit[]> {
      const text = likeEscape(key);
      const number = /^\d{1,9}$/.test(key) ? Number(key) : -1;
      const match = key
        ? sql`and (w.search_uk like ${`%${text}%`} or w.search_ru like ${`%${text}%`} or w.number = ${number})`
        : sql``;
      const rank = key
        ? sql`case
            when w.number = ${number} then 0
            when w.search_uk like ${`${text}%`} or w.search_ru like ${`${text}%`} then 1
            else 2 end,`
        : sql``;
      return rows<WarehouseHit>(sql`
        select w.ref, w.description, w.description_ru
        from carrier_warehouses w
        where w.city_ref = ${cityRef} ${match}
        order by ${rank} w.number nulls last, w.description, w.ref
        limit ${limit}`);
    },

    async cityExists(ref: string): Promise<boolean> {
      const found = await db
        .select({ ref: carrierCities.ref })
        .from(carrierCities)
        .where(eq(carrierCities.ref, ref))
        .limit(1);
      return found.length === 1;
    },

    /** One branch or parcel locker by its ref. */
    async warehouse(ref: string) {
      const [row] = await db
        .select({
          ref: carrierWarehouses.ref,
          cityRef: carrierWarehouses.cityRef,
          description: carrierWarehouses.description,
          descriptionRu: carrierWarehouses.descriptionRu,
          category: carrierWarehouses.category,
        })
        .from(carrierWarehouses)
        .where(eq(carrierWarehouses.ref, ref))
        .limit(1);
      return row;
    },

    async warehouseIn(ref: string, cityRef: string | undefined): Promise<boolean> {
      const found = await db
        .select({ ref: carrierWarehouses.ref })
        .from(carrierWarehouses)
        .where(
          cityRef
            ? and(eq(carrierWarehouses.ref, ref), eq(carrierWarehouses.cityRef, cityRef))
            : eq(carrierWarehouses.ref, ref),
        )
        .limit(1);
      return found.length === 1;
    },
  };
}

export type DeliveryRepository = ReturnType<typeof deliveryRepository>;
