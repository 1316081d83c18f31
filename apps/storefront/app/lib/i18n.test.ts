import { describe, expect, it } from 'vitest';
import { type Messages, translate } from './i18n';

const messages: Messages = { breadcrumbs: { page: 'Сторінка {name}' } };

describe('translate', () => {
  it('finds nested keys and fills placeholders', () => {
    expect(translate(messages, 'breadcrumbs.page', { name: 'x' })).toBe('Сторінка x');
  });

  it('shows the key for a key on Object.prototype, never its function', () => {
    for (const key of ['valueOf', '__proto__', 'constructor', 'toString', 'breadcrumbs.hasOwnProperty']) {
      expect(translate(messages, key), key).toBe(key);
    }
    // A placeholder named like a prototype key stays as written.
    expect(translate({ a: '{constructor} {toString}' }, 'a', {})).toBe('{constructor} {toString}');
  });
});
