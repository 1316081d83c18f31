import type { z } from 'zod';
import { type AnyEndpoint, endpoint } from '../endpoint.ts';

/**
 * The back office's API (`/api/admin/*`): one descriptor per call, with the schemas the server's
 * routes declare, and the table the data provider reads them from by resource name.
 */

const admin = () => import('../admin.ts');
const products = () => import('../admin-products.ts');
const catalog = () => import('../admin-catalog.ts');
const customers = () => import('../admin-customers.ts');
const inbox = () => import('../admin-inbox.ts');
const orders = () => import('../admin-orders.ts');
const search = () => import('../admin-search.ts');
const staff = () => import('../admin-staff.ts');

const anyErrors = [400, 401, 403] as const;
const recordErrors = [...anyErrors, 404] as const;
const writeErrors = [...recordErrors, 409] as const;
const uploadErrors = [...writeErrors, 415] as const;

/** An upload may also be refused for a body that is not a form at all (415). */
const uploadErrorBodies = async () => {
  const [a, c] = await Promise.all([admin(), import('../common.ts')]);
  return { ...a.adminWriteErrors, 415: c.detailError };
};

/** A page of a list: `{count, results}`. */
const list = <const P extends string, Q extends z.ZodType, I extends z.ZodType>(
  path: P,
  pick: () => Promise<{ query: Q; item: I }>,
) =>
  endpoint({
    method: 'GET',
    path,
    errors: anyErrors,
    schemas: async () => {
      const [a, s] = await Promise.all([admin(), pick()]);
      return { query: s.query, answer: a.listOf(s.item), errors: a.adminErrors };
    },
  });

/** One record at `<resource>/:id/`. */
const one = <const P extends string, A extends z.ZodType>(path: P, pick: () => Promise<A>) =>
  endpoint({
    method: 'GET',
    path,
    errors: recordErrors,
    schemas: async () => {
      const [a, answer] = await Promise.all([admin(), pick()]);
      return { answer, errors: a.adminRecordErrors };
    },
  });

/** A change with a JSON body: a creation (201), an edit, or an action. */
const write = <
  const M extends 'POST' | 'PATCH' | 'PUT',
  const P extends string,
  B extends z.ZodType,
  A extends z.ZodType,
>(
  method: M,
  path: P,
  pick: () => Promise<{ body: B; answer: A }>,
) =>
  endpoint({
    method,
    path,
    errors: writeErrors,
    schemas: async () => {
      const [a, s] = await Promise.all([admin(), pick()]);
      return { body: s.body, answer: s.answer, errors: a.adminWriteErrors };
    },
  });

/** A deletion: 204, nothing to read. */
const remove = <const P extends string>(path: P) =>
  endpoint({
    method: 'DELETE',
    path,
    errors: writeErrors,
    schemas: async () => ({ errors: (await admin()).adminWriteErrors }),
  });

/** A multipart upload of a picture (`file`) and its fields. */
const upload = <const P extends string, B extends z.ZodType, A extends z.ZodType>(
  path: P,
  pick: () => Promise<{ body: B; answer: A }>,
) =>
  endpoint({
    method: 'POST',
    path,
    errors: uploadErrors,
    encoding: 'multipart',
    schemas: async () => {
      const [errors, s] = await Promise.all([uploadErrorBodies(), pick()]);
      return { body: s.body, answer: s.answer, errors };
    },
  });

// Products and their photos.

