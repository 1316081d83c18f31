import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../components/icon';
import { useT } from '../../lib/i18n';
import { blurField, type DirectoryLookup, type DirectoryValue, focusField, typeInField } from './directory-field';
import { type DirectoryEntry, useDirectoryLookup } from './use-directory-lookup';
import './checkout.css';

interface Props {
  id: string;
  label: string;
  placeholder: string;
  value: DirectoryValue;
  onChange: (value: DirectoryValue) => void;
  /** The value the shopper settled on: a pick, or what leaving the field kept. */
  onCommit?: (value: DirectoryValue) => void;
  /** The look-up's address for what the field holds (null: nothing to ask). */
  lookup: (value: DirectoryValue, typed: boolean) => DirectoryLookup | null;
  /** A dropdown toggle that lists everything without typing (the branch field). */
  toggle?: boolean;
  disabled?: boolean;
  /** Shown under the field while it is disabled. */
  disabledHint?: string;
  /** Already translated. */
  error?: string;
  required?: boolean;
}

/**
 * A combobox over the carrier's directory (WAI-ARIA combobox with a listbox): typing searches,
 * ArrowDown/ArrowUp move through the list, Enter picks, Escape closes; the list can also be opened
 * with Alt+ArrowDown or the toggle. Focus stores the value and clears the field; leaving it empty
 * brings the value back (spec section 4).
 */
export function DirectoryCombobox({
  id,
  label,
  placeholder,
  value,
  onChange,
  onCommit,
  lookup,
  toggle = false,
  disabled = false,
  disabledHint,
  error,
  required = false,
}: Props) {
  const t = useT();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const remembered = useRef<DirectoryValue | null>(null);
  const [typed, setTyped] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { entries, status } = useDirectoryLookup(open || typed ? lookup(value, typed) : null);
  const expanded = open && !disabled;

  // A new list starts with nothing highlighted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list changing is the trigger.
  useEffect(() => setActive(-1), [entries]);

  useEffect(() => {
    if (active < 0) return;
    document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  const pick = (entry: DirectoryEntry) => {
    const picked = { text: entry.description, ref: entry.ref };
    onChange(picked);
    onCommit?.(picked);
    remembered.current = picked;
    setTyped(false);
    setOpen(false);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open || event.altKey) setOpen(true);
        else if (entries.length > 0) setActive((i) => (i + 1) % entries.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open && entries.length > 0) setActive((i) => (i <= 0 ? entries.length - 1 : i - 1));
        break;
      case 'Enter': {
        const entry = open ? entries[active] : undefined;
        // Enter on a highlighted entry picks it instead of sending the form.
        if (entry) {
          event.preventDefault();
          pick(entry);
        }
        break;
      }
      case 'Escape':
        if (open) {
          // The list closes; the dialog or page around it keeps its own Escape.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        }
        break;
    }
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [disabled && disabledHint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const statusText =
    status === 'loading'
      ? t('checkout.searching')
      : status === 'error'
        ? t('checkout.lookupFailed')
        : status === 'done' && entries.length === 0
          ? t('checkout.noMatches')
          : status === 'idle' && open && !toggle
            ? t('checkout.typeToSearch')
            : null;

  return (
    <div className={`field combobox${error ? ' has-error' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <div className="combobox__control">
        <input
          ref={input}
          id={id}
          className="field__input combobox__input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={Boolean(error)}
          aria-required={required || undefined}
          aria-describedby={describedBy || undefined}
          disabled={disabled}
          // While the field is cleared for a new search, the old value shows where to type.
          placeholder={(typed ? '' : remembered.current?.text) || placeholder}
          value={value.text}
          onFocus={() => {
            const focused = focusField(value);
            remembered.current = focused.remembered;
            onChange(focused.value);
            setTyped(false);
          }}
          onChange={(event) => {
            onChange(typeInField(event.target.value));
            setTyped(true);
            setOpen(true);
          }}
          onBlur={() => {
            const kept = blurField(value, remembered.current);
            onChange(kept);
            onCommit?.(kept);
            setTyped(false);
            setOpen(false);
          }}
          onKeyDown={onKeyDown}
          // A click on a field with a list to show (the branch) shows it.
          onClick={() => {
            if (toggle) setOpen(true);
          }}
        />
        {toggle && (
          <button
            type="button"
            className="combobox__toggle"
            // The input is the one stop in the tab order; Alt+ArrowDown opens the list from it.
            tabIndex={-1}
            aria-label={t('checkout.showList', { label })}
            aria-expanded={expanded}
            aria-controls={listId}
            disabled={disabled}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              // Focusing clears the field (the focus rule); the list then shows everything.
              input.current?.focus();
              setOpen((was) => !was);
            }}
          >
            <Icon name="down" size={20} />
          </button>
        )}
        <div className="combobox__popup" hidden={!expanded}>
          <div id={listId} role="listbox" aria-label={label} className="combobox__list">
            {expanded &&
              entries.map((entry, index) => (
                <div
                  key={entry.ref}
                  id={`${listId}-${index}`}
                  role="option"
                  // Reached through the input (aria-activedescendant), never tabbed to.
                  tabIndex={-1}
                  aria-selected={index === active}
                  className={index === active ? 'combobox__option is-active' : 'combobox__option'}
                  // The input keeps the focus, so a click does not count as leaving the field.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    pick(entry);
                  }}
                  onMouseMove={() => setActive(index)}
                >
                  {entry.description}
                </div>
              ))}
          </div>
          {expanded && statusText && (
            <p className="combobox__status" role="status">
              {statusText}
            </p>
          )}
        </div>
      </div>
      {disabled && disabledHint && (
        <p id={hintId} className="field__hint">
          {disabledHint}
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
