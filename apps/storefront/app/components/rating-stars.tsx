import { type KeyboardEvent, useRef, useState } from 'react';
import { useT } from '../lib/i18n';
import { Icon } from './icon';
import './rating-stars.css';

const stars = [1, 2, 3, 4, 5] as const;

/**
 * Five stars. Read only without `onRate`; with it, a radio group of the ratings 1 to 5. Arrow keys,
 * Home and End move between the stars and Space or Enter gives the focused one, so looking along the
 * scale never sends a rating by accident; a click gives a star at once.
 */
export function RatingStars({
  value,
  onRate,
  busy = false,
}: {
  /** The rating shown (an average may be fractional). */
  value: number;
  onRate?: (rating: number) => void;
  busy?: boolean;
}) {
  const t = useT();
  const current = Math.round(value);
  const [hover, setHover] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const label = t('product.rating', { rating: value.toFixed(1) });

  if (!onRate) {
    return (
      <p className="stars" role="img" aria-label={label} data-testid="rating">
        {stars.map((n) => (
          <span key={n} className={n <= current ? 'stars__star is-on' : 'stars__star'}>
            <Icon name="star" filled={n <= current} size={18} />
          </span>
        ))}
      </p>
    );
  }

  // The checked star takes the Tab stop; with none checked, the first one does.
  const tabStop = current >= 1 && current <= 5 ? current : 1;
  const shown = hover || current;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, n: number) {
    const next: Record<string, number> = {
      ArrowRight: Math.min(5, n + 1),
      ArrowUp: Math.min(5, n + 1),
      ArrowLeft: Math.max(1, n - 1),
      ArrowDown: Math.max(1, n - 1),
      Home: 1,
      End: 5,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target - 1]?.focus();
  }

  return (
    <div
      className="stars stars--input"
      role="radiogroup"
      aria-label={label}
      aria-busy={busy}
      data-testid="rating"
      data-value={current}
      onMouseLeave={() => setHover(0)}
    >
      {stars.map((n) => (
        // biome-ignore lint/a11y/useSemanticElements: native radios check on every arrow key, which would send a rating per step.
        <button
          key={n}
          ref={(element) => {
            buttons.current[n - 1] = element;
          }}
          type="button"
          role="radio"
          aria-checked={n === current}
          aria-label={t('rating.star', { n })}
          tabIndex={n === tabStop ? 0 : -1}
          className={n <= shown ? 'stars__star is-on' : 'stars__star'}
          onClick={() => {
            if (!busy && n !== current) onRate(n);
          }}
          onKeyDown={(event) => onKeyDown(event, n)}
          onMouseEnter={() => setHover(n)}
          onFocus={() => setHover(0)}
        >
          <Icon name="star" filled={n <= shown} size={22} />
        </button>
      ))}
    </div>
  );
}
