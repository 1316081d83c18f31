import { telephoneMaxLength } from '@kram/contract/validation';

/** What the phone field shows when empty: the shape of a Ukrainian number (spec "Checkout"). */
export const phonePlaceholder = '+38 (0__) ___-__-__';

/**
 * The phone as typed, kept in the form the order sends (+380XXXXXXXXX): whitespace and the mask's
 * brackets and dashes go as they are typed or pasted, a number typed from its leading 0 gets +38
 * in front, and the field holds at most 13 characters. Anything else stays for the validator to
 * name (validation.invalid_telephone).
 */
export function typedPhone(raw: string): string {
  let value = raw.replace(/[\s()\-.]/g, '');
  if (/^0\d/.test(value)) value = `+38${value}`;
  else if (/^380\d/.test(value)) value = `+${value}`;
  return value.slice(0, telephoneMaxLength);
}

/** Personal fields lose all whitespace as they are typed (spec section 5). */
export const typedPersonal = (raw: string): string => raw.replace(/\s+/g, '');
