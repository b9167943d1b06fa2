// My Account's "Reviews" section for sellers: the verified reviews of their listings, newest first,
// each answered at most once (the reviewer is e-mailed the reply).
import { useCallback, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ReviewItem } from '@/components/reviews/review-item';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { paths } from '@/config/paths';
import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';
import { useRequest } from '@/lib/use-request';
import { useSubmission } from '@/lib/use-submission';
import type { Review } from '@/types/api';
import { getMyReviews, replyToReview } from '../api/reviews';
import '@/components/reviews/reviews.css';

export const sellerReviewsMessages = {
  loadFailed: t('Failed to load your reviews. Please try again.'),
  empty: t('No reviews yet. Customers are invited to review once their confirmed booking has taken place.'),
  noReply: t('Please write your reply'),
  replyFailed: t('Your reply was not sent. Please try again.'),
} as const;

export function SellerReviews() {
  const headingId = useId();
  const load = useCallback((signal: AbortSignal) => getMyReviews(signal), []);
  const query = useRequest(load, 'Failed to load the seller reviews');

  return (
    <section className="card account-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-section__title">
        {t('Reviews')}
      </h2>
      {query.status === 'loading' && <p role="status">{t('Loading your reviews…')}</p>}
      {query.status === 'error' && (
        <div role="alert">
          <p>{sellerReviewsMessages.loadFailed}</p>
          <Button variant="secondary" onClick={query.retry}>
            {t('Try Again')}
          </Button>
        </div>
      )}
      {query.status === 'success' &&
        (query.data.reviews.length === 0 ? (
          <p>{sellerReviewsMessages.empty}</p>
        ) : (
          <ul className="reviews__list">
            {query.data.reviews.map((review) => (
              <SellerReview key={review.id} review={review} />
            ))}
          </ul>
        ))}
    </section>
  );
}

function SellerReview({ review }: { review: Review }) {
  const [shown, setShown] = useState(review);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useSubmission<Review>(sellerReviewsMessages.replyFailed);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setError(sellerReviewsMessages.noReply);
      return;
    }
    setError(undefined);
    send.submit(() => replyToReview(shown.id, text.trim()), {
      onDone: (replied) => {
        setShown(replied);
        setOpen(false);
      },
    });
  }

  return (
    <ReviewItem review={shown}>
      <p className="review__who">
        {tx('On {service}', { service: <Link to={paths.service.getHref(shown.serviceId)}>{shown.serviceName}</Link> })}
      </p>
      {!shown.reply && !open && (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('Reply')}
        </Button>
      )}
      {!shown.reply && open && (
        <form onSubmit={submit} noValidate>
          <TextareaField
            label={t('Your reply (shown under the review; you can reply once)')}
            name="reply"
            rows={3}
            maxLength={1000}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={error}
          />
          {send.submission.status === 'failed' && <FormAlert>{send.submission.message}</FormAlert>}
          <Button type="submit" disabled={send.busy}>
            {send.busy ? t('Sending…') : t('Send reply')}
          </Button>
        </form>
      )}
    </ReviewItem>
  );
}
