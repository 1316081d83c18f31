import { type City, directoryResultLimit, type Warehouse } from '@kram/contract/delivery';
import type { Language } from '@kram/contract/language';
import type { FieldErrors } from '../../lib/domain-errors.ts';
import type { DeliveryRepository } from './delivery.repository.ts';
import { foldPlaceName } from './place-name.ts';

export const deliveryMessages = {
  unknownCity: 'Unknown city.',
  unknownBranch: 'Unknown branch for this city.',
} as const;

/** The carrier's directory: look-ups for the checkout, and checks of the refs an order names. */
export function deliveryService(repo: DeliveryRepository) {
  return {
    async cities(search: string, language: Language): Promise<City[]> {
      const hits = await repo.searchCities(foldPlaceName(search), directoryResultLimit);
      return hits.map((c) => {
        const name = (language === 'ru' && c.description_ru) || c.description;
        const area = (language === 'ru' && c.area_ru) || c.area;
        // Villages share names across regions; the region tells them apart.
        return { ref: c.ref, description: c.homonym && area ? `${name} (${area} обл.)` : name };
      });
    },

    async warehouses(cityRef: string, search: string, language: Language): Promise<Warehouse[]> {
      const hits = await repo.searchWarehouses(cityRef, foldPlaceName(search), directoryResultLimit);
      return hits.map((w) => ({ ref: w.ref, description: (language === 'ru' && w.description_ru) || w.description }));
    },

    /** A branch or parcel locker by its ref, with its names and whether it is a parcel locker. */
    async warehouse(ref: string) {
      const row = await repo.warehouse(ref);
      if (!row) return undefined;
      return {
        ref: row.ref,
        cityRef: row.cityRef,
        names: { uk: row.description, ru: row.descriptionRu || row.description },
        locker: row.category === 'Postomat',
      };
    },

    /** Refs an order names must be in the directory, and the branch in the city. */
    async check(cityRef: string | undefined, branchRef: string | undefined): Promise<FieldErrors> {
      const errors: FieldErrors = {};
      if (cityRef && !(await repo.cityExists(cityRef))) {
        errors['shipping_address.city_ref'] = [deliveryMessages.unknownCity];
        return errors;
      }
      if (branchRef && !(await repo.warehouseIn(branchRef, cityRef))) {
        errors['shipping_address.branch_ref'] = [deliveryMessages.unknownBranch];
      }
      return errors;
    },
  };
}

export type DeliveryService = ReturnType<typeof deliveryService>;
