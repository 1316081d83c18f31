import { formatHryvnias } from '@kram/contract/money';
import { escapeHtml } from '../../../lib/html.ts';
import { kyivDateTime } from '../../../lib/kyiv-time.ts';
import { type PdfItem, pdfDocument } from '../../shipping/index.ts';
import type { SandboxReceipt } from './sandbox-store.ts';

interface PrintedGood {
  code: string;
  name: string;
  price: number;
  quantity: number;
  sum: number;
}

/** What a printed receipt shows, in the register's words (Ukrainian, as a fiscal receipt is). */
function linesOf(receipt: SandboxReceipt) {
  const body = receipt.body;
  const goods = (body.goods as PrintedGood[] | undefined) ?? [];
  const discounts = (body.discounts as { value: number; name: string }[] | undefined) ?? [];
  const payments = (body.payments as { type: string; value: number }[] | undefined) ?? [];
  const isReturn = body.type === 'RETURN';
  const units = (quantity: number) => (quantity % 1000 === 0 ? String(quantity / 1000) : (quantity / 1000).toFixed(3));
  return {
    title: isReturn ? 'Фіскальний чек повернення' : 'Фіскальний чек',
    header: [
      'ТЕСТОВИЙ ЧЕК ПІСОЧНИЦІ МАГАЗИНУ: НЕ Є ФІСКАЛЬНИМ ДОКУМЕНТОМ',
      `Касир: ${String(body.cashier ?? '')}`,
      `Зміна № ${String(body.shift_serial ?? '')}, чек № ${receipt.serial}`,
      kyivDateTime(receipt.createdAt),
    ],
    goods: goods.map((g) => ({
      name: g.name,
      detail: `${units(g.quantity)} × ${formatHryvnias(g.price, 'грн')} (код ${g.code})`,
      sum: formatHryvnias(g.sum, 'грн'),
    })),
    discounts: discounts.map((d) => ({ name: d.name || 'Знижка', sum: `−${formatHryvnias(d.value, 'грн')}` })),
    total: formatHryvnias(Number(body.total_sum ?? 0), 'грн'),
    payments: payments.map((p) => ({
      name: p.type === 'CASH' ? 'Готівка' : 'Безготівкова (картка)',
      sum: formatHryvnias(p.value, 'грн'),
    })),
    footer: [
      `Фіскальний номер чека: ${receipt.fiscalCode}`,
      ...(typeof body.related_receipt_id === 'string' ? [`Повернення за чеком ${body.related_receipt_id}`] : []),
      `Ідентифікатор: ${receipt.id}`,
    ],
  };
}

/** The receipt as a one-page PDF (the standard fonts carry no Cyrillic: its words are transliterated). */
export function sandboxReceiptPdf(receipt: SandboxReceipt): Uint8Array {
  const r = linesOf(receipt);
  const width = 300;
  const items: PdfItem[] = [];
  let y = 0;
  const line = (textValue: string, size = 9, bold = false, x = 16) => {
    y += size + 5;
    items.push({ kind: 'text', x, y, size, text: textValue, bold });
  };
  line(r.title, 13, true);
  for (const h of r.header) line(h, 8);
  y += 6;
  for (const g of r.goods) {
    line(g.name, 9, true);
    line(`${g.detail} = ${g.sum}`, 8, false, 24);
  }
  for (const d of r.discounts) line(`${d.name}: ${d.sum}`, 9);
  y += 4;
  line(`СУМА: ${r.total}`, 12, true);
  for (const p of r.payments) line(`${p.name}: ${p.sum}`, 9);
  y += 4;
  for (const f of r.footer) line(f, 7);
  const height = y + 24;
  // Drawn top down: each baseline measured from the top, turned into PDF's bottom-up coordinates.
  const placed = items.map((item) => (item.kind === 'text' ? { ...item, y: height - item.y } : item));
  return pdfDocument([{ width, height, items: placed }], r.title);
}

const style = `
body{margin:0;font-family:Arial,sans-serif;background:#f3f3ef;color:#222}
main{max-width:420px;margin:24px auto;background:#fff;padding:24px;border-radius:8px}
h1{font-size:20px;margin:0 0 8px}.test{background:#fde68a;border-radius:4px;padding:6px 8px;font-size:13px}
p{margin:4px 0;font-size:14px}table{border-collapse:collapse;width:100%;font-size:14px;margin:12px 0}
td{padding:4px 0;vertical-align:top}td.sum{text-align:right;white-space:nowrap}.detail{color:#555;font-size:12px}
.total td{font-weight:bold;font-size:16px;border-top:1px dashed #999;padding-top:8px}.small{color:#555;font-size:12px}
a{color:#3f5f2a}`;

/** The receipt's public page (what check.checkbox.ua shows for the register's receipts). */
export function sandboxReceiptPage(receipt: SandboxReceipt, nonce: string, pdfUrl: string): string {
  const r = linesOf(receipt);
  const [test, ...header] = r.header;
  const row = (name: string, sum: string, detail = '') =>
    `<tr><td>${escapeHtml(name)}${detail ? `<div class="detail">${escapeHtml(detail)}</div>` : ''}</td><td class="sum">${escapeHtml(sum)}</td></tr>`;
  return (
    '<!doctype html><html lang="uk"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escapeHtml(r.title)}</title><style nonce="${nonce}">${style}</style></head><body><main>` +
    `<h1>${escapeHtml(r.title)}</h1><p class="test">${escapeHtml(test ?? '')}</p>` +
    header.map((h) => `<p>${escapeHtml(h)}</p>`).join('') +
    `<table>${r.goods.map((g) => row(g.name, g.sum, g.detail)).join('')}` +
    `${r.discounts.map((d) => row(d.name, d.sum)).join('')}` +
    `<tr class="total"><td>СУМА</td><td class="sum">${escapeHtml(r.total)}</td></tr>` +
    `${r.payments.map((p) => row(p.name, p.sum)).join('')}</table>` +
    r.footer.map((f) => `<p class="small">${escapeHtml(f)}</p>`).join('') +
    `<p><a href="${escapeHtml(pdfUrl)}">PDF</a></p></main></body></html>`
  );
}
