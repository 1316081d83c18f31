import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './admin-orders.csv.ts';

describe('CSV cells', () => {
  it('are left as they are when plain', () => {
    expect(csvCell('Олена')).toBe('Олена');
    expect(csvCell('1250.00')).toBe('1250.00');
    expect(csvCell('')).toBe('');
  });

  it('are quoted, with quotes doubled, when they hold a comma, a quote or a line break', () => {
    expect(csvCell('Київ, Хрещатик')).toBe('"Київ, Хрещатик"');
    expect(csvCell('5" boots')).toBe('"5"" boots"');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
  });

  it('start with an apostrophe when a spreadsheet would run them as a formula', () => {
    // A carriage return also makes the cell quoted.
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1`).replace(/^"/, '').startsWith(`'${start}`)).toBe(true);
    }
    expect(csvCell('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
    expect(csvCell('\rcmd')).toBe('"\'\rcmd"');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('make rows ending in CRLF', () => {
    expect(csvRow(['a', 'b,c', '+380671234567'])).toBe('a,"b,c",\'+380671234567\r\n');
  });
});
