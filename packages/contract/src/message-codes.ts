import { accountMessages } from './accounts.ts';
import { adminMessages } from './admin.ts';
import { carrierMessages } from './admin-carrier.ts';
import { adminCatalogMessages } from './admin-catalog.ts';
import { customerMessages } from './admin-customers.ts';
import { adminFiscalMessages } from './admin-fiscal.ts';
import { adminOrderMessages } from './admin-orders.ts';
import { adminProductMessages } from './admin-products.ts';
import { adminPromotionMessages } from './admin-promotions.ts';
import { synonymMessages } from './admin-search.ts';
import { shippingMessages } from './admin-shipping.ts';
import { staffMessages } from './admin-staff.ts';
import { adminStockMessages } from './admin-stock.ts';
import { imageUploadMessages } from './admin-uploads.ts';
import { orderMessages } from './orders.ts';
import { promoMessages } from './promotions.ts';
import { returnMessages } from './returns.ts';
import { homeContentMessages } from './site-content.ts';
import { stockMessages } from './stock.ts';
import { messageKeys } from './validation.ts';

/**
 * The code of each fixed message of the contract's catalogues: `<area>.<name in snake case>`
 * (`account.not_unique`, `product.old_price_not_above`), and the storefront's validation keys as they
 * are (`validation.invalid_email`). An error answer's `Kram-Error-Codes` header names these, so a
 * message written once in a catalogue has its code without anyone writing it again; a client that checks
 * a contract schema itself names the schema's messages by the same codes. Messages with values (a list
 * of ids, a count) are raised with their code and values where they are made.
 */
const catalogues: [area: string, messages: Record<string, unknown>][] = [
  ['account', accountMessages],
  ['admin', adminMessages],
  ['carrier', carrierMessages],
  ['catalog', adminCatalogMessages],
  ['customer', customerMessages],
  ['fiscal', adminFiscalMessages],
  ['order_admin', adminOrderMessages],
  ['product', adminProductMessages],
  ['promotion_admin', adminPromotionMessages],
  ['promo', promoMessages],
  ['return', returnMessages],
  ['synonym', synonymMessages],
  ['shipping', shippingMessages],
  ['staff', staffMessages],
  ['stock_admin', adminStockMessages],
  ['stock', stockMessages],
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
