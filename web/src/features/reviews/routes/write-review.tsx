// /review?token=… : the link e-mailed to a customer once their confirmed booking's time has passed.
// It shows the booking (service, provider, date) and takes the stars and optional words; the link
// works once, for 30 days. No account is needed: the link is the proof of the booking.
import { useCallback, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { CheckCircleIcon, StarIcon } from '@/components/ui/icons';
import { StatusMessage } from '@/components/ui/status-message';
import { TextareaField } from '@/components/ui/textarea-field';
import { paths } from '@/config/paths';
import { apiErrorMessage, apiFieldErrors, isRetryable } from '@/lib/api-client';
import { formatLongDate } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/document-title';
import { formatTime } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useRequest } from '@/lib/use-request';
import { useSubmission } from '@/lib/use-submission';
import type { Review, ReviewInvite } from '@/types/api';
import { createReview, getReviewInvite } from '../api/reviews';
import '@/components/reviews/reviews.css';
import './write-review.css';

export const TITLE = t('Review your booking');
export const BAD_LINK = t('This review link is not valid or has expired.');
export const CHOOSE_STARS = t('Please choose a rating from 1 to 5 stars');
export const TOO_LONG = t('Your review must be at most 1000 characters');
export const SEND_FAILED = t('Your review was not sent. Please try again.');
export const THANKS = t('Thank you! Your review is published.');
const MAX_TEXT = 1000;
const STAR_WORDS = [t('Poor'), t('Fair'), t('Good'), t('Very good'), t('Excellent')];
export default function WriteReviewRoute() {
  useDocumentTitle(TITLE);
  const token = (useSearchParams()[0].get('token') ?? '').trim();
  return (
    <div className="container page write-review">
      <header className="page-header">
        <h1>{TITLE}</h1>
      </header>
      {token ? <Invitation key={token} token={token} /> : <LinkProblem message={BAD_LINK} />}
    </div>
  );
}

function LinkProblem({ message }: { message: string }) {
  return (
    <StatusMessage role="alert" title={message}>
      <Link to={paths.home.getHref()} className={buttonClass()}>
        {t('Go to Homepage')}
      </Link>
    </StatusMessage>
  );
}

function Invitation({ token }: { token: string }) {
  const load = useCallback((signal: AbortSignal) => getReviewInvite(token, signal), [token]);
  const request = useRequest(load, 'Failed to load the booking to review');
  if (request.status === 'loading') {
    return (
      <div className="card write-review__card" role="status">
        {t('Loading your booking…')}
      </div>
    );
  }
  if (request.status === 'error') {
    if (!isRetryable(request.error)) return <LinkProblem message={apiErrorMessage(request.error) ?? BAD_LINK} />;
    return (
      <StatusMessage role="alert" title={t('Failed to load your booking. Please try again.')}>
        <Button onClick={request.retry}>{t('Try Again')}</Button>
      </StatusMessage>
    );
  }
  return <ReviewForm token={token} invite={request.data} />;
}

function ReviewForm({ token, invite }: { token: string; invite: ReviewInvite }) {
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useSubmission<Review>(SEND_FAILED);
  const starsError = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (rating < 1) found.rating = CHOOSE_STARS;
    if (text.trim().length > MAX_TEXT) found.text = TOO_LONG;
    setErrors(found);
    if (Object.keys(found).length) return;
    send.submit(() => createReview(token, rating, text.trim()), {
      onFailed: (_, error) => setErrors(apiFieldErrors(error)),
    });
  }

  const service = paths.service.getHref(invite.serviceId);
  if (send.submission.status === 'done') {
    return (
      <section className="card write-review__card" aria-label={t('Your review')}>
        <p className="write-review__done" role="status">
          <CheckCircleIcon size={22} />
          {THANKS}
        </p>
        <Link to={service} className={buttonClass()}>
          {t('See it on {service}', { service: invite.serviceName })}
        </Link>
      </section>
    );
  }

  return (
    <section className="card write-review__card" aria-label={t('Your booking')}>
      <dl className="write-review__details">
        <div>
          <dt>{t('Service')}</dt>
          <dd>
            <Link to={service}>{invite.serviceName}</Link>
          </dd>
        </div>
        <div>
          <dt>{t('Provider')}</dt>
          <dd>{invite.providerName}</dd>
        </div>
        <div>
          <dt>{t('Date')}</dt>
          <dd>
            {t('{date} at {time}', { date: formatLongDate(invite.date), time: formatTime(invite.time) })}
          </dd>
        </div>
      </dl>
      <form onSubmit={submit} noValidate className="write-review__form">
        <fieldset
          className="star-input"
          aria-describedby={errors.rating ? starsError : undefined}
          aria-invalid={errors.rating ? true : undefined}
        >
          <legend className="field__label">{t('How was it?')}</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <span key={n}>
              <input
                className="visually-hidden"
                type="radio"
                name="rating"
                id={`stars-${n}`}
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
              />
              <label htmlFor={`stars-${n}`} className={n <= rating ? 'is-on' : undefined}>
                <StarIcon size={34} />
                <span className="visually-hidden">
                  {n === 1
                    ? t('1 star: {word}', { word: STAR_WORDS[0]! })
                    : t('{count} stars: {word}', { count: n, word: STAR_WORDS[n - 1]! })}
                </span>
              </label>
            </span>
          ))}
        </fieldset>
        <p className="write-review__stars-word" aria-hidden="true">
          {rating ? STAR_WORDS[rating - 1] : '\u00a0'}
        </p>
        {errors.rating && (
          <p id={starsError} className="field__error">
            {errors.rating}
          </p>
        )}
        <TextareaField
          label={t('Your review (optional)')}
          name="text"
          value={text}
          maxLength={MAX_TEXT}
          onChange={(event) => setText(event.target.value)}
          error={errors.text}
          hint={t('What went well, what could be better. {count}/{max}', { count: text.length, max: MAX_TEXT })}
        />
        <p className="write-review__note">
          {t("Shown as {name}, with the month, marked 'Verified booking'.", { name: invite.reviewer })}
        </p>
        {send.submission.status === 'failed' && !errors.rating && !errors.text && (
          <FormAlert>{send.submission.message}</FormAlert>
        )}
        <Button type="submit" size="lg" disabled={send.busy}>
          {send.busy ? t('Publishing…') : t('Publish review')}
        </Button>
      </form>
    </section>
  );
}
