import { useT } from '../lib/i18n';
import { Icon } from './icon';

/** The average rating as five stars (read only). */
export function RatingStars({ value }: { value: number }) {
  const t = useT();
  const rounded = Math.round(value);
  return (
    <p className="stars" role="img" aria-label={t('product.rating', { rating: value.toFixed(1) })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= rounded ? 'stars__star is-on' : 'stars__star'}>
          <Icon name="star" filled={n <= rounded} size={18} />
        </span>
      ))}
    </p>
  );
}
