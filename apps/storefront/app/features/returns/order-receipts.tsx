import type { OrderReceipt, OrderReceipts as Receipts } from '@kram/contract/fiscal';
import { useT } from '../../lib/i18n';
import './returns.css';

/** Whether an order's receipts have anything to show: a receipt of the shop, or the carrier's word. */
export const hasReceipts = (receipts: Receipts): boolean =>
  receipts.by_carrier || receipts.receipts.some((r) => r.status !== 'by_carrier');

function Receipt({ receipt }: { receipt: OrderReceipt }) {
  const t = useT();
  const kind = receipt.kind === 'return' ? 'return' : 'sell';
  if (receipt.status !== 'done' || !receipt.fiscal_code) {
    return (
      <li className="receipts__item receipts__item--pending" data-testid="receipt-pending">
        {t(`receipts.pending.${kind}`)}
      </li>
    );
  }
  const name = t(`receipts.name.${kind}`, { code: receipt.fiscal_code });
  return (
    <li className="receipts__item" data-testid="receipt">
      {receipt.page_url ? (
        <a href={receipt.page_url} target="_blank" rel="noopener noreferrer" data-testid="receipt-link">
          {name}
          <span className="visually-hidden"> {t('receipts.newTab')}</span>
        </a>
      ) : (
        <span>{name}</span>
      )}
      {receipt.pdf_url && (
        <a
          href={receipt.pdf_url}
          target="_blank"
          rel="noopener noreferrer"
          className="receipts__pdf"
          aria-label={t('receipts.pdfOf', { name })}
          data-testid="receipt-pdf"
        >
          PDF
        </a>
      )}
    </li>
  );
}

/**
 * An order's fiscal receipts: each fiscalised one by its fiscal number, linking to the register's page
 * (a new tab) and its PDF; one still being issued says so; a cash-on-delivery parcel's receipt is the
 * carrier's, handed over with the parcel.
 */
export function OrderReceipts({ receipts }: { receipts: Receipts }) {
  const t = useT();
  const own = receipts.receipts.filter((r) => r.status !== 'by_carrier');
  const byCarrier = receipts.by_carrier || own.length < receipts.receipts.length;
  return (
    <div className="receipts" data-testid="receipts">
      <h3 className="after-sale__title">{t('receipts.title')}</h3>
      <ul className="receipts__list">
        {own.map((receipt) => (
          <Receipt key={receipt.id} receipt={receipt} />
        ))}
        {byCarrier && (
          <li className="receipts__item receipts__item--carrier" data-testid="receipt-carrier">
            {t('receipts.byCarrier')}
          </li>
        )}
      </ul>
    </div>
  );
}
