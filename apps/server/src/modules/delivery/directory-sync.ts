import fs from 'node:fs';
import type { CityRow, DeliveryRepository, WarehouseRow } from './delivery.repository.ts';
import type { NovaPoshtaCity, NovaPoshtaClient, NovaPoshtaWarehouse } from './nova-poshta-client.ts';
import { foldPlaceName } from './place-name.ts';

export type SyncProgress = (phase: 'cities' | 'branches', done: number, total: number) => void;

export interface SyncResult {
  cities: number;
  warehouses: number;
  removedCities: number;
  removedWarehouses: number;
}

const bundledFile = new URL('./directory/novaposhta.json', import.meta.url);

export function toCityRow(city: NovaPoshtaCity): CityRow {
  const descriptionRu = city.DescriptionRu?.trim() || '';
  return {
    ref: city.Ref,
    description: city.Description.trim(),
    descriptionRu,
    area: city.AreaDescription?.trim() ?? '',
    areaRu: city.AreaDescriptionRu?.trim() ?? '',
    searchUk: foldPlaceName(city.Description),
    searchRu: foldPlaceName(descriptionRu),
  };
}

/** Closed or otherwise not working branches are left out: nobody can collect a parcel there. */
export function toWarehouseRow(warehouse: NovaPoshtaWarehouse): WarehouseRow | undefined {
  if (warehouse.WarehouseStatus && warehouse.WarehouseStatus !== 'Working') return undefined;
  const number = Number(warehouse.Number);
  const descriptionRu = warehouse.DescriptionRu?.trim() || '';
  return {
    ref: warehouse.Ref,
    cityRef: warehouse.CityRef,
    description: warehouse.Description.trim(),
    descriptionRu,
    number: Number.isSafeInteger(number) && number >= 0 && number < 2 ** 31 ? number : null,
    category: warehouse.CategoryOfWarehouse ?? '',
    searchUk: foldPlaceName(warehouse.Description),
    searchRu: foldPlaceName(descriptionRu),
  };
}

const valid = (c: { Ref?: unknown; Description?: unknown }) =>
  typeof c.Ref === 'string' && c.Ref !== '' && typeof c.Description === 'string' && c.Description.trim() !== '';

/**
 * Fills the directory from Nova Poshta, page by page. Each page is upserted as it arrives, and what
 * the carrier no longer lists is removed only once everything was read: a sync that fails halfway
 * leaves the directory as it was plus the pages it got.
 */
export async function syncFromNovaPoshta(
  repo: DeliveryRepository,
  client: NovaPoshtaClient,
  onProgress: SyncProgress = () => {},
): Promise<SyncResult> {
  const startedAt = new Date();
  let cities = 0;
  for await (const page of client.cities()) {
    const rows = page.data.filter(valid).map(toCityRow);
    await repo.upsertCities(rows, startedAt);
    cities += page.data.length;
    onProgress('cities', cities, page.total);
  }
  let warehouses = 0;
  for await (const page of client.warehouses()) {
    const rows = page.data
      .filter((w) => valid(w) && typeof w.CityRef === 'string')
      .flatMap((w) => toWarehouseRow(w) ?? []);
    await repo.upsertWarehouses(rows, startedAt);
    warehouses += page.data.length;
    onProgress('branches', warehouses, page.total);
  }
  const removed = await repo.finishSync(startedAt);
  const counts = await repo.counts();
  return { cities: counts.cities, warehouses: counts.warehouses, ...removed };
}

interface BundledDirectory {
  cities: NovaPoshtaCity[];
  warehouses: NovaPoshtaWarehouse[];
}

/** The directory shipped with kram (`directory/novaposhta.json`): real cities, a few branches each. */
export function readBundledDirectory(): BundledDirectory {
  return JSON.parse(fs.readFileSync(bundledFile, 'utf8')) as BundledDirectory;
}

/** Replaces the directory with the bundled one (through the same upsert as a sync). */
export async function loadBundledDirectory(repo: DeliveryRepository, onProgress: SyncProgress = () => {}) {
  const { cities, warehouses } = readBundledDirectory();
  const startedAt = new Date();
  await repo.upsertCities(cities.map(toCityRow), startedAt);
  onProgress('cities', cities.length, cities.length);
  await repo.upsertWarehouses(
    warehouses.flatMap((w) => toWarehouseRow(w) ?? []),
    startedAt,
  );
  onProgress('branches', warehouses.length, warehouses.length);
  const removed = await repo.finishSync(startedAt);
  const counts = await repo.counts();
  return { cities: counts.cities, warehouses: counts.warehouses, ...removed };
}

/** First start without NOVA_POSHTA_API_KEY: an empty directory gets the bundled one. */
export async function loadBundledDirectoryIfEmpty(repo: DeliveryRepository): Promise<SyncResult | undefined> {
  if (!(await repo.isEmpty())) return undefined;
  return loadBundledDirectory(repo);
}
