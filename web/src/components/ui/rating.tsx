// A listing's stars in a line: "★ 4.6 (12)", read out as "Rated 4.6 out of 5 from 12 reviews".
// Nothing while a listing has no reviews.
import { t } from '@/lib/i18n';
import { StarIcon } from './icons';
import type { Rating } from '@/types/api';
import './rating.css';

export function ratingLabel(rating: Rating): string {
  const average = (rating.average ?? 0).toFixed(1);
  return rating.count === 1
    ? t('Rated {average} out of 5 from 1 review', { average })
    : t('Rated {average} out of 5 from {count} reviews', { average, count: rating.count });
}

export function RatingLine({ rating, className = '' }: { rating: Rating | undefined; className?: string }) {
  if (!rating?.count || rating.average == null) return null;
  return (
    <span className={`rating ${className}`} role="img" aria-label={ratingLabel(rating)}>
      <StarIcon size={15} />
      <b>{rating.average.toFixed(1)}</b>
      <span className="rating__count">({rating.count})</span>
    </span>
  );
}