export const productList = list('/api/admin/products/', async () => {
  const s = await products();
  return { query: s.adminProductListQuery, item: s.adminProduct };
});
export const productRecord = one('/api/admin/products/:id/', async () => (await products()).adminProduct);
export const productCreate = write('POST', '/api/admin/products/', async () => {
  const s = await products();
  return { body: s.adminProductCreate, answer: s.adminProduct };
});
export const productUpdate = write('PATCH', '/api/admin/products/:id/', async () => {
  const s = await products();
  return { body: s.adminProductUpdate, answer: s.adminProduct };
});
export const productDelete = remove('/api/admin/products/:id/');
export const productBulk = endpoint({
  method: 'POST',
  path: '/api/admin/products/bulk/',
  errors: anyErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), products()]);
    return { body: s.adminProductBulk, answer: a.bulkResult, errors: a.adminErrors };
  },
});
export const productImageUpload = upload('/api/admin/products/:id/images/', async () => {
  const s = await products();
  return { body: s.adminProductImageUpload, answer: s.adminProductImage };
});
export const productImageOrder = write('POST', '/api/admin/products/:id/images/order/', async () => {
  const [s, { z }] = await Promise.all([products(), import('zod')]);
  return { body: s.adminProductImageOrder, answer: z.array(s.adminProductImage) };
});
export const productImageUpdate = write('PATCH', '/api/admin/products/:id/images/:image_id/', async () => {
  const s = await products();
  return { body: s.adminProductImageUpdate, answer: s.adminProductImage };
});
export const productImageDelete = remove('/api/admin/products/:id/images/:image_id/');

// Colours and sizes.

export const colorList = list('/api/admin/colors/', async () => {
  const s = await products();
  return { query: s.adminColorListQuery, item: s.adminColor };
});
export const colorRecord = one('/api/admin/colors/:id/', async () => (await products()).adminColor);
export const colorCreate = write('POST', '/api/admin/colors/', async () => {
  const s = await products();
  return { body: s.adminColorCreate, answer: s.adminColor };
});
export const colorUpdate = write('PATCH', '/api/admin/colors/:id/', async () => {
  const s = await products();
  return { body: s.adminColorUpdate, answer: s.adminColor };
});
export const colorDelete = remove('/api/admin/colors/:id/');
export const colorSwatchUpload = upload('/api/admin/colors/:id/swatch/', async () => {
  const s = await products();
  return { body: s.adminColorSwatchUpload, answer: s.adminColor };
});
/** Answers the colour without its swatch. */
export const colorSwatchDelete = endpoint({
  method: 'DELETE',
  path: '/api/admin/colors/:id/swatch/',
  errors: writeErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), products()]);
    return { answer: s.adminColor, errors: a.adminWriteErrors };
  },
});

export const sizeList = list('/api/admin/sizes/', async () => {
  const s = await catalog();
  return { query: s.adminSizeListQuery, item: s.adminSize };
});
export const sizeRecord = one('/api/admin/sizes/:id/', async () => (await catalog()).adminSize);
export const sizeCreate = write('POST', '/api/admin/sizes/', async () => {
  const s = await catalog();
  return { body: s.adminSizeCreate, answer: s.adminSize };
});
export const sizeUpdate = write('PATCH', '/api/admin/sizes/:id/', async () => {
  const s = await catalog();
  return { body: s.adminSizeUpdate, answer: s.adminSize };
});
export const sizeDelete = remove('/api/admin/sizes/:id/');

// Categories.

export const categoryList = list('/api/admin/categories/', async () => {
  const s = await catalog();
  return { query: s.adminCategoryListQuery, item: s.adminCategory };
});
export const categoryTree = endpoint({
  method: 'GET',
  path: '/api/admin/categories/tree/',
  errors: anyErrors,
  schemas: async () => {
    const [a, s, { z }] = await Promise.all([admin(), catalog(), import('zod')]);
    return { answer: z.array(s.adminCategoryNode), errors: a.adminErrors };
  },
});
export const categoryRecord = one('/api/admin/categories/:id/', async () => (await catalog()).adminCategory);
export const categoryCreate = write('POST', '/api/admin/categories/', async () => {
  const s = await catalog();
  return { body: s.adminCategoryCreate, answer: s.adminCategory };
});
export const categoryUpdate = write('PATCH', '/api/admin/categories/:id/', async () => {
  const s = await catalog();
  return { body: s.adminCategoryUpdate, answer: s.adminCategory };
});
export const categoryDelete = remove('/api/admin/categories/:id/');
/** Answers the reordered subcategories as a list. */
export const categoryOrder = write('POST', '/api/admin/categories/order/', async () => {
  const [a, s] = await Promise.all([admin(), catalog()]);
  return { body: s.adminCategoryOrder, answer: a.listOf(s.adminCategory) };
});

