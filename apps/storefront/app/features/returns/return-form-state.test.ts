import { describe, expect, it } from 'vitest';
import { checkReturn, emptyDraft, ibanProblem, quantityOf, type ReturnDraft, refundSum } from './return-form-state';
import { returnLines, validIban } from './returns-fixtures';

const info = (needs_iban = false) => ({ lines: returnLines(), needs_iban });
const draft = (changes: Partial<ReturnDraft> = {}): ReturnDraft => ({
  ...emptyDraft,
  chosen: { 0: '1' },
  reason: 'Не підійшов розмір',
  shipping: 'shop',
  ...changes,
});

describe('a chosen line’s quantity', () => {
  it('is a whole number from 1 to what is left to return', () => {
    expect(quantityOf('1', 2)).toBe(1);
    expect(quantityOf('2', 2)).toBe(2);
    expect(quantityOf(' 2 ', 2)).toBe(2);
    expect(quantityOf('0', 2)).toBeUndefined();
    expect(quantityOf('3', 2)).toBeUndefined();
    expect(quantityOf('1.5', 2)).toBeUndefined();
    expect(quantityOf('-1', 2)).toBeUndefined();
    expect(quantityOf('', 2)).toBeUndefined();
  });
});

describe('the refund as lines are chosen', () => {
  it('sums each chosen line’s unit refund times its quantity, exactly in kopiyky', () => {
    expect(refundSum(returnLines(), {})).toBe(0);
    expect(refundSum(returnLines(), { 0: '1' })).toBe(125_050);
    expect(refundSum(returnLines(), { 0: '2' })).toBe(250_100);
    expect(refundSum(returnLines(), { 0: '2', 1: '1' })).toBe(280_100);
  });

  it('adds nothing for a line whose quantity is out of bounds or not typed yet', () => {
    expect(refundSum(returnLines(), { 0: '3', 1: '1' })).toBe(30_000);
    expect(refundSum(returnLines(), { 0: '', 1: '1' })).toBe(30_000);
    expect(refundSum(returnLines(), { 1: '2' })).toBe(0);
  });
});

describe('the IBAN as it is typed', () => {
  it('accepts a Ukrainian IBAN with its check digits, written with spaces or in lower case', () => {
    expect(ibanProblem(validIban, false)).toBeUndefined();
    expect(ibanProblem('ua21 3223 1300 0002 6007 2335 6600 1', true)).toBeUndefined();
  });

  it('says nothing of a start that may still become one until the field is left', () => {
    expect(ibanProblem('', true)).toBeUndefined();
    expect(ibanProblem('U', false)).toBeUndefined();
    expect(ibanProblem('UA21 3223', false)).toBeUndefined();
    expect(ibanProblem('UA21 3223', true)).toEqual({ key: 'returns.errors.ibanInvalid' });
  });

  it('is wrong at once when it cannot become one: other letters, too long, failing check digits', () => {
    expect(ibanProblem('PL21', false)).toEqual({ key: 'returns.errors.ibanInvalid' });
    expect(ibanProblem('UA21 32X', false)).toEqual({ key: 'returns.errors.ibanInvalid' });
    expect(ibanProblem(`${validIban}1`, false)).toEqual({ key: 'returns.errors.ibanInvalid' });
    expect(ibanProblem('UA213223130000026007233566002', false)).toEqual({ key: 'returns.errors.ibanInvalid' });
  });
});

describe('the request checked before it is sent', () => {
  it('gives the contract’s body for a valid draft, the reason trimmed and no IBAN for a card order', () => {
    expect(checkReturn(info(), draft({ chosen: { 0: '2', 1: '1' }, reason: '  Не підійшов розмір  ' }))).toEqual({
      body: {
        lines: [
          { position: 0, quantity: 2 },
          { position: 1, quantity: 1 },
        ],
        reason: 'Не підійшов розмір',
        shipping: 'shop',
      },
    });
  });

  it('sends the IBAN without spaces and its holder when the order was not paid by card', () => {
    const checked = checkReturn(
      info(true),
      draft({ iban: 'ua21 3223 1300 0002 6007 2335 6600 1', holder: ' Іван Петренко ', shipping: 'nova_poshta' }),
    );
    expect(checked).toEqual({
      body: {
        lines: [{ position: 0, quantity: 1 }],
        reason: 'Не підійшов розмір',
        shipping: 'nova_poshta',
        iban: validIban,
        account_holder: 'Іван Петренко',
      },
    });
  });

  it('refuses a draft with nothing chosen', () => {
    expect(checkReturn(info(), draft({ chosen: {} }))).toEqual({
      errors: { lines: { key: 'returns.errors.noLines' } },
    });
  });

  it('refuses a quantity outside 1..what is left, under that line', () => {
    for (const quantity of ['0', '3', '', '1.5']) {
      expect(checkReturn(info(), draft({ chosen: { 0: quantity } })), quantity).toEqual({
        errors: { quantities: { 0: { key: 'returns.errors.quantity', values: { max: 2 } } } },
      });
    }
    expect(checkReturn(info(), draft({ chosen: { 0: '1', 1: '2' } }))).toEqual({
      errors: { quantities: { 1: { key: 'returns.errors.quantity', values: { max: 1 } } } },
    });
  });

  it('asks for the reason and the way the goods come back', () => {
    expect(checkReturn(info(), draft({ reason: '  a ', shipping: '' }))).toEqual({
      errors: {
        reason: { key: 'returns.errors.reasonRequired' },
        shipping: { key: 'returns.errors.shippingRequired' },
      },
    });
  });

  it('asks for a valid IBAN and its holder when the order was not paid by card', () => {
    expect(checkReturn(info(true), draft())).toEqual({
      errors: {
        iban: { key: 'returns.errors.ibanRequired' },
        account_holder: { key: 'returns.errors.holderRequired' },
      },
    });
    expect(checkReturn(info(true), draft({ iban: 'UA21 3223', holder: 'Іван Петренко' }))).toEqual({
      errors: { iban: { key: 'returns.errors.ibanInvalid' } },
    });
    // A card order's refund goes back to the card: whatever is typed, no IBAN is asked for.
    expect('body' in checkReturn(info(false), draft({ iban: 'nonsense' }))).toBe(true);
  });
});
