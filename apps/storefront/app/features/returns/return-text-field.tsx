interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Already translated. */
  error?: string;
  hint?: string;
  multiline?: boolean;
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
  spellCheck?: boolean;
}

/** A labelled field of the return form, its hint and its error read out with it. */
export function ReturnTextField({ id, label, value, onChange, error, hint, multiline, ...input }: Props) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    maxLength: input.maxLength,
    placeholder: input.placeholder,
    spellCheck: input.spellCheck,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': true,
    'data-invalid': error ? '' : undefined,
  };
  return (
    <div className={`return-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id} className="return-field__label">
        {label}
        <span className="return-field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      {multiline ? (
        <textarea
          {...common}
          className="return-field__input return-field__input--multiline"
          rows={4}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          {...common}
          className="return-field__input"
          type="text"
          autoComplete={input.autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hint && (
        <p id={`${id}-hint`} className="return-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