// Customers and staff.

export const customerList = list('/api/admin/customers/', async () => {
  const s = await customers();
  return { query: s.adminCustomerListQuery, item: s.adminCustomer };
});
export const customerRecord = one('/api/admin/customers/:id/', async () => (await customers()).adminCustomerDetail);
export const customerBlock = write('POST', '/api/admin/customers/:id/block/', async () => {
  const s = await customers();
  return { body: s.adminCustomerAction, answer: s.adminCustomerDetail };
});
export const customerUnblock = write('POST', '/api/admin/customers/:id/unblock/', async () => {
  const s = await customers();
  return { body: s.adminCustomerAction, answer: s.adminCustomerDetail };
});
export const customerDelete = remove('/api/admin/customers/:id/');

export const staffList = list('/api/admin/staff/', async () => {
  const s = await staff();
  return { query: s.adminStaffListQuery, item: s.adminStaffMember };
});
export const staffRecord = one('/api/admin/staff/:id/', async () => (await staff()).adminStaffMember);
export const staffGrant = write('POST', '/api/admin/staff/', async () => {
  const s = await staff();
  return { body: s.adminStaffGrant, answer: s.adminStaffMember };
});
export const staffUpdate = write('PATCH', '/api/admin/staff/:id/', async () => {
  const s = await staff();
  return { body: s.adminStaffUpdate, answer: s.adminStaffMember };
});
export const staffDelete = remove('/api/admin/staff/:id/');

// The inbox: feedback and ratings.

export const feedbackList = list('/api/admin/feedback/', async () => {
  const s = await inbox();
  return { query: s.adminFeedbackListQuery, item: s.adminFeedback };
});
export const feedbackRecord = one('/api/admin/feedback/:id/', async () => (await inbox()).adminFeedback);
export const feedbackHandled = endpoint({
  method: 'POST',
  path: '/api/admin/feedback/:id/handled/',
  errors: recordErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), inbox()]);
    return { body: s.adminFeedbackHandled, answer: s.adminFeedback, errors: a.adminRecordErrors };
  },
});
export const feedbackBulk = endpoint({
  method: 'POST',
  path: '/api/admin/feedback/bulk/',
  errors: anyErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), inbox()]);
    return { body: s.adminFeedbackBulk, answer: a.bulkResult, errors: a.adminErrors };
  },
});
export const ratingList = list('/api/admin/ratings/', async () => {
  const s = await inbox();
  return { query: s.adminRatingListQuery, item: s.adminRating };
});

// Orders.

export const orderList = list('/api/admin/orders/', async () => {
  const s = await orders();
  return { query: s.adminOrderListQuery, item: s.adminOrderSummary };
});
/** The orders the list's filters match as a CSV file: read with `send`, not `call`. */
export const orderExport = endpoint({
  method: 'GET',
  path: '/api/admin/orders/export.csv',
  errors: anyErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), orders()]);
    return { query: s.adminOrderExportQuery, errors: a.adminErrors };
  },
});
export const orderRecord = one('/api/admin/orders/:id/', async () => (await orders()).adminOrder);
export const orderStatus = write('POST', '/api/admin/orders/:id/status/', async () => {
  const s = await orders();
  return { body: s.adminOrderStatusBody, answer: s.adminOrder };
});
export const orderLineUpdate = write('PATCH', '/api/admin/orders/:id/items/:itemId/', async () => {
  const s = await orders();
  return { body: s.adminOrderLineBody, answer: s.adminOrder };
});
export const orderLineDelete = remove('/api/admin/orders/:id/items/:itemId/');
export const orderNotes = one('/api/admin/orders/:id/notes/', async () => {
  const [a, s] = await Promise.all([admin(), orders()]);
  return a.listOf(s.adminOrderNote);
});
export const orderNoteCreate = endpoint({
  method: 'POST',
  path: '/api/admin/orders/:id/notes/',
  errors: recordErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), orders()]);
    return { body: s.adminOrderNoteBody, answer: s.adminOrderNote, errors: a.adminRecordErrors };
  },
});

