/**
 * The digits to look for when a search may be a telephone number. The shop stores numbers as
 * +380XXXXXXXXX; a search is typed any way (`067 123-45-67`, `+38 (067) 123-4567`, `671234567`), so
 * it is reduced to its digits without the country code 380 and the trunk zero, which every stored
 * number's digits then contain. Undefined when the search holds anything but a telephone's characters
 * (digits, spaces, brackets, `+` and `-`) or fewer than three digits remain: it is not a number.
 */
export function phoneSearchDigits(search: string): string | undefined {
  const text = search.trim();
  if (!/^[\d\s()+-]+$/.test(text)) return undefined;
  const local = text.replace(/\D/g, '').replace(/^380/, '').replace(/^0/, '');
  return local.length >= 3 ? local : undefined;
}
