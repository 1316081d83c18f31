import { adminPromotionMessages } from '@kram/contract/admin-promotions';
import { codeOfMessage } from '@kram/contract/message-codes';
import { describe, expect, it } from 'vitest';
import { messageOf } from '../error-messages.ts';
import { messages } from './i18n-provider.ts';

/** The text under a key in `language`, so a code whose key does not exist fails. */
function textOf(language: 'uk' | 'ru', key: string): string | undefined {
  let node: unknown = messages[language];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

describe('the promotions’ refusals', () => {
  it('have a text in both languages for every message the server words', () => {
    for (const [name, words] of Object.entries(adminPromotionMessages)) {
      const code = codeOfMessage(words);
      expect(code, name).toBeDefined();
      const { message } = messageOf({ code: code ?? '' }, words, 'promotion_admin');
      expect(message, name).toBe(`errors.${code}`);
      for (const language of ['uk', 'ru'] as const) {
        const text = textOf(language, message);
        expect(text, `${language} ${name}`).toBeTruthy();
        expect(text, `${language} ${name}`).not.toBe(words);
      }
    }
  });

  it('name the unknown categories and products by the ids the server gives', () => {
    for (const code of ['promotion_admin.category_missing', 'promotion_admin.product_missing']) {
      const { message, args } = messageOf({ code, params: { ids: '3, 8' } }, '?', 'promotion_admin');
      expect(args).toEqual({ ids: '3, 8' });
      expect(textOf('uk', message)).toContain('%{ids}');
      expect(textOf('ru', message)).toContain('%{ids}');
    }
  });
});
