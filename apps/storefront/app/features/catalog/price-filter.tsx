import { useEffect, useId, useState } from 'react';
import { useT } from '../../lib/i18n';
import { clampMaxPrice, clampMinPrice, type PriceBounds } from './price-range';
import '../../widgets/listing/listing.css';

interface Props {
  bounds: PriceBounds;
  min: number | undefined;
  max: number | undefined;
  onApply: (range: { min: number | undefined; max: number | undefined }) => void;
}

/** From–to price inputs, clamped (spec section 5) and applied on blur, Enter or OK. */
export function PriceFilter({ bounds, min, max, onApply }: Props) {
  const t = useT();
  const id = useId();
  const [from, setFrom] = useState(String(min ?? bounds.min));
  const [to, setTo] = useState(String(max ?? bounds.max));
  useEffect(() => setFrom(String(min ?? bounds.min)), [min, bounds.min]);
  useEffect(() => setTo(String(max ?? bounds.max)), [max, bounds.max]);

  const apply = () => {
    const nextMin = clampMinPrice(from, bounds, Number(to) || bounds.max);
    const nextMax = clampMaxPrice(to, bounds, nextMin);
    setFrom(String(nextMin));
    setTo(String(nextMax));
    // The whole range is no filter at all.
    const range = {
      min: nextMin > bounds.min ? nextMin : undefined,
      max: nextMax < bounds.max ? nextMax : undefined,
    };
    if (range.min !== min || range.max !== max) onApply(range);
  };
  const onKey = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') apply();
  };

  return (
    <fieldset className="filter price-filter" data-testid="price-filter">
      <legend className="filter__title">{t('catalog.price')}</legend>
      <div className="price-filter__row">
        <label htmlFor={`${id}-from`}>{t('catalog.priceFrom')}</label>
        <input
          id={`${id}-from`}
          type="number"
          step={1}
          min={bounds.min}
          max={bounds.max}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          onBlur={apply}
          onKeyDown={onKey}
        />
        <label htmlFor={`${id}-to`}>{t('catalog.priceTo')}</label>
        <input
          id={`${id}-to`}
          type="number"
          step={1}
          min={bounds.min}
          max={bounds.max}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          onBlur={apply}
          onKeyDown={onKey}
        />
        <button type="button" className="button button--small" onClick={apply}>
          {t('catalog.ok')}
        </button>
      </div>
    </fieldset>
  );
}
