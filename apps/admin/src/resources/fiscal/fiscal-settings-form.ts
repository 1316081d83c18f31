import type { FiscalSettings, FiscalSettingsUpdate } from '@kram/contract/admin-fiscal';

const t = (key: string) => `resources.fiscal_settings.${key}`;

/** A product with a tax code of its own, as the settings' table shows and edits it. */
export interface TaxRow {
  product_id: number;
  name: string;
  sku: string;
  tax_code: string;
}

/** The settings as typed: numbers and times as text until they are saved. */
export interface SettingsForm {
  enabled: boolean;
  default_tax_code: string;
  product_taxes: TaxRow[];
  shift_close_time: string;
}

export const settingsFormOf = (saved: FiscalSettings): SettingsForm => ({
  enabled: saved.enabled,
  default_tax_code: saved.default_tax_code === null ? '' : String(saved.default_tax_code),
  product_taxes: saved.product_taxes.map((row) => ({ ...row, tax_code: String(row.tax_code) })),
  shift_close_time: saved.shift_close_time ?? '',
});

/** A register's tax code: a whole number from 1 to 99; undefined when the text is not one. */
export function parseTaxCode(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return undefined;
  const code = Number(trimmed);
  return code >= 1 && code <= 99 ? code : undefined;
}

/** A time of day as `HH:MM` (`9:30` is `09:30`); undefined when the text is not one. */
export function parseCloseTime(text: string): string | undefined {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? `${(match[1] as string).padStart(2, '0')}:${match[2]}` : undefined;
}

/** The field a row's tax code is known by, as the server names it in a refusal. */
export const rowField = (index: number) => `product_taxes.${index}.tax_code`;

/**
 * The settings to save, whole as the server takes them, or the problems of what was typed (keys of
 * texts, by field): the default tax code is empty (not a VAT payer) or a code, each product's is a
 * code, the close time empty (not by schedule) or a time of day.
 */
export function settingsUpdate(
  form: SettingsForm,
): { update: FiscalSettingsUpdate } | { problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  let defaultCode: number | null = null;
  if (form.default_tax_code.trim()) {
    const code = parseTaxCode(form.default_tax_code);
    if (code === undefined) problems.default_tax_code = t('invalid_tax_code');
    else defaultCode = code;
  }
  const productTaxes = form.product_taxes.map((row, index) => {
    const code = parseTaxCode(row.tax_code);
    if (code === undefined) problems[rowField(index)] = t('invalid_row_tax_code');
    return { product_id: row.product_id, tax_code: code ?? 0 };
  });
  let closeTime: string | null = null;
  if (form.shift_close_time.trim()) {
    const time = parseCloseTime(form.shift_close_time);
    if (time === undefined) problems.shift_close_time = t('invalid_close_time');
    else closeTime = time;
  }
  if (Object.keys(problems).length > 0) return { problems };
  return {
    update: {
      enabled: form.enabled,
      default_tax_code: defaultCode,
      product_taxes: productTaxes,
      shift_close_time: closeTime,
    },
  };
}

/** The saved settings as the update that would leave them as they are, to tell a change from none. */
export const updateOf = (saved: FiscalSettings): FiscalSettingsUpdate => ({
  enabled: saved.enabled,
  default_tax_code: saved.default_tax_code,
  product_taxes: saved.product_taxes.map(({ product_id, tax_code }) => ({ product_id, tax_code })),
  shift_close_time: saved.shift_close_time,
});

/** Whether an update changes nothing of what is saved. */
export const unchanged = (update: FiscalSettingsUpdate, saved: FiscalSettings): boolean =>
  JSON.stringify(update) === JSON.stringify(updateOf(saved));
