import { accountMessages } from '@kram/contract/accounts';
import { adminMessages } from '@kram/contract/admin';
import { carrierMessages } from '@kram/contract/admin-carrier';
import { adminCatalogMessages } from '@kram/contract/admin-catalog';
import { customerMessages } from '@kram/contract/admin-customers';
import { adminOrderMessages } from '@kram/contract/admin-orders';
import { adminProductMessages } from '@kram/contract/admin-products';
import { synonymMessages } from '@kram/contract/admin-search';
import { staffMessages } from '@kram/contract/admin-staff';
import { imageUploadMessages } from '@kram/contract/admin-uploads';
import { orderMessages } from '@kram/contract/orders';
import { homeContentMessages } from '@kram/contract/site-content';
import { messageKeys } from '@kram/contract/validation';

/**
 * The code of each fixed message of the contract's catalogues: `<area>.<name in snake case>`
 * (`account.not_unique`, `product.old_price_not_above`), and the storefront's validation keys as they
 * are (`validation.invalid_email`). An error answer's `Kram-Error-Codes` header names these, so a
 * message written once in a catalogue has its code without anyone writing it again. Messages with
 * values (a list of ids, a count) are raised with their code and values where they are made.
 */
const catalogues: [area: string, messages: Record<string, unknown>][] = [
  ['account', accountMessages],
  ['admin', adminMessages],
  ['carrier', carrierMessages],
  ['catalog', adminCatalogMessages],
  ['customer', customerMessages],
  ['order_admin', adminOrderMessages],
  ['product', adminProductMessages],
  ['synonym', synonymMessages],
  ['staff', staffMessages],
  ['upload', imageUploadMessages],
  ['order', orderMessages],
  ['home_content', homeContentMessages],
];

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function codesByText(): Map<string, string> {
  const codes = new Map<string, string>(Object.values(messageKeys).map((key) => [key, key]));
  for (const [area, messages] of catalogues) {
    for (const [name, text] of Object.entries(messages)) {
      // The first catalogue to word a message names it: the same words mean the same thing.
      if (typeof text === 'string' && !codes.has(text)) codes.set(text, `${area}.${snake(name)}`);
    }
  }
  return codes;
}

const known = codesByText();

/** The code of a fixed message of the contract, or undefined for words no catalogue holds. */
export const codeOfMessage = (text: string): string | undefined => known.get(text);
