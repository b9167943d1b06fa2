// /appointments/cancel?token=… : the link in the customer's booking e-mail. It shows the booking and
// cancels it without an account; the token is signed and works once.
import { useCallback, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { CheckCircleIcon } from '@/components/ui/icons';
import { StatusMessage } from '@/components/ui/status-message';
import { paths } from '@/config/paths';
import { apiErrorMessage, isRetryable } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useRequest } from '@/lib/use-request';
import { useSubmission } from '@/lib/use-submission';
import type { Appointment, AppointmentStatus } from '@/types/api';
import { cancelAppointment, getCancellableAppointment } from '../api/cancel-appointment';
import { BookingStatus } from '../components/booking-status';
import { formatLongDate } from '../dates';
import './cancel-booking.css';

export const INVALID_LINK = 'This cancellation link is not valid.';
export const ALREADY_CANCELLED = 'This booking is already cancelled.';
export const CANCELLED = 'Your booking has been cancelled.';
export const LOAD_FAILED = 'Failed to load your booking. Please try again.';
export const CANCEL_FAILED = 'Failed to cancel the booking. Please try again.';

const customerStatusLabels: Record<AppointmentStatus, string> = {
  requested: 'Awaiting confirmation',
  confirmed: 'Confirmed',
  declined: 'Declined by the provider',
  cancelled: 'Cancelled',
};

export default function CancelBookingRoute() {
  useDocumentTitle('Cancel your booking');
  const token = (useSearchParams()[0].get('token') ?? '').trim();

  return (
    <div className="container page cancel-booking">
      <header className="page-header">
        <h1>Cancel your booking</h1>
      </header>
      {token ? <CancelBooking key={token} token={token} /> : <LinkProblem message={INVALID_LINK} />}
    </div>
  );
}

/** A link that cannot be used (not valid, expired, or for a booking that cannot be cancelled). */
function LinkProblem({ message }: { message: string }) {
  return (
    <StatusMessage role="alert" title={message} description="Your booking has not been changed by this link.">
      <Link to={paths.home.getHref()} className={buttonClass()}>
        Go to Homepage
      </Link>
    </StatusMessage>
  );
}

function CancelBooking({ token }: { token: string }) {
  const load = useCallback((signal: AbortSignal) => getCancellableAppointment(token, signal), [token]);
  const request = useRequest(load, 'Failed to load the booking to cancel');

  if (request.status === 'loading') {
    return (
      <div className="card cancel-booking__card cancel-booking__card--loading" role="status">
        <span className="visually-hidden">Loading your booking…</span>
      </div>
    );
  }
  if (request.status === 'error') {
    // The server's refusal (a bad or used link) is final; no answer at all may be tried again.
    if (!isRetryable(request.error)) return <LinkProblem message={apiErrorMessage(request.error) ?? INVALID_LINK} />;
    return (
      <StatusMessage role="alert" title={LOAD_FAILED}>
        <Button onClick={request.retry}>Try Again</Button>
      </StatusMessage>
    );
  }
  return <BookingToCancel token={token} appointment={request.data} />;
}

function BookingToCancel({ token, appointment }: { token: string; appointment: Appointment }) {
  const { submission, busy, submit } = useSubmission<Appointment>(CANCEL_FAILED);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const cancelledNow = submission.status === 'done';
  const shown = cancelledNow ? submission.result : appointment;
  const cancellable = shown.status === 'requested' || shown.status === 'confirmed';

  useEffect(() => {
    // The button is gone: the focus goes to the news that replaced it.
    if (cancelledNow) doneRef.current?.focus();
  }, [cancelledNow]);

  return (
    <section className="card cancel-booking__card" aria-label="Your booking">
      <dl className="cancel-booking__details">
        <div>
          <dt>Service</dt>
          <dd>{shown.serviceName}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatLongDate(shown.date)}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{shown.time}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <BookingStatus status={shown.status} labels={customerStatusLabels} />
          </dd>
        </div>
      </dl>

      {cancelledNow && (
        <p ref={doneRef} tabIndex={-1} className="cancel-booking__done" role="status">
          <CheckCircleIcon size={22} />
          {CANCELLED}
        </p>
      )}
      {!cancelledNow && shown.status === 'cancelled' && <p className="cancel-booking__note">{ALREADY_CANCELLED}</p>}
      {shown.status === 'declined' && (
        <p className="cancel-booking__note">The provider declined this booking, so there is nothing to cancel.</p>
      )}

      {cancellable && (
        <div className="cancel-booking__actions">
          {submission.status === 'failed' && <FormAlert>{submission.message}</FormAlert>}
          <p>The provider will be told by e-mail. This cannot be undone.</p>
          <Button size="lg" disabled={busy} onClick={() => submit(() => cancelAppointment(token))}>
            {busy ? 'Cancelling...' : 'Cancel booking'}
          </Button>
        </div>
      )}

      {!cancellable && (
        <Link to={paths.home.getHref()} className={buttonClass({ variant: 'secondary', className: 'cancel-booking__home' })}>
          Go to Homepage
        </Link>
      )}
    </section>
  );
}
