/**
 * Plural forms for counts shown to shoppers. Ukrainian and Russian have three forms for whole
 * numbers (1 товар, 2 товари, 5 товарів) and a fourth for fractions; Intl.PluralRules knows which
 * applies, and the translations hold one variant per form under `key_one`, `key_few`, `key_many`
 * and `key_other`.
 */
export type PluralForm = Intl.LDMLPluralRule;

const rules = new Map<string, Intl.PluralRules>();

export function pluralForm(lng: string, count: number): PluralForm {
  let rule = rules.get(lng);
  if (!rule) {
    rule = new Intl.PluralRules(lng);
    rules.set(lng, rule);
  }
  return rule.select(count);
}

/** The keys to try for a count, most specific first: `cart.items_few`, `cart.items_other`, `cart.items`. */
export function pluralKeys(key: string, lng: string, count: number): string[] {
  const form = pluralForm(lng, count);
  return form === 'other' ? [`${key}_other`, key] : [`${key}_${form}`, `${key}_other`, key];
}
