// One review as visitors and sellers see it: the stars, the words, who and when, 'Verified booking',
// and the provider's reply.
import { CheckCircleIcon, StarIcon } from '@/components/ui/icons';
import { formatReviewMonth } from '@/lib/format';
import { t } from '@/lib/i18n';
import type { Review } from '@/types/api';
import './reviews.css';

export function Stars({ value }: { value: number }) {
  return (
    <span className="review__stars" role="img" aria-label={t('{value} out of 5 stars', { value })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} size={16} className={n <= value ? 'review__star--on' : 'review__star--off'} />
      ))}
    </span>
  );
}

export function ReviewItem({ review, children }: { review: Review; children?: React.ReactNode }) {
  return (
    <li className="review">
      <div className="review__head">
        <Stars value={review.rating} />
        <span className="review__verified">
          <CheckCircleIcon size={15} />
          {t('Verified booking')}
        </span>
      </div>
      {review.text && <p className="review__text">{review.text}</p>}
      <p className="review__who">
        {review.reviewer} · {formatReviewMonth(review.month)}
      </p>
      {review.reply && (
        <div className="review__reply">
          <p className="review__reply-title">{t('Reply from the provider')}</p>
          <p>{review.reply.text}</p>
        </div>
      )}
      {children}
    </li>
  );
}