// Search: synonyms and what shoppers searched for.

export const synonymList = list('/api/admin/search/synonyms/', async () => {
  const s = await search();
  return { query: s.adminSynonymListQuery, item: s.adminSynonymGroup };
});
export const synonymRecord = one('/api/admin/search/synonyms/:id/', async () => (await search()).adminSynonymGroup);
export const synonymCreate = write('POST', '/api/admin/search/synonyms/', async () => {
  const s = await search();
  return { body: s.adminSynonymWrite, answer: s.adminSynonymGroup };
});
export const synonymUpdate = write('PATCH', '/api/admin/search/synonyms/:id/', async () => {
  const s = await search();
  return { body: s.adminSynonymUpdate, answer: s.adminSynonymGroup };
});
export const synonymDelete = remove('/api/admin/search/synonyms/:id/');
export const searchInsights = endpoint({
  method: 'GET',
  path: '/api/admin/search/insights/',
  errors: anyErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), search()]);
    return { query: s.adminSearchInsightsQuery, answer: s.adminSearchInsights, errors: a.adminErrors };
  },
});

// The audit log, the dashboard, vitals and the carrier's directory.

export const auditList = list('/api/admin/audit/', async () => {
  const s = await admin();
  return { query: s.auditListQuery, item: s.auditEntry };
});

export const dashboard = endpoint({
  method: 'GET',
  path: '/api/admin/dashboard/',
  errors: anyErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), import('../admin-dashboard.ts')]);
    return { answer: s.dashboard, errors: a.adminErrors };
  },
});

export const vitals = endpoint({
  method: 'GET',
  path: '/api/admin/vitals/',
  errors: anyErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), import('../admin-vitals.ts')]);
    return { query: s.adminVitalsQuery, answer: s.adminVitals, errors: a.adminErrors };
  },
});

export const carrierStatus = endpoint({
  method: 'GET',
  path: '/api/admin/carrier/',
  errors: anyErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), import('../admin-carrier.ts')]);
    return { answer: s.carrierStatus, errors: a.adminErrors };
  },
});
/** Answers 202 with the run as soon as it has started; 409 while another runs. */
export const carrierSync = endpoint({
  method: 'POST',
  path: '/api/admin/carrier/sync/',
  errors: [...anyErrors, 409],
  schemas: async () => {
    const s = await import('../admin-carrier.ts');
    return { body: s.carrierSyncBody, answer: s.carrierSyncRun, errors: s.carrierSyncErrors };
  },
});

// Shipping: the sender's settings, an order's waybill, several orders' waybills, labels and registers.

const shipping = () => import('../admin-shipping.ts');
const shippingCallErrors = [...writeErrors, 502] as const;

