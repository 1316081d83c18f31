import { describe, expect, it } from 'vitest';
import { parseCloseTime, parseTaxCode, settingsFormOf, settingsUpdate, unchanged } from './fiscal-settings-form.ts';
import { fiscalSettings } from './fiscal-test-kit.ts';

describe('the fiscal settings as typed', () => {
  it('take a tax code from 1 to 99 only', () => {
    expect(['1', ' 7 ', '99', '05'].map(parseTaxCode)).toEqual([1, 7, 99, 5]);
    expect(['0', '100', '-1', '1.5', 'ПДВ', '', '1e1'].map(parseTaxCode)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('take a time of day, written with two-digit hours', () => {
    expect(['23:30', '9:05', '00:00', ' 07:45 '].map(parseCloseTime)).toEqual(['23:30', '09:05', '00:00', '07:45']);
    expect(['24:00', '12:60', '1230', '12.30', ''].map(parseCloseTime)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('send an empty default tax code and close time as none', () => {
    const form = { ...settingsFormOf(fiscalSettings()), default_tax_code: ' ', shift_close_time: '' };
    expect(settingsUpdate(form)).toEqual({
      update: {
        enabled: true,
        default_tax_code: null,
        product_taxes: [{ product_id: 7, tax_code: 1 }],
        shift_close_time: null,
      },
    });
  });

  it('name each problem by the field the server would name it', () => {
    const form = settingsFormOf(fiscalSettings());
    const rows = [...form.product_taxes, { product_id: 9, name: 'Кепка', sku: 'CAP-9', tax_code: '' }];
    expect(settingsUpdate({ ...form, default_tax_code: '0', product_taxes: rows, shift_close_time: '25:00' })).toEqual({
      problems: {
        default_tax_code: 'resources.fiscal_settings.invalid_tax_code',
        'product_taxes.1.tax_code': 'resources.fiscal_settings.invalid_row_tax_code',
        shift_close_time: 'resources.fiscal_settings.invalid_close_time',
      },
    });
  });

  it('tell the saved settings from a change', () => {
    const saved = fiscalSettings({ default_tax_code: 2 });
    const same = settingsUpdate(settingsFormOf(saved));
    expect('update' in same && unchanged(same.update, saved)).toBe(true);
    const changed = settingsUpdate({ ...settingsFormOf(saved), shift_close_time: '22:00' });
    expect('update' in changed && unchanged(changed.update, saved)).toBe(false);
  });
});
