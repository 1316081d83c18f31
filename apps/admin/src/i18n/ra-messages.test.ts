import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { messages } from './i18n-provider.ts';

/** Every leaf of a messages object: its dotted key and its text. */
function leaves(object: object, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [key, value] of Object.entries(object)) {
    if (value && typeof value === 'object') for (const entry of leaves(value, `${prefix}${key}.`)) found.set(...entry);
    else found.set(`${prefix}${key}`, value);
  }
  return found;
}

const placeholders = (text: string) => new Set(text.match(/%\{\w+\}/g) ?? []);
const english = leaves({ ra: englishMessages.ra });
// react-admin gives sort_by the field's label as it is as well as with a lower-case first letter.
const extraValues: Record<string, string[]> = { 'ra.sort.sort_by': ['%{field}'] };

describe.each(['uk', 'ru'] as const)('react-admin in %s', (language) => {
  const translated = leaves({ ra: messages[language].ra });

  it('has every key of react-admin’s English messages', () => {
    expect([...english.keys()].filter((key) => !translated.has(key))).toEqual([]);
  });

  it('has a text for each, with only the values react-admin fills in', () => {
    for (const [key, text] of translated) {
      expect(typeof text, key).toBe('string');
      // ra-language-russian keeps a key react-admin no longer reads (navigation.prev).
      if (!english.has(key)) continue;
      const allowed = new Set([...placeholders(String(english.get(key))), ...(extraValues[key] ?? [])]);
      for (const name of placeholders(String(text))) expect(allowed, `${key}: ${name}`).toContain(name);
    }
  });
});

describe('the back office’s own texts', () => {
  it('have the same keys in both languages', () => {
    const uk = leaves({ kram: messages.uk.kram, errors: messages.uk.errors, resources: messages.uk.resources });
    const ru = leaves({ kram: messages.ru.kram, errors: messages.ru.errors, resources: messages.ru.resources });
    expect([...ru.keys()].sort()).toEqual([...uk.keys()].sort());
    for (const [key, text] of ru) expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
  });
});
