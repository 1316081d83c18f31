import type { ReactNode } from 'react';
import './checkout.css';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Already translated. */
  error?: string;
  hint?: ReactNode;
  multiline?: boolean;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel';
  maxLength?: number;
  placeholder?: string;
  required?: boolean;
}

/** A labelled field with its hint and its error under it, both read out with the field. */
export function TextField({ id, label, value, onChange, error, hint, multiline = false, ...input }: Props) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    'aria-invalid': Boolean(error),
    'aria-describedby': describedBy,
    'aria-required': input.required || undefined,
  };
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {input.required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {multiline ? (
        <textarea
          {...common}
          className="field__input field__input--multiline"
          rows={3}
          maxLength={input.maxLength}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          {...common}
          className="field__input"
          type={input.type ?? 'text'}
          autoComplete={input.autoComplete}
          inputMode={input.inputMode}
          maxLength={input.maxLength}
          placeholder={input.placeholder}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