export const shippingSettings = endpoint({
  method: 'GET',
  path: '/api/admin/shipping/settings/',
  errors: anyErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), shipping()]);
    return { answer: s.shippingSettingsView, errors: a.adminErrors };
  },
});
export const shippingSettingsSave = endpoint({
  method: 'PATCH',
  path: '/api/admin/shipping/settings/',
  errors: anyErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), shipping()]);
    return { body: s.shippingSettingsUpdate, answer: s.shippingSettingsView, errors: a.adminErrors };
  },
});
/** The carrier's answer: 409 without a carrier to ask, 502 when it is silent. */
export const shippingSenders = endpoint({
  method: 'GET',
  path: '/api/admin/shipping/senders/',
  errors: [...anyErrors, 409, 502],
  schemas: async () => {
    const s = await shipping();
    return { answer: s.senderOptions, errors: { ...s.shippingSettingsErrors, 409: s.shippingErrors[409] } };
  },
});
/** `running`: another run was under way, nothing was asked. */
export const shippingTrack = endpoint({
  method: 'POST',
  path: '/api/admin/shipping/track/',
  errors: anyErrors,
  schemas: async () => {
    const [a, { z }] = await Promise.all([admin(), import('zod')]);
    return {
      body: z.strictObject({}).nullish(),
      answer: z.object({ asked: z.number().int(), changed: z.number().int(), running: z.boolean() }),
      errors: a.adminErrors,
    };
  },
});
/** The order's waybill with its history, or the defaults of a new one and why it cannot have one. */
export const orderShipping = endpoint({
  method: 'GET',
  path: '/api/admin/orders/:id/shipping/',
  errors: shippingCallErrors,
  schemas: async () => {
    const s = await shipping();
    return { answer: s.orderShipping, errors: s.shippingErrors };
  },
});
export const orderShippingEstimate = endpoint({
  method: 'POST',
  path: '/api/admin/orders/:id/shipping/estimate/',
  errors: shippingCallErrors,
  schemas: async () => {
    const s = await shipping();
    return { body: s.waybillDraft, answer: s.waybillEstimate, errors: s.shippingErrors };
  },
});
/**
 * 201 with the waybill. A carrier's refusal is a 400 naming the fields (`shipping.carrier_refused`);
 * a 502 when the carrier is silent, and trying again finds a waybill it made meanwhile.
 */
export const orderShippingCreate = endpoint({
  method: 'POST',
  path: '/api/admin/orders/:id/shipping/',
  errors: shippingCallErrors,
  schemas: async () => {
    const s = await shipping();
    return { body: s.waybillDraft, answer: s.shipmentView, errors: s.shippingErrors };
  },
});
export const orderShippingUpdate = endpoint({
  method: 'PUT',
  path: '/api/admin/orders/:id/shipping/',
  errors: shippingCallErrors,
  schemas: async () => {
    const s = await shipping();
    return { body: s.waybillDraft, answer: s.shipmentView, errors: s.shippingErrors };
  },
});
export const orderShippingDelete = endpoint({
  method: 'DELETE',
  path: '/api/admin/orders/:id/shipping/',
  errors: shippingCallErrors,
  schemas: async () => ({ errors: (await shipping()).shippingErrors }),
});
export const orderShippingByHand = endpoint({
  method: 'POST',
  path: '/api/admin/orders/:id/shipping/by-hand/',
  errors: shippingCallErrors,
  schemas: async () => {
    const s = await shipping();
    return { body: s.waybillByHand, answer: s.shipmentView, errors: s.shippingErrors };
  },
});
/** Each order's outcome, in the order of the ids; one order's refusal does not stop the others. */
export const shippingBulk = endpoint({
  method: 'POST',
  path: '/api/admin/shipping/bulk/',
  errors: anyErrors,
  schemas: async () => {
    const [a, s, { z }] = await Promise.all([admin(), shipping(), import('zod')]);
    return { body: s.bulkOrders, answer: z.object({ results: z.array(s.bulkWaybillResult) }), errors: a.adminErrors };
  },
});
/** The waybills' labels as one PDF: read with `send`, not `call`. */
export const shippingLabels = endpoint({
  method: 'GET',
  path: '/api/admin/shipping/labels.pdf',
  errors: shippingCallErrors,
  schemas: async () => {
    const s = await shipping();
    return { query: s.labelsQuery, errors: s.shippingErrors };
  },
});
export const shippingRegister = endpoint({
  method: 'POST',
  path: '/api/admin/shipping/registers/',
  errors: shippingCallErrors,
  schemas: async () => {
    const s = await shipping();
    return { body: s.bulkOrders, answer: s.registerView, errors: s.shippingErrors };
  },
});
/** A register as a PDF: read with `send`, not `call`. */
export const shippingRegisterPdf = endpoint({
  method: 'GET',
  path: '/api/admin/shipping/registers/:ref/pdf',
  errors: shippingCallErrors,
  schemas: async () => ({ errors: (await shipping()).shippingErrors }),
});

// The home page.

