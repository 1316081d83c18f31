import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Icon } from '../../components/icon';
import { localizedName, useLanguage, useT } from '../../lib/i18n';
import { useLocalizedNavigate } from '../../lib/localized-links';
import { categoryPath, productPath } from '../../lib/paths';
import { startSearch } from '../../lib/shop-state';
import { useSuggestions } from './use-suggestions';
import '../../widgets/header/header.css';

interface Option {
  key: string;
  href: string;
  label: string;
  kind: 'category' | 'product';
  image: string | null;
}

/** The small variant of a suggestion's image: /media/products/x-1200.webp → x-160.webp. */
const thumbnail = (image: string | null) => image?.replace(/-1200\.webp$/, '-160.webp') ?? null;

/**
 * The header's search box: suggestions as you type (a keyboard-navigable combobox); submitting
 * resets the listing state and goes to /search?query= (spec "Header").
 */
export function SearchBox({ onNavigate, idPrefix }: { onNavigate?: () => void; idPrefix: string }) {
  const t = useT();
  const lng = useLanguage();
  const navigate = useLocalizedNavigate();
  const [params] = useSearchParams();
  // A NUL in the address is not text a page may hold (the search page shows it as U+FFFD too).
  const [text, setText] = useState(() => (params.get('query') ?? '').replaceAll('\u0000', '\uFFFD'));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = `${idPrefix}-${useId()}`;
  const suggestions = useSuggestions(open ? text : '');

  const options = useMemo<Option[]>(
    () => [
      ...suggestions.categories.map((c) => ({
        key: `c${c.id}`,
        href: categoryPath(c.path.split('/').filter(Boolean)),
        label: localizedName(lng, c),
        kind: 'category' as const,
        image: null,
      })),
      ...suggestions.products.map((p) => ({
        key: `p${p.id}`,
        href: productPath(p),
        label: localizedName(lng, p),
        kind: 'product' as const,
        image: thumbnail(p.image),
      })),
    ],
    [suggestions, lng],
  );
  const expanded = open && options.length > 0;

  const go = (href: string) => {
    setOpen(false);
    setActive(-1);
    onNavigate?.();
    navigate(href);
  };
  const submit = () => {
    const query = text.trim();
    startSearch(query);
    go(query ? `/search?query=${encodeURIComponent(query)}` : '/search');
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!options.length) return;
      event.preventDefault();
      setOpen(true);
      const last = options.length - 1;
      setActive((i) => (event.key === 'ArrowDown' ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
    } else if (event.key === 'Escape') {
      // The first Escape closes the suggestions; only a second one clears the field (the browser's way).
      if (expanded) event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && expanded && options[active]) {
      event.preventDefault();
      go(options[active].href);
    }
  };

  return (
    <search className="search-box">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={`${listId}-input`} className="visually-hidden">
          {t('header.search.label')}
        </label>
        <input
          id={`${listId}-input`}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && options[active] ? `${listId}-${options[active].key}` : undefined}
          autoComplete="off"
          placeholder={t('header.search.placeholder')}
          value={text}
          maxLength={200}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={onKeyDown}
          data-testid="search-input"
        />
        <button type="submit" className="search-box__submit" aria-label={t('header.search.submit')}>
          <Icon name="search" size={20} />
        </button>
      </form>
      <div className="suggestions" hidden={!expanded}>
        {/* Typed in another layout, transliterated or misspelt: what the suggestions are for. */}
        {suggestions.search_reading ? (
          <p id={`${listId}-reading`} className="suggestions__reading">
            {t('header.search.reading', { reading: suggestions.search_reading })}
          </p>
        ) : null}
        <div
          id={listId}
          role="listbox"
          aria-label={t('header.search.suggestions')}
          aria-describedby={suggestions.search_reading ? `${listId}-reading` : undefined}
        >
          {options.map((option, index) => (
            <div
              key={option.key}
              id={`${listId}-${option.key}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={index === active ? 'suggestion is-active' : 'suggestion'}
              onMouseDown={(event) => {
                event.preventDefault();
                go(option.href);
              }}
              onMouseEnter={() => setActive(index)}
            >
              {option.image ? (
                <img src={option.image} alt="" width={32} height={48} loading="lazy" />
              ) : (
                <span className="suggestion__kind">{t(`header.search.${option.kind}`)}</span>
              )}
              <span>{option.label}</span>
            </div>
          ))}
        </div>
      </div>
    </search>
  );
}
