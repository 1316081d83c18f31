import type { Product } from '@kram/contract/catalog';
import { useT } from '../../lib/i18n';
import '../../widgets/listing/listing.css';

type Size = Product['sizes'][number];

export function SizeFilter({
  sizes,
  selected,
  onChange,
}: {
  sizes: readonly Size[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const t = useT();
  if (sizes.length === 0) return null;
  return (
    <fieldset className="filter" data-testid="size-filter">
      <legend className="filter__title">{t('catalog.sizes')}</legend>
      <ul className="filter__options filter__options--inline">
        {sizes.map((size) => {
          const checked = selected.includes(size.id);
          return (
            <li key={size.id}>
              <label className={checked ? 'chip is-checked' : 'chip'}>
                <input
                  type="checkbox"
                  className="visually-hidden"
                  checked={checked}
                  onChange={() => onChange(checked ? selected.filter((id) => id !== size.id) : [...selected, size.id])}
                />
                {size.name}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
