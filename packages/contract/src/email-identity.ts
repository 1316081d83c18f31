/**
 * The one form of an e-mail address that names an account: compatibility-normalised (NFKC), trimmed
 * and lower-cased without a locale. Registration stores it, every account look-up compares it, and
 * the per-account rate limits count under it, so whatever spelling reaches an account reaches the
 * same counter. Characters that look alike but are not the same after this step (the Turkish 'İ',
 * which lower-cases to 'i' + U+0307, the dotless 'ı', 'ß') name no account: registration accepts
 * only ASCII addresses, so they can never match one.
 */
export function normalizeEmail(value: string): string {
  // Lower-casing can produce sequences NFKC would rewrite, so it is applied on both sides:
  // the result is a fixed point (normalizeEmail(normalizeEmail(x)) === normalizeEmail(x)).
  return value.normalize('NFKC').trim().toLowerCase().normalize('NFKC');
}
