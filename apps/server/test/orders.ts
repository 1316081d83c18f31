import crypto from 'node:crypto';
import type { OrderBody } from '@kram/contract/orders';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { freshEmail } from './users.ts';

export interface CatalogProduct {
  id: number;
  price: string;
  sizeIds: number[];
  colorIds: number[];
  inStock: boolean;
}

/** Products of the demo catalogue as the database holds them, to build carts from. */
export async function catalogProducts(database: Database): Promise<CatalogProduct[]> {
  const rows = await database.rows<{
    id: number;
    price: string;
    size_ids: number[];
    color_ids: number[];
    is_on_sale: boolean;
  }>(sql`select id, price::text as price, size_ids, color_ids, is_on_sale from products order by id`);
  return rows.map((r) => ({
    id: r.id,
    price: r.price,
    sizeIds: r.size_ids,
    colorIds: r.color_ids,
    inStock: r.is_on_sale,
  }));
}

/** A cart line for a product, with its first size and colour chosen. */
export const lineOf = (p: CatalogProduct, quantity = 1) => ({
  product: p.id,
  quantity,
  size: p.sizeIds[0] ?? null,
  color: p.colorIds[0] ?? null,
  price: p.price,
});

/** A valid checkout payload, as the storefront sends it; override any field. */
export function orderPayload(
  items: ReturnType<typeof lineOf>[],
  overrides: Partial<Record<keyof OrderBody, unknown>> = {},
) {
  return {
    first_name: 'Олена',
    last_name: 'Коваль',
    email: freshEmail('buyer'),
    phone_number: '+380671234567',
    payment_method: 'cash',
    delivery_type: 'branch',
    shipping_address: { city: 'Київ', branch: 'Відділення №1: вул. Хрещатик, 22' },
    need_call_back: false,
    description: '',
    items,
    amount: 0,
    isChecked: false,
    isAgreement: true,
    ...overrides,
  };
}

export const idempotencyKey = () => crypto.randomUUID();
