import type { Product } from '@kram/contract/catalog';
import { localizedName, useLanguage, useT } from '../../lib/i18n';

type Color = Product['colors'][number];

/** Colour checkboxes; a colour without an RGB value is dimmed and cannot be chosen (spec "Catalogue"). */
export function ColorFilter({
  colors,
  selected,
  onChange,
}: {
  colors: readonly Color[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const t = useT();
  const lng = useLanguage();
  if (colors.length === 0) return null;
  return (
    <fieldset className="filter" data-testid="color-filter">
      <legend className="filter__title">{t('catalog.colors')}</legend>
      <ul className="filter__options">
        {colors.map((color) => {
          const disabled = color.color_rgb === null;
          const checked = selected.includes(color.id);
          return (
            <li key={color.id} className={disabled ? 'is-dimmed' : undefined}>
              <label className="check">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={disabled}
                  onChange={() =>
                    onChange(checked ? selected.filter((id) => id !== color.id) : [...selected, color.id])
                  }
                />
                <span
                  className={color.color_rgb ? 'swatch' : 'swatch swatch--pattern'}
                  style={color.color_rgb ? { backgroundColor: color.color_rgb } : undefined}
                  aria-hidden="true"
                />
                {localizedName(lng, color)}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
