import { displayPhone, shopInfo } from '../../lib/shop-info';
import type { Inline } from './legal-document';

/** The shop's phones as links, joined by commas, for running text. */
export function phoneLinks(): Inline[] {
  return shopInfo.phones.flatMap((phone, index) => [
    ...(index > 0 ? [', '] : []),
    { text: displayPhone(phone), href: `tel:${phone}` },
  ]);
}

export const emailLink: Inline = { text: shopInfo.email, href: `mailto:${shopInfo.email}` };
