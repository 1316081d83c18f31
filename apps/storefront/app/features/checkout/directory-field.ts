import { endpointUrl } from '@kram/contract/endpoint';
import { cities, warehouses } from '@kram/contract/endpoints/shop';
import { api } from '../../lib/api';

/**
 * The city and branch fields of the checkout (spec section 4): a text with, when picked from the
 * carrier's directory, the ref of what was picked.
 */
export interface DirectoryEntry {
  ref: string;
  description: string;
}

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

/** One look-up in the carrier's directory: its address, which names it, and the call that makes it. */
export interface DirectoryLookup {
  path: string;
  load(signal: AbortSignal): Promise<DirectoryEntry[]>;
}

/** The city search: only for typed text, never for an empty field (spec section 7). */
export function citySearch(value: DirectoryValue, typed: boolean): DirectoryLookup | null {
  const search = value.text.trim();
  if (!typed || search === '') return null;
  const query = { search };
  return {
    path: endpointUrl(cities, undefined, query),
    load: async (signal) => (await api.call(cities, { query, signal })).cities,
  };
}

/**
 * The branch list: only once a city is chosen; `search` only while the shopper types with no
 * branch selected, otherwise the city's whole list (the dropdown toggle).
 */
export function branchSearch(cityRef: string | null, value: DirectoryValue, typed: boolean): DirectoryLookup | null {
  if (!cityRef) return null;
  const search = value.text.trim();
  const query = { city_ref: cityRef, search: typed && value.ref === null && search !== '' ? search : undefined };
  return {
    path: endpointUrl(warehouses, undefined, query),
    load: async (signal) => (await api.call(warehouses, { query, signal })).warehouses,
  };
}
