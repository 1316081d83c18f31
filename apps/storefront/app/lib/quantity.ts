/**
 * The quantity field's rules (spec section 5): at least 1, no upper bound; while typing the field may
 * be empty; anything not a number, or negative, becomes 1; leaving it empty or at zero makes it 1.
 */
export function quantityWhileTyping(raw: string): string {
  if (raw === '') return '';
  if (!/^\d+$/.test(raw.trim())) return '1';
  return String(Number(raw.trim()));
}

export function quantityOnLeave(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export const minQuantity = 1;
