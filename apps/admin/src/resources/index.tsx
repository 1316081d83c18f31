import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import GradeOutlinedIcon from '@mui/icons-material/GradeOutlined';
import HistoryIcon from '@mui/icons-material/History';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import StraightenIcon from '@mui/icons-material/Straighten';
import WebOutlinedIcon from '@mui/icons-material/WebOutlined';
import type { ResourceProps } from 'react-admin';
import type { Permissions } from '../session.ts';
import { AuditList } from './audit/audit-list.tsx';
import { CarrierScreen } from './carrier/carrier-screen.tsx';
import { CategoryCreate } from './categories/category-create.tsx';
import { CategoryEdit } from './categories/category-edit.tsx';
import { CategoryList } from './categories/category-list.tsx';
import { ColorCreate } from './colors/color-create.tsx';
import { ColorEdit } from './colors/color-edit.tsx';
import { ColorList } from './colors/color-list.tsx';
import { CustomerList } from './customers/customer-list.tsx';
import { CustomerShow } from './customers/customer-show.tsx';
import { FeedbackList } from './feedback/feedback-list.tsx';
import { FeedbackShow } from './feedback/feedback-show.tsx';
import { HomeContentScreen } from './home-content/home-content-screen.tsx';
import { OrderList } from './orders/order-list.tsx';
import { OrderShow } from './orders/order-show.tsx';
import { ProductCreate } from './products/product-create.tsx';
import { ProductEdit } from './products/product-edit.tsx';
import { ProductList } from './products/product-list.tsx';
import { RatingList } from './ratings/rating-list.tsx';
import { SizeCreate } from './sizes/size-create.tsx';
import { SizeEdit } from './sizes/size-edit.tsx';
import { SizeList } from './sizes/size-list.tsx';
import { StaffCreate } from './staff/staff-create.tsx';
import { StaffEdit } from './staff/staff-edit.tsx';
import { StaffList } from './staff/staff-list.tsx';

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
  { name: 'customers', list: CustomerList, show: CustomerShow, icon: PeopleIcon },
  { name: 'feedback', list: FeedbackList, show: FeedbackShow, icon: InboxOutlinedIcon, recordRepresentation: 'name' },
  { name: 'ratings', list: RatingList, icon: GradeOutlinedIcon },
  { name: 'audit', list: AuditList, icon: HistoryIcon },
  // One screen each, not lists: the home page's content and the carrier's directory.
  { name: 'home_content', list: HomeContentScreen, icon: WebOutlinedIcon },
  { name: 'carrier', list: CarrierScreen, icon: LocalShippingOutlinedIcon },
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
