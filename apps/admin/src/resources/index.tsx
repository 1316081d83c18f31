import { type ComponentType, lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import { AccountTreeOutlinedIcon } from '../icons/account-tree-outlined.tsx';
import { AdminPanelSettingsIcon } from '../icons/admin-panel-settings.tsx';
import { CheckCircleOutlinedIcon } from '../icons/check-circle-outlined.tsx';
import { DoneAllIcon } from '../icons/done-all.tsx';
import { EventOutlinedIcon } from '../icons/event-outlined.tsx';
import { GradeOutlinedIcon } from '../icons/grade-outlined.tsx';
import { HistoryIcon } from '../icons/history.tsx';
import { InboxOutlinedIcon } from '../icons/inbox-outlined.tsx';
import { Inventory2OutlinedIcon } from '../icons/inventory-2-outlined.tsx';
import { LocalShippingOutlinedIcon } from '../icons/local-shipping-outlined.tsx';
import { ManageSearchIcon } from '../icons/manage-search.tsx';
import { PaletteOutlinedIcon } from '../icons/palette-outlined.tsx';
import { PeopleIcon } from '../icons/people.tsx';
import { QueryStatsIcon } from '../icons/query-stats.tsx';
import { ReceiptLongIcon } from '../icons/receipt-long.tsx';
import { ReplyIcon } from '../icons/reply.tsx';
import { SellOutlinedIcon } from '../icons/sell-outlined.tsx';
import { SettingsIcon } from '../icons/settings.tsx';
import { ShieldOutlinedIcon } from '../icons/shield-outlined.tsx';
import { StraightenIcon } from '../icons/straighten.tsx';
import { TuneIcon } from '../icons/tune.tsx';
import { UploadFileIcon } from '../icons/upload-file.tsx';
import { WebOutlinedIcon } from '../icons/web-outlined.tsx';
import type { Permissions } from '../session.ts';

/**
 * A screen loaded when first opened: the sign-in page and the first screen do not carry the code of
 * every other one. react-admin's layout shows its loading state while a screen arrives.
 */
function screen<Name extends string>(load: () => Promise<{ [key in Name]: ComponentType }>, name: Name): ComponentType {
  const Lazy = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return function Screen() {
    return <Lazy />;
  };
}

const AuditList = screen(() => import('./audit/audit-list.tsx'), 'AuditList');
const CarrierScreen = screen(() => import('./carrier/carrier-screen.tsx'), 'CarrierScreen');
const CategoryCreate = screen(() => import('./categories/category-create.tsx'), 'CategoryCreate');
const CategoryEdit = screen(() => import('./categories/category-edit.tsx'), 'CategoryEdit');
const CategoryList = screen(() => import('./categories/category-list.tsx'), 'CategoryList');
const ColorCreate = screen(() => import('./colors/color-create.tsx'), 'ColorCreate');
const ColorEdit = screen(() => import('./colors/color-edit.tsx'), 'ColorEdit');
const ColorList = screen(() => import('./colors/color-list.tsx'), 'ColorList');
const CustomerList = screen(() => import('./customers/customer-list.tsx'), 'CustomerList');
const CustomerShow = screen(() => import('./customers/customer-show.tsx'), 'CustomerShow');
const FiscalSettingsScreen = screen(() => import('./fiscal/fiscal-settings-screen.tsx'), 'FiscalSettingsScreen');
const FeedbackList = screen(() => import('./feedback/feedback-list.tsx'), 'FeedbackList');
const FeedbackShow = screen(() => import('./feedback/feedback-show.tsx'), 'FeedbackShow');
const HomeContentScreen = screen(() => import('./home-content/home-content-screen.tsx'), 'HomeContentScreen');
const OrderList = screen(() => import('./orders/order-list.tsx'), 'OrderList');
const OrderShow = screen(() => import('./orders/order-show.tsx'), 'OrderShow');
const ProductCreate = screen(() => import('./products/product-create.tsx'), 'ProductCreate');
const ProductEdit = screen(() => import('./products/product-edit.tsx'), 'ProductEdit');
const ProductList = screen(() => import('./products/product-list.tsx'), 'ProductList');
const PromoCodeCreate = screen(() => import('./promotions/promo-code-screens.tsx'), 'PromoCodeCreate');
const PromoCodeEdit = screen(() => import('./promotions/promo-code-screens.tsx'), 'PromoCodeEdit');
const PromoCodeList = screen(() => import('./promotions/promo-code-screens.tsx'), 'PromoCodeList');
const SaleCreate = screen(() => import('./promotions/sale-screens.tsx'), 'SaleCreate');
const SaleEdit = screen(() => import('./promotions/sale-screens.tsx'), 'SaleEdit');
const SaleList = screen(() => import('./promotions/sale-screens.tsx'), 'SaleList');
const ReceiptList = screen(() => import('./fiscal/receipt-list.tsx'), 'ReceiptList');
const ReturnList = screen(() => import('./returns/return-list.tsx'), 'ReturnList');
const ReturnShow = screen(() => import('./returns/return-show.tsx'), 'ReturnShow');
const ShiftList = screen(() => import('./fiscal/shift-list.tsx'), 'ShiftList');
const RatingList = screen(() => import('./ratings/rating-list.tsx'), 'RatingList');
const InsightsScreen = screen(() => import('./search/insights-screen.tsx'), 'InsightsScreen');
const SynonymCreate = screen(() => import('./search/synonym-create.tsx'), 'SynonymCreate');
const SynonymEdit = screen(() => import('./search/synonym-edit.tsx'), 'SynonymEdit');
const SynonymList = screen(() => import('./search/synonym-list.tsx'), 'SynonymList');
const ShippingSettingsScreen = screen(
  () => import('./shipping/shipping-settings-screen.tsx'),
  'ShippingSettingsScreen',
);
const StockImportScreen = screen(() => import('./stock/stock-import-screen.tsx'), 'StockImportScreen');
const StockSettingsScreen = screen(() => import('./stock/stock-settings-screen.tsx'), 'StockSettingsScreen');
const SizeCreate = screen(() => import('./sizes/size-create.tsx'), 'SizeCreate');
const SizeEdit = screen(() => import('./sizes/size-edit.tsx'), 'SizeEdit');
const SizeList = screen(() => import('./sizes/size-list.tsx'), 'SizeList');
const StaffCreate = screen(() => import('./staff/staff-create.tsx'), 'StaffCreate');
const StaffEdit = screen(() => import('./staff/staff-edit.tsx'), 'StaffEdit');
const StaffList = screen(() => import('./staff/staff-list.tsx'), 'StaffList');

/** What <Resource> takes, plus who may see it. */
export interface ResourceDefinition
  extends Pick<
    ResourceProps,
    'name' | 'list' | 'edit' | 'create' | 'show' | 'icon' | 'options' | 'recordRepresentation'
  > {
  /** Shown to superusers only (the server refuses the others with a 403 anyway). */
  superuserOnly?: boolean;
}

/**
 * The back office's resources, in menu order. To add one:
 * 1. put its screens in `src/resources/<name>/` (`<name>-list.tsx`, `<name>-edit.tsx`, …), reading
 *    and writing through the data provider (`/api/admin/<name>/`, see data-provider.ts);
 * 2. add `{ name: '<name>', list: ProductList, edit: ProductEdit, icon: Inventory2Icon }` here;
 * 3. name it and its fields in both languages: `resources.<name>` in src/i18n/uk.ts and ru.ts,
 *    `{ name: 'Товар |||| Товари', fields: { price: 'Ціна' } }` (ru.ts must have the same keys).
 * Edit and create forms that can meet the server's field errors use mutationMode="pessimistic",
 * so the errors land under their inputs.
 */
export const resources: ResourceDefinition[] = [
  { name: 'orders', list: OrderList, show: OrderShow, icon: ReceiptLongIcon },
  // Returns and refunds; the fiscal receipts of payments and refunds, and the register's shifts.
  { name: 'returns', list: ReturnList, show: ReturnShow, icon: ReplyIcon, recordRepresentation: 'number' },
  { name: 'fiscal/receipts', list: ReceiptList, icon: CheckCircleOutlinedIcon },
  { name: 'fiscal/shifts', list: ShiftList, icon: DoneAllIcon },
  {
    name: 'products',
    list: ProductList,
    create: ProductCreate,
    edit: ProductEdit,
    icon: Inventory2OutlinedIcon,
    recordRepresentation: 'name',
  },
  {
    name: 'categories',
    list: CategoryList,
    create: CategoryCreate,
    edit: CategoryEdit,
    icon: AccountTreeOutlinedIcon,
    recordRepresentation: 'name',
  },
  {
    name: 'sizes',
    list: SizeList,
    create: SizeCreate,
    edit: SizeEdit,
    icon: StraightenIcon,
    recordRepresentation: 'name',
  },
  { name: 'colors', list: ColorList, create: ColorCreate, edit: ColorEdit, icon: PaletteOutlinedIcon },
  // Promotions: promo codes with their uses and revenue, and sales on their dates.
  { name: 'promo-codes', list: PromoCodeList, create: PromoCodeCreate, edit: PromoCodeEdit, icon: SellOutlinedIcon },
  { name: 'sales', list: SaleList, create: SaleCreate, edit: SaleEdit, icon: EventOutlinedIcon },
  { name: 'customers', list: CustomerList, show: CustomerShow, icon: PeopleIcon },
  { name: 'feedback', list: FeedbackList, show: FeedbackShow, icon: InboxOutlinedIcon, recordRepresentation: 'name' },
  { name: 'ratings', list: RatingList, icon: GradeOutlinedIcon },
  // Search: the synonyms the shop declares, and what shoppers searched for.
  {
    name: 'search/synonyms',
    list: SynonymList,
    create: SynonymCreate,
    edit: SynonymEdit,
    icon: ManageSearchIcon,
  },
  { name: 'search/insights', list: InsightsScreen, icon: QueryStatsIcon },
  { name: 'audit', list: AuditList, icon: HistoryIcon },
  // One screen each, not lists: the home page's content, the carrier's directory, shipping's settings.
  { name: 'home_content', list: HomeContentScreen, icon: WebOutlinedIcon },
  { name: 'carrier', list: CarrierScreen, icon: LocalShippingOutlinedIcon },
  { name: 'shipping_settings', list: ShippingSettingsScreen, icon: SettingsIcon },
  // Stock: counts from a CSV file, and the low-stock threshold and alerts.
  { name: 'stock_import', list: StockImportScreen, icon: UploadFileIcon },
  { name: 'stock_settings', list: StockSettingsScreen, icon: TuneIcon },
  { name: 'fiscal_settings', list: FiscalSettingsScreen, icon: ShieldOutlinedIcon },
  {
    name: 'staff',
    list: StaffList,
    create: StaffCreate,
    edit: StaffEdit,
    icon: AdminPanelSettingsIcon,
    superuserOnly: true,
  },
];

export const visibleResources = (permissions: Permissions | undefined): ResourceDefinition[] =>
  resources.filter((resource) => !resource.superuserOnly || permissions?.isSuperuser);
