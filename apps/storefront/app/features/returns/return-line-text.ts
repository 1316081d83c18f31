import type { Language } from '@kram/contract/language';
import { localizedName, type Translate } from '../../lib/i18n';

/** What a line of a return or of the form is called: the product's name, then its size and colour. */
export function lineDetails(
  t: Translate,
  lng: Language,
  line: { name: string; name_ru: string; size: string | null; color: string | null },
): { name: string; details: string } {
  const details = [
    line.size ? t('returns.line.size', { size: line.size }) : '',
    line.color ? t('returns.line.color', { color: line.color }) : '',
  ].filter(Boolean);
  return { name: localizedName(lng, line), details: details.join(' · ') };
}
