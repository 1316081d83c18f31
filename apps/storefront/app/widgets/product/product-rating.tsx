import { rateProduct } from '@kram/contract/endpoints/shop';
import { useEffect, useState } from 'react';
import { RatingStars } from '../../components/rating-stars';
import { ApiError, api, detailOf } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import '../../components/rating-stars.css';

/**
 * The product's stars (spec sections 4 and 8): a signed-in shopper rates 1 to 5, shown at once and
 * put back if the server refuses; a guest is told to sign in; a rating that failed to load says so
 * instead of passing for 0.
 */
export function ProductRating({ productId, average }: { productId: number; average: number | null }) {
  const t = useT();
  const { signedIn } = useSession();
  const [value, setValue] = useState(average);
  const [sending, setSending] = useState(false);
  useEffect(() => setValue(average), [average]);

  if (value === null) {
    return (
      <p className="rating-error" data-testid="rating-error">
        {t('error_get_rating')}
      </p>
    );
  }

  async function rate(rating: number) {
    if (!signedIn) {
      notify('error', t('rating_add_error'));
      return;
    }
    const before = value;
    setValue(rating);
    setSending(true);
    try {
      await api.call(rateProduct, { body: { product_id: productId, rating } });
      notify('success', t('rating_add'));
    } catch (error) {
      setValue(before);
      notify('error', (error instanceof ApiError && detailOf(error.body)) || t('rating.sendError'));
    } finally {
      setSending(false);
    }
  }

  return <RatingStars value={value} onRate={(rating) => void rate(rating)} busy={sending} />;
}
