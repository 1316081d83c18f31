import type { CarrierSyncRun } from '@kram/contract/admin-carrier';
import type { AdminCategory, AdminSize } from '@kram/contract/admin-catalog';
import type { AdminFeedback } from '@kram/contract/admin-inbox';
import type { AdminProduct, AdminProductImage } from '@kram/contract/admin-products';

// Records as the back-office API answers them: tests that stub an answer start from these, since the
// client checks every answer against the contract in tests.

export const aProductImage = (id: number, changes: Partial<AdminProductImage> = {}): AdminProductImage => ({
  id,
  image: `/media/products/p-${id}-1200.webp`,
  variants: {},
  color_id: null,
  position: id,
  ...changes,
});

export const aProduct = (id: number, changes: Partial<AdminProduct> = {}): AdminProduct => ({
  id,
  slug: `product-${id}`,
  sku: `SKU-${id}`,
  name: `Товар ${id}`,
  name_ru: `Товар ${id}`,
  description: '',
  description_ru: '',
  price: '100.00',
  old_price: null,
  is_new: false,
  is_on_promo: false,
  is_on_sale: true,
  category_id: 1,
  category_path: 'odyag',
  size_ids: [],
  color_ids: [],
  compositions: [],
  images: [],
  popularity: 0,
  created_at: '2026-11-23T10:00:00Z',
  ...changes,
});

export const aCategory = (id: number, changes: Partial<AdminCategory> = {}): AdminCategory => ({
  id,
  parent_id: null,
  slug: `category-${id}`,
  name: `Категорія ${id}`,
  name_ru: `Категория ${id}`,
  position: id,
  depth: 1,
  path: `category-${id}`,
  product_count: 0,
  total_product_count: 0,
  subcategory_count: 0,
  ...changes,
});

export const aSize = (id: number, changes: Partial<AdminSize> = {}): AdminSize => ({
  id,
  name: `${40 + id}`,
  position: id,
  product_count: 0,
  ...changes,
});

export const aFeedback = (id: number, changes: Partial<AdminFeedback> = {}): AdminFeedback => ({
  id,
  name: 'Ірина',
  phone_number: '+380671234567',
  email: 'iryna@example.com',
  message: 'Питання',
  language: 'uk',
  created_at: '2026-11-23T10:00:00Z',
  handled: false,
  handled_at: null,
  handled_by: null,
  handled_by_email: null,
  ...changes,
});

export const aSyncRun = (changes: Partial<CarrierSyncRun> = {}): CarrierSyncRun => ({
  id: 1,
  trigger: 'staff',
  source: 'bundled',
  started_at: '2026-11-23T10:00:00Z',
  finished_at: null,
  cities: null,
  warehouses: null,
  error: null,
  ...changes,
});
