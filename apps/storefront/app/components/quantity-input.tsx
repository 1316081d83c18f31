import { minQuantity, quantityOnLeave, quantityWhileTyping } from '@kram/contract/quantity';
import { useEffect, useId, useState } from 'react';
import { useT } from '../lib/i18n';
import { Icon } from './icon';
import '../features/cart/cart.css';

/** The quantity selector of spec section 5: minus disabled and dimmed at 1, no upper bound. */
export function QuantityInput({
  value,
  onChange,
  label,
}: {
  value: number;
  onChange: (count: number) => void;
  label?: string;
}) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);

  const commit = (count: number) => {
    setText(String(count));
    if (count !== value) onChange(count);
  };

  return (
    <div className="quantity">
      <label htmlFor={id} className="visually-hidden">
        {label ?? t('product.quantity')}
      </label>
      <button
        type="button"
        className="quantity__step"
        aria-label={t('product.decrease')}
        disabled={value <= minQuantity}
        onClick={() => commit(Math.max(minQuantity, value - 1))}
      >
        <Icon name="minus" size={16} />
      </button>
      <input
        id={id}
        className="quantity__input"
        inputMode="numeric"
        value={text}
        onChange={(event) => {
          const next = quantityWhileTyping(event.target.value);
          setText(next);
          if (next !== '' && Number(next) >= minQuantity) onChange(Number(next));
        }}
        onBlur={() => commit(quantityOnLeave(text))}
      />
      <button
        type="button"
        className="quantity__step"
        aria-label={t('product.increase')}
        onClick={() => commit(value + 1)}
      >
        <Icon name="plus" size={16} />
      </button>
    </div>
  );
}