export const homeContent = endpoint({
  method: 'GET',
  path: '/api/admin/content/home/',
  errors: anyErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), import('../site-content.ts')]);
    return { answer: s.adminHomeContent, errors: a.adminErrors };
  },
});
export const homeContentSave = endpoint({
  method: 'PUT',
  path: '/api/admin/content/home/',
  errors: anyErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), import('../site-content.ts')]);
    return { body: s.homeContent, answer: s.adminHomeContent, errors: a.adminErrors };
  },
});
export const homeImageUpload = upload('/api/admin/content/home/images/', async () => {
  const s = await import('../site-content.ts');
  return { body: s.homeImageUpload, answer: s.adminHomeContent };
});

// Promotions: promo codes with their uses and revenue, and scheduled sales.

const promotions = () => import('../admin-promotions.ts');

export const promoCodeList = list('/api/admin/promo-codes/', async () => {
  const s = await promotions();
  return { query: s.adminPromoCodeListQuery, item: s.adminPromoCode };
});
export const promoCodeRecord = one('/api/admin/promo-codes/:id/', async () => (await promotions()).adminPromoCode);
export const promoCodeCreate = write('POST', '/api/admin/promo-codes/', async () => {
  const s = await promotions();
  return { body: s.adminPromoCodeCreate, answer: s.adminPromoCode };
});
export const promoCodeUpdate = write('PATCH', '/api/admin/promo-codes/:id/', async () => {
  const s = await promotions();
  return { body: s.adminPromoCodeUpdate, answer: s.adminPromoCode };
});
/** 409 for a code orders were placed with: it is switched off instead. */
export const promoCodeDelete = remove('/api/admin/promo-codes/:id/');
export const saleList = list('/api/admin/sales/', async () => {
  const s = await promotions();
  return { query: s.adminSaleListQuery, item: s.adminSale };
});
export const saleRecord = one('/api/admin/sales/:id/', async () => (await promotions()).adminSale);
export const saleCreate = write('POST', '/api/admin/sales/', async () => {
  const s = await promotions();
  return { body: s.adminSaleCreate, answer: s.adminSale };
});
/** 409 for a change a running or ended sale cannot take. */
export const saleUpdate = write('PATCH', '/api/admin/sales/:id/', async () => {
  const s = await promotions();
  return { body: s.adminSaleUpdate, answer: s.adminSale };
});
/** A running sale gives its prices back first. */
export const saleDelete = remove('/api/admin/sales/:id/');

// Stock: a product's grid of sizes × colours, its movements, what runs low, the settings, a CSV update.

const stock = () => import('../admin-stock.ts');

export const productStock = endpoint({
  method: 'GET',
  path: '/api/admin/products/:id/stock/',
  errors: recordErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), stock()]);
    return { answer: s.productStock, errors: a.adminRecordErrors };
  },
});
/** 409 when a count would fall below what orders have reserved. */
export const productStockSave = endpoint({
  method: 'PATCH',
  path: '/api/admin/products/:id/stock/',
  errors: writeErrors,
  schemas: async () => {
    const s = await stock();
    return { body: s.productStockUpdate, answer: s.productStock, errors: s.adminStockErrors };
  },
});
export const productStockMovements = endpoint({
  method: 'GET',
  path: '/api/admin/products/:id/stock/movements/',
  errors: recordErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), stock()]);
    return { query: s.stockMovementsQuery, answer: s.stockMovements, errors: a.adminRecordErrors };
  },
});
export const lowStock = endpoint({
  method: 'GET',
  path: '/api/admin/stock/low/',
  errors: anyErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), stock()]);
    return { answer: s.lowStock, errors: a.adminErrors };
  },
});
export const stockSettings = endpoint({
  method: 'GET',
  path: '/api/admin/stock/settings/',
  errors: anyErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), stock()]);
    return { answer: s.stockSettings, errors: a.adminErrors };
  },
});
export const stockSettingsSave = endpoint({
  method: 'PATCH',
  path: '/api/admin/stock/settings/',
  errors: anyErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), stock()]);
    return { body: s.stockSettingsUpdate, answer: s.stockSettings, errors: a.adminErrors };
  },
});
export const stockImport = endpoint({
  method: 'POST',
  path: '/api/admin/stock/import/',
  errors: anyErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), stock()]);
    return { body: s.stockImportBody, answer: s.stockImportResult, errors: a.adminErrors };
  },
});

