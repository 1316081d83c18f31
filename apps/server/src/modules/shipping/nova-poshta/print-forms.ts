import { interleaved2of5, type PdfItem, type PdfPage, pageSizes, pdfDocument } from './pdf.ts';

/** What the stand-in prints on a waybill's label, as text. */
export interface LabelData {
  number: string;
  sendDay: string;
  sender: string;
  senderPlace: string;
  recipientName: string;
  recipientPhone: string;
  recipientCity: string;
  recipientPlace: string;
  weightKg: string;
  seats: string;
  declaredValue: string;
  /** The amount collected on receipt, when there is one. */
  cashOnDelivery?: string;
  payer: string;
  description: string;
}

export interface RegisterData {
  number: string;
  date: string;
  waybills: { number: string; recipient: string; city: string; weightKg: string; seats: string; cod: string }[];
}

/** 20450123456789 → "2045 0123 4567 89", as the carrier prints it. */
const grouped = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/** Lines of at most about `width` points of Helvetica at `size` (an average glyph is half the size wide). */
function wrap(text: string, size: number, width: number, maxLines: number): string[] {
  const perLine = Math.max(8, Math.floor(width / (size * 0.52)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > perLine) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line} ${word}` : word.slice(0, perLine);
  }
  if (line) lines.push(line);
  return lines.slice(0, maxLines);
}

/** One 100 × 100 mm label, drawn in its own coordinates (points, origin bottom left). */
function labelItems(label: LabelData): PdfItem[] {
  const { width } = pageSizes.marking;
  const items: PdfItem[] = [
    { kind: 'box', x: 8, y: 8, width: width - 16, height: width - 16, lineWidth: 2 },
    { kind: 'text', x: 16, y: 258, size: 9, text: 'НОВА ПОШТА · ПІСОЧНИЦЯ МАГАЗИНУ', bold: true },
    { kind: 'text', x: 190, y: 258, size: 8, text: label.sendDay },
    { kind: 'text', x: 16, y: 236, size: 18, text: grouped(label.number), bold: true },
  ];
  const barcode = interleaved2of5(label.number, { x: 0, y: 188, height: 40, narrow: 1.7 });
  const left = (width - barcode.width) / 2;
  for (const bar of barcode.bars) if (bar.kind === 'bar') items.push({ ...bar, x: bar.x + left });
  items.push({ kind: 'text', x: left, y: 180, size: 6, text: label.number });
  items.push({ kind: 'box', x: 14, y: 112, width: width - 28, height: 66, lineWidth: 1.5 });
  let y = 168;
  const line = (text: string, size: number, bold = false) => {
    items.push({ kind: 'text', x: 18, y, size, text, bold });
    y -= size + 3;
  };
  line(`Кому: ${label.recipientName}, ${label.recipientPhone}`, 10, true);
  line(label.recipientCity, 9, true);
  for (const part of wrap(label.recipientPlace, 8, width - 40, 2)) line(part, 8);
  y = 100;
  for (const part of wrap(`Від: ${label.sender}, ${label.senderPlace}`, 7, width - 36, 2)) line(part, 7);
  line(`Вага ${label.weightKg} кг · місць ${label.seats} · оголошена вартість ${label.declaredValue} ₴`, 8);
  line(label.cashOnDelivery ? `Накладений платіж: ${label.cashOnDelivery} ₴` : 'Без накладеного платежу', 9, true);
  line(`Доставку сплачує: ${label.payer}`, 8);
  for (const part of wrap(label.description, 7, width - 36, 1)) line(part, 7);
  return items;
}

/** Labels of waybills, one page each: 100 × 100 mm markings, or each label enlarged on an A4 page. */
export function labelsPdf(labels: readonly LabelData[], format: 'marking' | 'a4'): Uint8Array {
  const pages: PdfPage[] = labels.map((label) => {
    const items = labelItems(label);
    if (format === 'marking') return { ...pageSizes.marking, items };
    const scale = 1.8;
    const margin = (pageSizes.a4.width - pageSizes.marking.width * scale) / 2;
    const top = pageSizes.a4.height - margin - pageSizes.marking.height * scale;
    return { ...pageSizes.a4, items, transform: [scale, 0, 0, scale, margin, top] };
  });
  return pdfDocument(pages, `Nakladni ${labels.map((l) => l.number).join(', ')}`);
}

const rowsPerPage = 40;
const columns = [40, 64, 170, 330, 455, 495, 525];

/** A register (scan sheet) on A4 pages: its number and date, and a row per waybill. */
export function registerPdf(register: RegisterData): Uint8Array {
  const pages: PdfPage[] = [];
  for (let start = 0; start === 0 || start < register.waybills.length; start += rowsPerPage) {
    const items: PdfItem[] = [
      { kind: 'text', x: 40, y: 790, size: 16, text: `Реєстр № ${register.number}`, bold: true },
      { kind: 'text', x: 40, y: 770, size: 10, text: `Дата: ${register.date} · пісочниця магазину` },
      { kind: 'box', x: 36, y: 728, width: 523, height: 20, lineWidth: 1.5 },
    ];
    ['№', 'Накладна', 'Отримувач', 'Місто', 'Вага', 'Місць', 'Платіж'].forEach((title, i) => {
      items.push({ kind: 'text', x: columns[i] as number, y: 734, size: 9, text: title, bold: true });
    });
    register.waybills.slice(start, start + rowsPerPage).forEach((w, i) => {
      const y = 712 - i * 16;
      const cells = [String(start + i + 1), w.number, w.recipient, w.city, w.weightKg, w.seats, w.cod];
      cells.forEach((cell, c) => {
        items.push({
          kind: 'text',
          x: columns[c] as number,
          y,
          size: 8,
          text: cell.slice(0, c === 2 || c === 3 ? 30 : 20),
        });
      });
    });
    if (start + rowsPerPage >= register.waybills.length) {
      items.push({
        kind: 'text',
        x: 40,
        y: 50,
        size: 10,
        text: `Усього накладних: ${register.waybills.length}`,
        bold: true,
      });
    }
    pages.push({ ...pageSizes.a4, items });
  }
  return pdfDocument(pages, `Reiestr ${register.number}`);
}
