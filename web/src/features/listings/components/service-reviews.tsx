// The reviews part of a listing's page (loaded after the page, below it): the average and how many
// gave each number of stars, then the reviews newest first, five more at a time.
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ratingLabel } from '@/components/ui/rating';
import { apiErrorMessage } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { useRequest } from '@/lib/use-request';
import type { Review } from '@/types/api';
import { ReviewItem, Stars } from '@/components/reviews/review-item';
import { getServiceReviews, reviewsKey } from '../api/get-reviews';

export const NO_REVIEWS = t('No reviews yet. Reviews come only from customers who booked through Mtaani.');
export const LOAD_FAILED = t('Failed to load reviews.');

export default function ServiceReviews({ serviceId }: { serviceId: string }) {
  const load = useCallback((signal: AbortSignal) => getServiceReviews(serviceId, 0, signal), [serviceId]);
  const first = useRequest(load, 'Failed to load reviews', reviewsKey(serviceId));
  const [more, setMore] = useState<Review[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState<string | null>(null);

  if (first.status === 'loading') return <p role="status">{t('Loading reviews…')}</p>;
  if (first.status === 'error') {
    return (
      <div role="alert">
        <p>{LOAD_FAILED}</p>
        <Button variant="secondary" onClick={first.retry}>
          {t('Try Again')}
        </Button>
      </div>
    );
  }
  const { reviews, total, rating, distribution } = first.data;
  if (!rating?.count || rating.average == null) return <p>{NO_REVIEWS}</p>;
  const shown = [...reviews, ...more];
  const counts = distribution ?? [];

  const showMore = () => {
    setLoadingMore(true);
    setMoreFailed(null);
    getServiceReviews(serviceId, shown.length).then(
      (page) => {
        setMore((m) => [...m, ...page.reviews]);
        setLoadingMore(false);
      },
      (error: unknown) => {
        setMoreFailed(apiErrorMessage(error) ?? LOAD_FAILED);
        setLoadingMore(false);
      },
    );
  };

  return (
    <>
      <div className="reviews__summary">
        <div>
          <p className="reviews__average" aria-hidden="true">
            {rating.average.toFixed(1)}
          </p>
          <Stars value={Math.round(rating.average)} />
          <p className="visually-hidden">{ratingLabel(rating)}</p>
          <p aria-hidden="true">
            {rating.count === 1 ? t('1 review') : t('{count} reviews', { count: rating.count })}
          </p>
        </div>
        <div className="reviews__bars" role="list" aria-label={t('How many gave each number of stars')}>
          {[5, 4, 3, 2, 1].map((stars) => {
            const n = counts[stars - 1] ?? 0;
            return (
              <div key={stars} role="listitem" className="reviews__row">
                <span>{stars} ★</span>
                {/* An element, not a style attribute: the server-rendered page allows no inline style. */}
                <progress className="reviews__bar" value={n} max={rating.count} aria-hidden="true" />
                <span>
                  {n}
                  <span className="visually-hidden"> {t('with {count} stars', { count: stars })}</span>
                </span>
              </div>
            );
          })}
        </div>
      </div>
      <ul className="reviews__list">
        {shown.map((review) => (
          <ReviewItem key={review.id} review={review}>
            <Link
              className="review__report"
              to={`/contact?report=${encodeURIComponent(serviceId)}&review=${encodeURIComponent(review.id)}`}
            >
              {t('Report')}
              <span className="visually-hidden"> {t('the review by {name}', { name: review.reviewer })}</span>
            </Link>
          </ReviewItem>
        ))}
      </ul>
      {moreFailed && <p role="alert">{moreFailed}</p>}
      {shown.length < total && (
        <Button className="reviews__more" variant="secondary" onClick={showMore} disabled={loadingMore}>
          {loadingMore ? t('Loading…') : t('Show more reviews')}
        </Button>
      )}
    </>
  );
}
