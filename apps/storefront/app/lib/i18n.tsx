import type { Language } from '@kram/contract/language';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { pluralKeys } from './plural';

export type Messages = { [key: string]: string | Messages };
export type Translate = (key: string, values?: Record<string, string | number>) => string;

interface I18n {
  lng: Language;
  messages: Messages;
}

const I18nContext = createContext<I18n>({ lng: 'uk', messages: {} });

export function I18nProvider({ lng, messages, children }: I18n & { children: ReactNode }) {
  const value = useMemo(() => ({ lng, messages }), [lng, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    // Own keys only: a key built from an address must not reach Object.prototype ("valueOf").
    if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * `{name}` placeholders are replaced by values; a missing key shows the key, so gaps are visible. A
 * numeric `count` picks the key's plural variant (`key_one`, `key_few`, …) when there is one.
 */
export function translate(
  messages: Messages,
  key: string,
  values?: Record<string, string | number>,
  lng: Language = 'uk',
): string {
  const candidates = typeof values?.count === 'number' ? pluralKeys(key, lng, values.count) : [key];
  let template: string | undefined;
  for (const candidate of candidates) {
    template ??= lookup(messages, candidate);
  }
  template ??= key;
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

export function useLanguage(): Language {
  return useContext(I18nContext).lng;
}

export function useT(): Translate {
  const { lng, messages } = useContext(I18nContext);
  return useCallback<Translate>((key, values) => translate(messages, key, values, lng), [messages, lng]);
}

/** The Russian variant when the language is Russian and the variant is there (spec section 1). */
export function pickLocalized(lng: Language, value: string, valueRu: string | null | undefined): string {
  return lng === 'ru' && valueRu ? valueRu : value;
}

export function localizedName(lng: Language, item: { name: string; name_ru?: string | null }): string {
  return pickLocalized(lng, item.name, item.name_ru);
}
