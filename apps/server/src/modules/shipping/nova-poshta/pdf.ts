/**
 * A small PDF 1.4 writer for the carrier stand-in's printed forms: pages of lines of text in the
 * standard Helvetica fonts (no font is embedded, so text is Latin: Cyrillic is transliterated), boxes
 * and filled bars. Everything it writes is ASCII, so a character is a byte and the cross-reference
 * table's offsets are string positions.
 */

import { transliterateKeepingCase } from '@kram/contract/slug';

/** PDF points in a millimetre. */
export const pointsPerMm = 72 / 25.4;

export const pageSizes = {
  /** A 100 × 100 mm label. */
  marking: { width: 283.46, height: 283.46 },
  a4: { width: 595.28, height: 841.89 },
} as const;

export type PdfItem =
  | { kind: 'text'; x: number; y: number; size: number; text: string; bold?: boolean }
  /** An outlined rectangle. */
  | { kind: 'box'; x: number; y: number; width: number; height: number; lineWidth: number }
  /** A filled rectangle (a barcode's bar). */
  | { kind: 'bar'; x: number; y: number; width: number; height: number };

export interface PdfPage {
  width: number;
  height: number;
  items: PdfItem[];
  /** Scales and moves everything drawn: [a b c d e f] of PDF's `cm`. */
  transform?: readonly [number, number, number, number, number, number];
}

const replacements: Record<string, string> = {
  '№': 'No.',
  '₴': 'UAH',
  '’': "'",
  ʼ: "'",
  '«': '"',
  '»': '"',
  '“': '"',
  '”': '"',
  '—': '-',
  '·': '-',
  '–': '-',
  '\u00A0': ' ',
  '\u202F': ' ',
};

/** Text as a PDF string literal of printable ASCII: transliterated, with ( ) \ escaped. */
function pdfString(value: string): string {
  let ascii = '';
  for (const char of transliterateKeepingCase(value)) {
    const c = replacements[char] ?? char;
    ascii += /^[\x20-\x7E]+$/.test(c) ? c : '?';
  }
  return `(${ascii.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

const num = (n: number) => String(Math.round(n * 100) / 100);

function contentOf(page: PdfPage): string {
  const ops: string[] = [];
  if (page.transform) ops.push('q', `${page.transform.map(num).join(' ')} cm`);
  for (const item of page.items) {
    if (item.kind === 'text') {
      ops.push(
        `BT /${item.bold ? 'F2' : 'F1'} ${num(item.size)} Tf ${num(item.x)} ${num(item.y)} Td ${pdfString(item.text)} Tj ET`,
      );
    } else if (item.kind === 'box') {
      ops.push(`${num(item.lineWidth)} w ${num(item.x)} ${num(item.y)} ${num(item.width)} ${num(item.height)} re S`);
    } else {
      ops.push(`${num(item.x)} ${num(item.y)} ${num(item.width)} ${num(item.height)} re f`);
    }
  }
  if (page.transform) ops.push('Q');
  return ops.join('\n');
}

/** The PDF file of `pages`. */
export function pdfDocument(pages: readonly PdfPage[], title = ''): Uint8Array {
  if (pages.length === 0) throw new Error('a PDF needs at least one page');
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${5 + 2 * i} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ];
  pages.forEach((page, i) => {
    const content = contentOf(page);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${6 + 2 * i} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  });
  objects.push(`<< /Producer (kram carrier sandbox) /Title ${pdfString(title)} >>`);
  let file = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(file.length);
    file += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = file.length;
  file += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) file += `${String(offset).padStart(10, '0')} 00000 n \n`;
  file += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(file);
}

// Interleaved 2 of 5: each digit is five elements, two of them wide; a pair of digits is drawn as
// the first digit's bars interleaved with the second digit's spaces.
const i25: Record<string, string> = {
  '0': 'nnwwn',
  '1': 'wnnnw',
  '2': 'nwnnw',
  '3': 'wwnnn',
  '4': 'nnwnw',
  '5': 'wnwnn',
  '6': 'nwwnn',
  '7': 'nnnww',
  '8': 'wnnwn',
  '9': 'nwnwn',
};

/** An Interleaved 2 of 5 barcode of `digits` (a 0 leads an odd count), wide elements 3 narrow ones. */
export function interleaved2of5(
  digits: string,
  at: { x: number; y: number; height: number; narrow: number },
): { bars: PdfItem[]; width: number } {
  if (!/^\d+$/.test(digits)) throw new Error(`not digits: ${digits}`);
  const even = digits.length % 2 === 0 ? digits : `0${digits}`;
  let pattern = 'nnnn';
  for (let i = 0; i < even.length; i += 2) {
    const bars = i25[even[i] as string] as string;
    const spaces = i25[even[i + 1] as string] as string;
    for (let k = 0; k < 5; k++) pattern += `${bars[k]}${spaces[k]}`;
  }
  pattern += 'wnn';
  const bars: PdfItem[] = [];
  let x = at.x;
  [...pattern].forEach((element, i) => {
    const width = (element === 'w' ? 3 : 1) * at.narrow;
    if (i % 2 === 0) bars.push({ kind: 'bar', x, y: at.y, width, height: at.height });
    x += width;
  });
  return { bars, width: x - at.x };
}
