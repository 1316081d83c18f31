import type { ReactNode } from 'react';
import './checkout.css';

/** A radio group in a fieldset: arrows move between choices, as for any native radio group. */
export function ChoiceGroup<Value extends string>({
  name,
  legend,
  value,
  choices,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  value: Value;
  choices: readonly { value: Value; label: ReactNode }[];
  onChange: (value: Value) => void;
  error?: string;
}) {
  const errorId = `checkout-${name}-error`;
  return (
    <fieldset className="choices" aria-describedby={error ? errorId : undefined}>
      <legend className="visually-hidden">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className={choice.value === value ? 'choice is-checked' : 'choice'}>
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={choice.value === value}
            onChange={() => onChange(choice.value)}
          />
          <span>{choice.label}</span>
        </label>
      ))}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
