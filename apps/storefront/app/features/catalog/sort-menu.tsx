import { priceSorts, type Sort, sortValues } from '@kram/contract/catalog-rules';
import { useT } from '../../lib/i18n';
import { SelectMenu } from './select-menu';

/** Sorts; cheap and expensive only for signed-in shoppers (spec section 4). */
export function SortMenu({
  value,
  signedIn,
  onChange,
}: {
  value: Sort;
  signedIn: boolean;
  onChange: (s: Sort) => void;
}) {
  const t = useT();
  const options = sortValues
    .filter((s) => signedIn || !priceSorts.includes(s))
    .map((s) => ({ value: s, label: t(`catalog.sortOptions.${s}`) }));
  return (
    <SelectMenu label={t('catalog.sort')} value={value} options={options} onChange={onChange} testId="sort-menu" />
  );
}