/**
 * A resource of the back office as react-admin names it, and the calls its data provider makes:
 * list, read, create, edit (the changed fields), delete, change many at once, and its actions and
 * uploads by name (POST `<resource>/:id/<name>/`, or `<resource>/<name>/` without an id).
 */
export interface AdminResource {
  list?: AnyEndpoint;
  one?: AnyEndpoint;
  create?: AnyEndpoint;
  update?: AnyEndpoint;
  delete?: AnyEndpoint;
  bulk?: AnyEndpoint;
  actions?: Readonly<Record<string, AnyEndpoint>>;
  uploads?: Readonly<Record<string, AnyEndpoint>>;
}

// Fiscal receipts.

const fiscal = () => import('../admin-fiscal.ts');
/** 502 when the register is not reachable (a shift closed now, the counter's receipt). */
const fiscalCallErrors = [...writeErrors, 502] as const;
const fiscalErrors = async () => {
  const [a, c] = await Promise.all([admin(), import('../common.ts')]);
  return { ...a.adminWriteErrors, 502: c.detailError };
};

export const fiscalSettingsRead = endpoint({
  method: 'GET',
  path: '/api/admin/fiscal/settings/',
  errors: anyErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), fiscal()]);
    return { answer: s.fiscalSettings, errors: a.adminErrors };
  },
});
export const fiscalSettingsSave = write('PUT', '/api/admin/fiscal/settings/', async () => {
  const s = await fiscal();
  return { body: s.fiscalSettingsUpdate, answer: s.fiscalSettings };
});
export const receiptList = list('/api/admin/fiscal/receipts/', async () => {
  const s = await fiscal();
  return { query: s.adminReceiptsQuery, item: s.adminReceipt };
});
export const receiptRecord = one('/api/admin/fiscal/receipts/:id/', async () => (await fiscal()).adminReceipt);
/** Tries a receipt not issued yet again now (after the settings were fixed, say). */
export const receiptRetry = endpoint({
  method: 'POST',
  path: '/api/admin/fiscal/receipts/:id/retry/',
  errors: writeErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), fiscal()]);
    return { answer: s.adminReceipt, errors: a.adminWriteErrors };
  },
});
export const fiscalAlerts = endpoint({
  method: 'GET',
  path: '/api/admin/fiscal/alerts/',
  errors: anyErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), fiscal()]);
    return { answer: s.fiscalAlerts, errors: a.adminErrors };
  },
});
export const orderReceiptsRead = one(
  '/api/admin/orders/:id/receipts/',
  async () => (await fiscal()).adminOrderReceipts,
);
/** The counter's receipt of a pickup order (201); 409 when it has one or is not a pickup order. */
export const orderCounterReceipt = endpoint({
  method: 'POST',
  path: '/api/admin/orders/:id/receipts/',
  errors: fiscalCallErrors,
  schemas: async () => {
    const s = await fiscal();
    return { body: s.counterReceiptBody, answer: s.adminReceipt, errors: await fiscalErrors() };
  },
});
export const shiftList = list('/api/admin/fiscal/shifts/', async () => {
  const s = await fiscal();
  return { query: s.adminShiftsQuery, item: s.adminShift };
});
/** Closes the open shift now (its Z-report kept); 409 when none is open, 502 when the register is silent. */
export const shiftClose = endpoint({
  method: 'POST',
  path: '/api/admin/fiscal/shifts/close/',
  errors: fiscalCallErrors,
  schemas: async () => {
    const s = await fiscal();
    return { answer: s.adminShift, errors: await fiscalErrors() };
  },
});

// Returns.

const returns = () => import('../admin-returns.ts');

