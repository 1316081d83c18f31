import type { CarrierSyncRun } from '@kram/contract/admin-carrier';
import type { AdminCategory, AdminSize } from '@kram/contract/admin-catalog';
import type { AdminFeedback } from '@kram/contract/admin-inbox';
import type { AdminProduct, AdminProductImage } from '@kram/contract/admin-products';
import type { ShipmentView, WaybillDraft } from '@kram/contract/admin-shipping';

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
  weight_kg: null,
  is_new: false,
  is_on_promo: false,
  is_on_sale: true,
  in_stock: true,
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

export const aShipment = (changes: Partial<ShipmentView> = {}): ShipmentView => ({
  id: 1,
  order_id: '0b6f2a44-91c3-4e2b-8d51-3c9a7e1f2d40',
  carrier: 'nova_poshta',
  number: '20450000000001',
  by_hand: false,
  service: 'branch',
  payer: 'recipient',
  recipient_first_name: 'Олена',
  recipient_last_name: 'Коваль',
  recipient_phone: '+380671234567',
  city_ref: 'db5c88f0-391c-11dd-90d9-001a92567626',
  city_name: 'Київ',
  warehouse_ref: '1ec09d88-e1c2-11e3-8c4a-0050568002cf',
  warehouse_name: 'Відділення №1',
  address: null,
  weight_kg: 1.25,
  seats: [{ weight_kg: 1.25, length_cm: 30, width_cm: 20, height_cm: 10 }],
  declared_value: '2150.00',
  description: 'Одяг',
  cash_on_delivery: '2150.00',
  cod_kind: 'cash_on_delivery',
  status: 'created',
  carrier_code: null,
  carrier_text: null,
  cost: '85.00',
  send_day: '2026-11-23',
  delivery_day: '2026-11-25',
  arrived_at: null,
  storage_until: null,
  received_at: null,
  refused_at: null,
  returned_at: null,
  money_transferred_at: null,
  return_number: null,
  register_number: null,
  editable: true,
  deletable: true,
  tracking_url: 'https://novaposhta.ua/tracking/?cargo_number=20450000000001',
  created_at: '2026-11-23T10:00:00Z',
  history: [{ status: 'created', carrier_code: null, carrier_text: null, at: '2026-11-23T10:00:00Z' }],
  ...changes,
});

export const aWaybillDraft = (changes: Partial<WaybillDraft> = {}): WaybillDraft => ({
  service: 'branch',
  payer: 'recipient',
  recipient_first_name: 'Олена',
  recipient_last_name: 'Коваль',
  recipient_phone: '+380671234567',
  city_ref: 'db5c88f0-391c-11dd-90d9-001a92567626',
  city_name: 'Київ',
  warehouse_ref: '1ec09d88-e1c2-11e3-8c4a-0050568002cf',
  warehouse_name: 'Відділення №1',
  weight_kg: 1.25,
  seats: [{ weight_kg: 1.25, length_cm: 30, width_cm: 20, height_cm: 10 }],
  declared_value: '2150.00',
  description: 'Одяг',
  cash_on_delivery: '2150.00',
  ...changes,
});
