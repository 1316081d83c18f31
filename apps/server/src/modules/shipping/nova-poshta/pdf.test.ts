import { transliterateKeepingCase as transliterate } from '@kram/contract/slug';
import { describe, expect, it } from 'vitest';
import { interleaved2of5, pageSizes, pdfDocument } from './pdf.ts';
import { labelsPdf, registerPdf } from './print-forms.ts';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** Checks the cross-reference table the way a reader uses it: each offset must land on its object. */
function checkXref(file: string): number {
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(file)?.[1]);
  expect(file.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(file.slice(startxref)) ?? [];
  expect(first).toBe('0');
  const entries = file
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + Number(count));
  expect(entries[0]).toBe('0000000000 65535 f ');
  entries.slice(1).forEach((entry, i) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    // Twenty bytes an entry, as the format requires.
    expect(`${entry}\n`.length).toBe(20);
    const offset = Number(entry.slice(0, 10));
    expect(file.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
  });
  expect(file).toMatch(new RegExp(`trailer\\n<< /Size ${count} /Root 1 0 R`));
  return Number(count) - 1;
}

describe('the PDF writer', () => {
  it('writes a cross-reference table whose byte offsets point at each object', () => {
    const bytes = pdfDocument(
      [
        { ...pageSizes.marking, items: [{ kind: 'text', x: 10, y: 10, size: 12, text: 'Привіт (світ) \\ 1' }] },
        { ...pageSizes.a4, items: [{ kind: 'box', x: 10, y: 10, width: 100, height: 50, lineWidth: 2 }] },
      ],
      'Тест',
    );
    const file = latin1(bytes);
    expect(file.startsWith('%PDF-1.4\n')).toBe(true);
    // Catalog, pages, two fonts, a page and its content per page, the information dictionary.
    expect(checkXref(file)).toBe(4 + 2 * 2 + 1);
    expect(file).toContain('/MediaBox [0 0 283.46 283.46]');
    expect(file).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(file).toContain('(Pryvit \\(svit\\) \\\\ 1) Tj');
  });

  it('gives each content stream its exact length', () => {
    const file = latin1(
      pdfDocument([{ ...pageSizes.a4, items: [{ kind: 'text', x: 1, y: 2, size: 3, text: 'abc' }] }]),
    );
    const [, length, stream] = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(file) ?? [];
    expect(stream?.length).toBe(Number(length));
  });

  it('writes printable ASCII only, so that a character is a byte', () => {
    const file = latin1(labelsPdf([label('20450000000017')], 'marking'));
    expect(file).toMatch(/^[\x20-\x7E\n]*$/);
  });
});

describe('the transliteration', () => {
  it.each([
    ['Алушта', 'Alushta'],
    ['Згорани', 'Zghorany'],
    ['Розгон', 'Rozghon'],
    ['Юрій', 'Yurii'],
    ['Їжакевич', 'Yizhakevych'],
    ['Кадиївка', 'Kadyivka'],
    ['Знам’янка', 'Znamianka'],
    ["Короп'є", 'Koropie'],
    ['Щербухи', 'Shcherbukhy'],
    ['Яготин', 'Yahotyn'],
    ['Костянтин', 'Kostiantyn'],
    ['Гаврилюк', 'Havryliuk'],
    ['Ґалаґан', 'Galagan'],
    ['Йосипівка', 'Yosypivka'],
    ['Стрий', 'Stryi'],
    ['Олексій', 'Oleksii'],
    ['Марʼяна', 'Mariana'],
    ['Київ, вул. Шевченка', 'Kyiv, vul. Shevchenka'],
    ['ЩУКА', 'SHCHUKA'],
    ['ЄС', 'YES'],
    ['Съёмка', 'Siomka'],
    ['Ростов-на-Дону', 'Rostov-na-Donu'],
  ])('writes %s as %s', (cyrillic, latin) => {
    expect(transliterate(cyrillic)).toBe(latin);
  });
});

describe('the Interleaved 2 of 5 barcode', () => {
  it('draws a start, two bars per pair of digits and a stop', () => {
    const { bars, width } = interleaved2of5('20450000000017', { x: 0, y: 0, height: 10, narrow: 1 });
    // Start: 2 bars; 7 pairs of 5 bars; stop: 2 bars.
    expect(bars).toHaveLength(2 + 7 * 5 + 2);
    // Start 4 narrow, each pair 6 narrow and 4 wide of 3, stop 1 wide and 2 narrow.
    expect(width).toBe(4 + 7 * (6 + 4 * 3) + 5);
  });

  it('encodes a known pair: 12 is wide-narrow bars of 1 with the spaces of 2', () => {
    const { bars } = interleaved2of5('12', { x: 0, y: 0, height: 1, narrow: 1 });
    const pairBars = bars.slice(2, 7).map((b) => (b.kind === 'bar' ? b.width : 0));
    expect(pairBars).toEqual([3, 1, 1, 1, 3]);
  });

  it('leads an odd count with a zero, and refuses what is not digits', () => {
    expect(interleaved2of5('123', { x: 0, y: 0, height: 1, narrow: 1 }).bars).toHaveLength(2 + 2 * 5 + 2);
    expect(() => interleaved2of5('12a4', { x: 0, y: 0, height: 1, narrow: 1 })).toThrow();
  });
});

function label(number: string) {
  return {
    number,
    sendDay: '30.11.2026',
    sender: 'Магазин «Крам»',
    senderPlace: 'Київ, Відділення №1',
    recipientName: 'Коваль Олена',
    recipientPhone: '380671234567',
    recipientCity: 'Львів',
    recipientPlace: 'Відділення №3: вул. Городоцька, 1',
    weightKg: '1.5',
    seats: '1',
    declaredValue: '1234.50',
    cashOnDelivery: '1234.50',
    payer: 'отримувач',
    description: 'Одяг та спорядження',
  };
}

describe('the printed forms', () => {
  it('print one label a page with the number, in 100 × 100 mm or on A4', () => {
    for (const format of ['marking', 'a4'] as const) {
      const file = latin1(labelsPdf([label('20450000000017'), label('20450000000024')], format));
      expect(checkXref(file)).toBe(4 + 2 * 2 + 1);
      expect(file).toContain('(20450000000017) Tj');
      expect(file).toContain('(2045 0000 0000 24) Tj');
      expect(file).toContain('(Komu: Koval Olena, 380671234567) Tj');
      expect(file).toContain('(Nakladenyi platizh: 1234.50 UAH) Tj');
    }
  });

  it('print a register of many waybills on as many A4 pages as it takes', () => {
    const waybills = Array.from({ length: 45 }, (_, i) => ({
      number: `2045000000${String(i).padStart(4, '0')}`,
      recipient: 'Коваль Олена',
      city: 'Львів',
      weightKg: '1',
      seats: '1',
      cod: '',
    }));
    const file = latin1(registerPdf({ number: '105-00000001', date: '30.11.2026', waybills }));
    expect(checkXref(file)).toBe(4 + 2 * 2 + 1);
    expect(file).toContain('(Reiestr No. 105-00000001) Tj');
    expect(file).toContain('(20450000000044) Tj');
    expect(file).toContain('(Usoho nakladnykh: 45) Tj');
  });
});
