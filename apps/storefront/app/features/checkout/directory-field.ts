/**
 * The city and branch fields of the checkout (spec section 4): a text with, when picked from the
 * carrier's directory, the ref of what was picked.
 */
export interface DirectoryValue {
  text: string;
  ref: string | null;
}

export const emptyDirectoryValue: DirectoryValue = { text: '', ref: null };

/** Focus stores the value and clears the field, so the shopper types a new search at once. */
export function focusField(value: DirectoryValue): { value: DirectoryValue; remembered: DirectoryValue } {
  return { value: { text: '', ref: value.ref }, remembered: value };
}

/** Typing drops the choice: the text is a search now, not the name of what was picked. */
export function typeInField(text: string): DirectoryValue {
  return { text, ref: null };
}

/**
 * Leaving the field empty brings back what was there before the focus (choice included); leaving
 * it with typed text keeps the text, which the order then carries as the shopper wrote it.
 */
export function blurField(value: DirectoryValue, remembered: DirectoryValue | null): DirectoryValue {
  if (value.text.trim() === '') return remembered ?? emptyDirectoryValue;
  return value;
}

export const citiesPath = '/api/novaposhta/cities/';
export const warehousesPath = '/api/novaposhta/warehouses/';

/** The city search: only for typed text, never for an empty field (spec section 7). */
export function citySearchPath(value: DirectoryValue, typed: boolean): string | null {
  const search = value.text.trim();
  if (!typed || search === '') return null;
  return `${citiesPath}?${new URLSearchParams({ search })}`;
}

/**
 * The branch list: only once a city is chosen; `search` only while the shopper types with no
 * branch selected, otherwise the city's whole list (the dropdown toggle).
 */
export function branchSearchPath(cityRef: string | null, value: DirectoryValue, typed: boolean): string | null {
  if (!cityRef) return null;
  const query = new URLSearchParams({ city_ref: cityRef });
  const search = value.text.trim();
  if (typed && value.ref === null && search !== '') query.set('search', search);
  return `${warehousesPath}?${query}`;
}
