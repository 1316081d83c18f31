import type { InputHTMLAttributes, Ref } from 'react';
import './auth.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** Already translated. */
  error?: string;
  /** A short rule shown under the field (e.g. the telephone format). */
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The field a view focuses when it opens. */
  initialFocus?: boolean;
}

/** A labelled input with its hint and error tied to it for assistive technology. */
export function AuthField({ id, label, value, onValue, error, hint, inputRef, initialFocus, ...input }: Props) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        data-autofocus={initialFocus || undefined}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={described || undefined}
      />
      {hint && (
        <p id={`${id}-hint`} className="auth-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
