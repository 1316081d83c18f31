import type { Product } from '@kram/contract/catalog';
import { localizedName, useLanguage, useT } from '../../lib/i18n';
import { ColorSwatch, colorChoosable } from './color-swatch';
import '../../widgets/listing/listing.css';

type Color = Product['colors'][number];

/**
 * Colour checkboxes, each with its swatch (a pattern tile for camouflage). A colour with neither an
 * RGB value nor a swatch is dimmed and cannot be chosen (spec "Catalogue").
 */
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
          const disabled = !colorChoosable(color);
          const checked = selected.includes(color.id);
          return (
            <li key={color.id} className={disabled ? 'is-dimmed' : undefined}>
              <label className="check">
                <input
                  type="checkbox"
                  checked={checked}
                  // One chosen through the address can still be cleared.
                  disabled={disabled && !checked}
                  onChange={() =>
                    onChange(checked ? selected.filter((id) => id !== color.id) : [...selected, color.id])
                  }
                />
                <ColorSwatch color={color} />
                {localizedName(lng, color)}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
