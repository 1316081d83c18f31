import type { Language } from '@kram/contract/language';
import { localizedName, type Translate } from '../../lib/i18n';

/** What a line of a return or of the form is called: the product's name, then its size and colour. */
export function lineDetails(
  t: Translate,
  lng: Language,
  line: { name: string; name_ru: string; size: string | null; color: string | null; color_ru?: string | null },
): { name: string; details: string } {
  const color = lng === 'ru' ? (line.color_ru ?? line.color) : line.color;
  const details = [
    line.size ? t('returns.line.size', { size: line.size }) : '',
    color ? t('returns.line.color', { color }) : '',
  ].filter(Boolean);
  return { name: localizedName(lng, line), details: details.join(' · ') };
}
