import { selfPickup } from '@kram/contract/delivery';
import { describe, expect, it } from 'vitest';
import ru from '../../public/locales/ru.json';
import uk from '../../public/locales/uk.json';
import type { Messages } from './i18n';

function keys(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

describe('translations', () => {
  it('have the same keys in uk and ru, none empty', () => {
    expect(keys(ru).sort()).toEqual(keys(uk).sort());
    for (const messages of [uk, ru] as Messages[]) {
      for (const key of keys(messages)) {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Messages)[part], messages);
        expect(value, key).not.toBe('');
      }
    }
  });

  it('name the pickup point the server writes into self-pickup orders', () => {
    for (const [messages, lng] of [
      [uk, 'uk'],
      [ru, 'ru'],
    ] as const) {
      const street = selfPickup[lng].branch.split(': ')[1] as string;
      expect(messages.footer.addressPickup).toContain(street);
    }
  });
});
