import type { AdminRating } from '@kram/contract/admin-inbox';
import { ratingScale } from '@kram/contract/ratings';
import { Rating } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** A rating as five stars, read out as "4 stars". */
export function RatingStars() {
  const rating = useRecordContext<AdminRating>();
  const translate = useTranslate();
  if (!rating) return null;
  return (
    <Rating
      value={rating.rating}
      max={ratingScale.max}
      readOnly
      size="small"
      aria-label={translate('resources.ratings.stars', { smart_count: rating.rating })}
    />
  );
}
