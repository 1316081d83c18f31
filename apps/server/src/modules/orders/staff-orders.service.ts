import {
  type AdminOrder,
  type AdminOrderExportQuery,
  type AdminOrderLine,
  type AdminOrderListQuery,
  type AdminOrderNote,
  type AdminOrderSummary,
  adminOrderCodes,
  adminOrderMessages,
  maxExportRows,
} from '@kram/contract/admin-orders';
import { formatMoney, parseMoney } from '@kram/contract/money';
import type { OrderParcel } from '@kram/contract/orders';
import { type OrderStatus, orderTransitions } from '@kram/contract/orders';
import { variantUrls } from '../../infra/media/variants.ts';
import { noMatch, RuleViolation } from '../../lib/domain-errors.ts';
import type { StaffMember } from '../accounts/index.ts';
import type { AuditLog } from '../audit/index.ts';
import type { OrderListRepository, OrderListRow } from './order-list.repository.ts';
import { linesEditable, type OrderManagement } from './order-management.ts';
import type { OrderLineRow, OrderNoteRow, OrderRecord } from './orders.repository.ts';
import type { ParcelLookup } from './orders.service.ts';

/** Reads the e-mail of a member of staff (a note's author); undefined when the account is gone. */
export type StaffEmailLookup = (userId: number) => Promise<string | undefined>;

export interface StaffOrdersDeps {
  repo: OrderListRepository;
  orders: OrderManagement;
  /** The order's history is its audit entries. */
  audit: Pick<AuditLog, 'list'>;
  staffEmail: StaffEmailLookup;
  /** Which parcel each order travels in (the shipping module answers through the orders service). */
  parcels: ParcelLookup;
}

/** The most history entries an order's page shows (newest first). */
const historyLimit = 200;

const notFound = () => noMatch('Order');

function toSummary(order: OrderRecord | OrderListRow, parcel: OrderParcel | undefined): AdminOrderSummary {
  return {
    id: order.id,
    status: order.status,
    payment_method: order.paymentMethod,
    delivery_type: order.deliveryType,
    first_name: order.firstName,
    last_name: order.lastName,
    email: order.email,
    phone_number: order.phoneNumber,
    city: order.city,
    amount: order.amount,
    discount: order.discount,
    promo_code: order.promoCode,
    lines: 'lineCount' in order ? order.lineCount : order.lines.length,
    user_id: order.userId,
    created_at: order.createdAt.toISOString(),
    shipment: parcel ? { number: parcel.number, status: parcel.status } : null,
  };
}

function toLine(line: OrderLineRow): AdminOrderLine {
  const picture = line.images.find((i) => line.color && i.color === line.color.id) ?? line.images[0];
  return {
    id: line.id,
    product: line.productId,
    sku: line.sku,
    name: line.name,
    name_ru: line.nameRu,
    slug: line.slug,
    category_full_path: line.categoryPath,
    image: picture ? (variantUrls(picture.image)['160'] ?? picture.image) : null,
    size: line.size,
    color: line.color,
    quantity: line.quantity,
    price: line.price,
    total: formatMoney(parseMoney(line.price) * line.quantity),
  };
}

/**
 * Orders as the shop's staff see them (the back office): the list (filters, search, sort), one order
 * whole (lines, invoice, notes, history), the orders an export holds, and the manager's changes, which
 * order-management.ts makes and records.
 */
export function staffOrdersService({ repo, orders, audit, staffEmail, parcels: parcelsOf }: StaffOrdersDeps) {
  async function notesView(notes: OrderNoteRow[]): Promise<AdminOrderNote[]> {
    const authors = [...new Set(notes.flatMap((n) => (n.authorId === null ? [] : [n.authorId])))];
    const emails = new Map(await Promise.all(authors.map(async (id) => [id, (await staffEmail(id)) ?? ''] as const)));
    return notes.map((note) => ({
      id: note.id,
      author_id: note.authorId,
      author_email: note.authorId === null ? '' : (emails.get(note.authorId) ?? ''),
      text: note.text,
      created_at: note.createdAt.toISOString(),
    }));
  }

  async function detail(orderId: string): Promise<AdminOrder> {
    const order = await orders.byId(orderId);
    if (!order) throw notFound();
    const invoice = await orders.invoice(orderId);
    const notes = await notesView((await orders.notes(orderId)) ?? []);
    const history = await audit.list({
      entity: 'order',
      entity_id: orderId,
      page: 1,
      page_size: historyLimit,
      order: 'desc',
    });
    const parcel = (await parcelsOf([orderId])).get(orderId);
    return {
      ...toSummary(order, parcel),
      language: order.language,
      branch: order.branch,
      city_ref: order.cityRef,
      branch_ref: order.branchRef,
      need_call_back: order.needCallBack,
      comment: order.comment,
      cancel_reason: order.cancelReason,
      updated_at: order.updatedAt.toISOString(),
      items: order.lines.map(toLine),
      invoice: invoice
        ? {
            invoice_id: invoice.invoiceId,
            provider: invoice.provider,
            status: invoice.status,
            amount: invoice.amount,
            failure_reason: invoice.failureReason,
            created_at: invoice.createdAt.toISOString(),
          }
        : null,
      notes,
      next_statuses: [...orderTransitions[order.status]],
      lines_editable: linesEditable(order, invoice),
      history: history.results,
    };
  }

  return {
    async list(query: AdminOrderListQuery): Promise<{ count: number; results: AdminOrderSummary[] }> {
      const { count, rows } = await repo.list(query, { page: query.page, pageSize: query.page_size });
      const parcels = await parcelsOf(rows.map((r) => r.id));
      return { count, results: rows.map((r) => toSummary(r, parcels.get(r.id))) };
    },

    detail,

    /**
     * Every order the filters match, with its lines, in the list's order, for an export; more than
     * `maxExportRows` is refused rather than cut short, so a file never silently misses orders.
     */
    async forExport(query: AdminOrderExportQuery): Promise<OrderRecord[]> {
      const ids = await repo.matchingIds(query, maxExportRows + 1);
      if (ids.length > maxExportRows) {
        throw new RuleViolation(adminOrderMessages.exportTooLarge, adminOrderCodes.exportTooLarge);
      }
      const rows: OrderRecord[] = [];
      // In slices: one query's parameters stay well under the database's limit.
      for (let i = 0; i < ids.length; i += 1000) rows.push(...(await orders.byIds(ids.slice(i, i + 1000))));
      return rows;
    },

    async changeStatus(orderId: string, status: OrderStatus, actor: StaffMember, reason?: string) {
      await orders.changeStatus(orderId, status, actor, reason);
      return detail(orderId);
    },

    async setLinePrice(orderId: string, lineId: number, price: string, actor: StaffMember) {
      await orders.setLinePrice(orderId, lineId, price, actor);
      return detail(orderId);
    },

    async removeLine(orderId: string, lineId: number, actor: StaffMember): Promise<void> {
      await orders.removeLine(orderId, lineId, actor);
    },

    async notes(orderId: string): Promise<{ count: number; results: AdminOrderNote[] }> {
      const notes = await orders.notes(orderId);
      if (!notes) throw notFound();
      return { count: notes.length, results: await notesView(notes) };
    },

    async addNote(orderId: string, text: string, actor: StaffMember): Promise<AdminOrderNote> {
      const [note] = await notesView([await orders.addNote(orderId, text, actor)]);
      if (!note) throw new Error('a note was written and not read back');
      return note;
    },
  };
}

export type StaffOrdersService = ReturnType<typeof staffOrdersService>;
