import { useId } from 'react';
import '../../widgets/listing/listing.css';

/** A labelled native select: the sort and page-size menus. */
export function SelectMenu<T extends string | number>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="select-menu">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={String(value)}
        data-testid={testId}
        onChange={(event) => {
          const chosen = options.find((o) => String(o.value) === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
