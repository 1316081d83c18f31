import type { Language } from '@kram/contract/languages';
import type { OrderRecord } from './orders.repository.ts';

const words: Record<Language, { size: string; color: string }> = {
  uk: { size: 'розмір', color: 'колір' },
  ru: { size: 'размер', color: 'цвет' },
};

/**
 * An order line as the shop's mails and exports name it: the product's name in `language` (the
 * Ukrainian one when it has no other), then its size and colour: `Куртка (розмір M, колір олива)`.
 */
export function lineTitle(line: OrderRecord['lines'][number], language: Language): string {
  const t = words[language];
  const name = (language === 'ru' && line.nameRu) || line.name;
  const color = line.color ? (language === 'ru' && line.color.name_ru) || line.color.name : '';
  const options = [line.size ? `${t.size} ${line.size.name}` : '', color ? `${t.color} ${color}` : '']
    .filter(Boolean)
    .join(', ');
  return `${name}${options ? ` (${options})` : ''}`;
}
