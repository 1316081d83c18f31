import { adminFiscalMessages } from '@kram/contract/admin-fiscal';
import { returnMessages } from '@kram/contract/returns';
import { describe, expect, it } from 'vitest';
import { messages } from '../../i18n/i18n-provider.ts';
import { stepProblem } from '../returns/return-words.ts';
import { catalogueWords, fiscalProblem } from './fiscal-words.ts';

/** The text under a key in `language`, so a key that does not exist fails. */
function textOf(language: 'uk' | 'ru', key: string): string | undefined {
  let node: unknown = messages[language];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

/** react-admin's translate over the back office's texts, as a screen has it. */
const translator =
  (language: 'uk' | 'ru') =>
  (key: string, args: Record<string, unknown> = {}) =>
    (textOf(language, key) ?? String(args._ ?? key)).replace(/%\{(\w+)\}/g, (_, name: string) => String(args[name]));

describe.each([
  ['fiscal', adminFiscalMessages, 'resources.fiscal.errors'],
  ['returns', returnMessages, 'resources.returns.errors'],
] as const)('the %s refusals', (_, catalogue, prefix) => {
  const words = catalogueWords(catalogue, prefix);

  it('have a text in both languages for every message the server words', () => {
    for (const [name, text] of Object.entries(catalogue)) {
      const key = words.keyOf(text);
      expect(key, name).toBeDefined();
      for (const language of ['uk', 'ru'] as const) {
        const translated = textOf(language, key ?? '');
        expect(translated, `${language} ${name}`).toBeTruthy();
        expect(translated, `${language} ${name}`).not.toBe(text);
      }
    }
  });
});

describe('a refusal in the manager’s language', () => {
  const error = (status: number, body: unknown) => ({ status, body, codes: [] });

  it('is the contract’s message translated, else the server’s words', () => {
    const uk = translator('uk');
    expect(fiscalProblem(error(409, { detail: adminFiscalMessages.noShift }), uk)).toBe('Відкритої зміни немає.');
    expect(fiscalProblem(error(409, { detail: 'Something else.' }), uk)).toBe('Something else.');
  });

  it('of a card refund, gives the bank’s own words after the shop’s', () => {
    const ru = translator('ru');
    expect(stepProblem(error(409, { detail: 'Invoice is expired' }), ru, 'refund')).toEqual({
      fields: {},
      general: 'Банк отказал в возврате денег: Invoice is expired',
    });
    expect(stepProblem(error(409, { detail: returnMessages.bankRefused }), ru, 'refund').general).toBe(
      'Банк отказал в возврате денег.',
    );
    expect(stepProblem(error(502, { detail: 'Bad gateway' }), ru, 'refund').general).toBe(
      'Банк не ответил. Попробуйте ещё раз через несколько минут.',
    );
    // Not a refund: the server's words, as they are.
    expect(stepProblem(error(409, { detail: 'Invoice is expired' }), ru, 'accept').general).toBe('Invoice is expired');
  });

  it('puts a field’s problem under its field', () => {
    const uk = translator('uk');
    expect(stepProblem(error(400, { reference: [returnMessages.referenceRequired] }), uk, 'refund')).toEqual({
      fields: { reference: 'Вкажіть референс банківського переказу.' },
    });
  });
});
