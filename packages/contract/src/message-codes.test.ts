import { describe, expect, it } from 'vitest';
import { adminProductMessages } from './admin-products.ts';
import { codeOfMessage } from './message-codes.ts';
import { homeContentMessages } from './site-content.ts';
import { messageKeys } from './validation.ts';

describe('the codes of the catalogues’ messages', () => {
  it('names a message by its area and its name in snake case', () => {
    expect(codeOfMessage(adminProductMessages.oldPriceNotAbove)).toBe('product.old_price_not_above');
    expect(codeOfMessage(homeContentMessages.link)).toBe('home_content.link');
  });

  it('keeps the storefront’s validation keys as they are', () => {
    expect(codeOfMessage(messageKeys.invalidEmail)).toBe('validation.invalid_email');
  });

  it('gives the same words one code, the first catalogue’s', () => {
    expect(codeOfMessage(homeContentMessages.required)).toBe('catalog.blank');
  });

  it('knows no words outside the catalogues', () => {
    expect(codeOfMessage('Something else.')).toBeUndefined();
  });
});