export const returnList = list('/api/admin/returns/', async () => {
  const s = await returns();
  return { query: s.adminReturnsQuery, item: s.adminReturn };
});
export const returnRecord = one('/api/admin/returns/:id/', async () => (await returns()).adminReturn);
export const returnAccept = write('POST', '/api/admin/returns/:id/accept/', async () => {
  const s = await returns();
  return { body: s.acceptReturnBody, answer: s.adminReturn };
});
export const returnRefuse = write('POST', '/api/admin/returns/:id/refuse/', async () => {
  const s = await returns();
  return { body: s.refuseReturnBody, answer: s.adminReturn };
});
export const returnReceive = write('POST', '/api/admin/returns/:id/receive/', async () => {
  const s = await returns();
  return { body: s.receiveReturnBody, answer: s.adminReturn };
});
/**
 * The refund: a card order's is sent to the bank (502 when it is silent, 409 with its words when it
 * refuses); a cash order's is recorded with the transfer's reference.
 */
export const returnRefund = endpoint({
  method: 'POST',
  path: '/api/admin/returns/:id/refund/',
  errors: [...writeErrors, 502],
  schemas: async () => {
    const [s, c, a] = await Promise.all([returns(), import('../common.ts'), admin()]);
    return { body: s.refundReturnBody, answer: s.adminReturn, errors: { ...a.adminWriteErrors, 502: c.detailError } };
  },
});
export const returnAlerts = endpoint({
  method: 'GET',
  path: '/api/admin/returns/alerts/',
  errors: anyErrors,
  schemas: async () => {
    const [a, s] = await Promise.all([admin(), returns()]);
    return { answer: s.returnAlerts, errors: a.adminErrors };
  },
});

export const adminResources = {
  products: {
    list: productList,
    one: productRecord,
    create: productCreate,
    update: productUpdate,
    delete: productDelete,
    bulk: productBulk,
    uploads: { images: productImageUpload },
  },
  colors: {
    list: colorList,
    one: colorRecord,
    create: colorCreate,
    update: colorUpdate,
    delete: colorDelete,
    uploads: { swatch: colorSwatchUpload },
  },
  sizes: { list: sizeList, one: sizeRecord, create: sizeCreate, update: sizeUpdate, delete: sizeDelete },
  categories: {
    list: categoryList,
    one: categoryRecord,
    create: categoryCreate,
    update: categoryUpdate,
    delete: categoryDelete,
    actions: { order: categoryOrder },
  },
  customers: {
    list: customerList,
    one: customerRecord,
    delete: customerDelete,
    actions: { block: customerBlock, unblock: customerUnblock },
  },
  staff: { list: staffList, one: staffRecord, create: staffGrant, update: staffUpdate, delete: staffDelete },
  feedback: { list: feedbackList, one: feedbackRecord, bulk: feedbackBulk, actions: { handled: feedbackHandled } },
  ratings: { list: ratingList },
  orders: {
    list: orderList,
    one: orderRecord,
    actions: { status: orderStatus, notes: orderNoteCreate },
  },
  'search/synonyms': {
    list: synonymList,
    one: synonymRecord,
    create: synonymCreate,
    update: synonymUpdate,
    delete: synonymDelete,
  },
  'promo-codes': {
    list: promoCodeList,
    one: promoCodeRecord,
    create: promoCodeCreate,
    update: promoCodeUpdate,
    delete: promoCodeDelete,
  },
  sales: { list: saleList, one: saleRecord, create: saleCreate, update: saleUpdate, delete: saleDelete },
  audit: { list: auditList },
  returns: {
    list: returnList,
    one: returnRecord,
    actions: { accept: returnAccept, refuse: returnRefuse, receive: returnReceive, refund: returnRefund },
  },
  'fiscal/receipts': { list: receiptList, one: receiptRecord, actions: { retry: receiptRetry } },
  'fiscal/shifts': { list: shiftList },
  carrier: { actions: { sync: carrierSync } },
  content: { uploads: { home: homeImageUpload } },
} as const satisfies Record<string, AdminResource>;

export type AdminResourceName = keyof typeof adminResources;
