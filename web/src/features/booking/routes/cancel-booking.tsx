// /appointments/cancel?token=… : "Change or cancel", the link in the customer's booking e-mails (and in
// My bookings). It shows the booking (with its menu services, team member and total); until
// the provider's change notice before it starts, the customer picks another bookable time — for the
// same services, with the same member or, when they are not free, anyone available — or cancels,
// without an account. After that, the page says to contact the provider on WhatsApp.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { CheckCircleIcon } from '@/components/ui/icons';
import { StatusMessage } from '@/components/ui/status-message';
import { paths } from '@/config/paths';
import { apiErrorCode, apiErrorMessage, isRetryable } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { formatTime, formatTimeRange } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useRequest } from '@/lib/use-request';
import { useSubmission } from '@/lib/use-submission';
import { whatsappChatLink } from '@/lib/whatsapp';
import type { Appointment, AppointmentStatus } from '@/types/api';
import { cancelAppointment, getCancellableAppointment, rescheduleAppointment } from '../api/cancel-appointment';
import { useAvailability, type BookingChoice } from '../api/get-availability';
import { BookingStatus } from '../components/booking-status';
import { DayAndTimes } from '../components/day-and-times';
import { formatLongDate, nairobiNow } from '@/lib/dates';
import { appointmentRows } from '../menu';
import '../components/booking-dialog.css';
import './cancel-booking.css';

export const TITLE = t('Change or cancel your booking');
export const INVALID_LINK = t('This cancellation link is not valid.');
export const ALREADY_CANCELLED = t('This booking is already cancelled.');
export const CANCELLED = t('Your booking has been cancelled.');
export const LOAD_FAILED = t('Failed to load your booking. Please try again.');
export const CANCEL_FAILED = t('Failed to cancel the booking. Please try again.');
export const MOVE_FAILED = t('Failed to change the booking. Please try again.');
/** Shown once the change notice has passed (the server's `too_late_to_change`). */
const TOO_LATE_SHOWN = t("It's too late to change this booking online. Please contact the provider on WhatsApp.");

const customerStatusLabels: Record<AppointmentStatus, string> = {
  requested: t('Awaiting confirmation'),
  confirmed: t('Confirmed'),
  declined: t('Declined by the provider'),
  cancelled: t('Cancelled'),
};

export default function CancelBookingRoute() {
  useDocumentTitle(TITLE);
  const token = (useSearchParams()[0].get('token') ?? '').trim();

  return (
    <div className="container page cancel-booking">
      <header className="page-header">
        <h1>{TITLE}</h1>
      </header>
      {token ? <ManageBooking key={token} token={token} /> : <LinkProblem message={INVALID_LINK} />}
    </div>
  );
}

/** A link that cannot be used (not valid, or for a booking that cannot be changed). */
function LinkProblem({ message }: { message: string }) {
  return (
    <StatusMessage role="alert" title={message} description={t('Your booking has not been changed by this link.')}>
      <Link to={paths.home.getHref()} className={buttonClass()}>
        {t('Go to Homepage')}
      </Link>
    </StatusMessage>
  );
}

function ManageBooking({ token }: { token: string }) {
  const load = useCallback((signal: AbortSignal) => getCancellableAppointment(token, signal), [token]);
  const request = useRequest(load, 'Failed to load the booking to change or cancel');

  if (request.status === 'loading') {
    return (
      <div className="card cancel-booking__card cancel-booking__card--loading" role="status">
        <span className="visually-hidden">{t('Loading your booking…')}</span>
      </div>
    );
  }
  if (request.status === 'error') {
    // The server's refusal (a bad link) is final; no answer at all may be tried again.
    if (!isRetryable(request.error)) return <LinkProblem message={apiErrorMessage(request.error) ?? INVALID_LINK} />;
    return (
      <StatusMessage role="alert" title={LOAD_FAILED}>
        <Button onClick={request.retry}>{t('Try Again')}</Button>
      </StatusMessage>
    );
  }
  return <Booking token={token} appointment={request.data} />;
}

function Booking({ token, appointment }: { token: string; appointment: Appointment }) {
  const [shown, setShown] = useState(appointment);
  const [news, setNews] = useState<string | null>(null);
  const [tooLate, setTooLate] = useState(false);
  const newsRef = useRef<HTMLParagraphElement>(null);
  const cancel = useSubmission<Appointment>(CANCEL_FAILED);
  const live = shown.status === 'requested' || shown.status === 'confirmed';
  const changeable = live && shown.canChange !== false && !tooLate;
  const whatsapp = whatsappChatLink(
    shown.providerWhatsapp ?? '',
    t('Hello, about my booking for {service} on {date} at {time} (Mtaani).', {
      service: shown.serviceName,
      date: formatLongDate(shown.date),
      time: formatTime(shown.time),
    }),
  );

  useEffect(() => {
    // What just happened replaces the buttons: the focus goes to the news.
    if (news) newsRef.current?.focus();
  }, [news]);

  const failed = (_message: string, error: unknown) => {
    if (apiErrorCode(error) === 'too_late_to_change') setTooLate(true);
  };

  return (
    <section className="card cancel-booking__card" aria-label={t('Your booking')}>
      <dl className="cancel-booking__details">
        <div>
          <dt>{t('Service')}</dt>
          <dd>{shown.serviceName}</dd>
        </div>
        {appointmentRows(shown).map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
        <div>
          <dt>{t('Date')}</dt>
          <dd>{formatLongDate(shown.date)}</dd>
        </div>
        <div>
          <dt>{t('Time')}</dt>
          <dd>{formatTimeRange(shown.time, shown.endTime)}</dd>
        </div>
        <div>
          <dt>{t('Status')}</dt>
          <dd>
            <BookingStatus status={shown.status} labels={customerStatusLabels} />
          </dd>
        </div>
      </dl>

      {news && (
        <p ref={newsRef} tabIndex={-1} className="cancel-booking__done" role="status">
          <CheckCircleIcon size={22} />
          {news}
        </p>
      )}
      {!news && shown.status === 'cancelled' && <p className="cancel-booking__note">{ALREADY_CANCELLED}</p>}
      {shown.status === 'declined' && (
        <p className="cancel-booking__note">{t('The provider declined this booking, so there is nothing to change.')}</p>
      )}

      {live && !changeable && (
        <div className="cancel-booking__actions">
          <p className="cancel-booking__note" role="alert">
            {TOO_LATE_SHOWN}
          </p>
          {whatsapp && (
            <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass({ size: 'lg' })}>
              {t('Contact the provider on WhatsApp')}
            </a>
          )}
        </div>
      )}

      {changeable && (
        <>
          <ChangeTime
            token={token}
            appointment={shown}
            onMoved={(moved) => {
              setShown(moved);
              setNews(t('Your booking is moved to {date} at {time}.', { date: formatLongDate(moved.date), time: formatTime(moved.time) }));
            }}
            onFailed={failed}
          />
          <div className="cancel-booking__actions">
            <h2 className="cancel-booking__subtitle">{t('Cancel')}</h2>
            {cancel.submission.status === 'failed' && <FormAlert>{cancel.submission.message}</FormAlert>}
            <p>{t('The provider will be told by e-mail. This cannot be undone.')}</p>
            <Button
              size="lg"
              variant="secondary"
              disabled={cancel.busy}
              onClick={() =>
                cancel.submit(() => cancelAppointment(token), {
                  onDone: (cancelled) => {
                    setShown(cancelled);
                    setNews(CANCELLED);
                  },
                  onFailed: failed,
                })
              }
            >
              {cancel.busy ? t('Cancelling...') : t('Cancel booking')}
            </Button>
          </div>
        </>
      )}

      {!live && (
        <Link to={paths.home.getHref()} className={buttonClass({ variant: 'secondary', className: 'cancel-booking__home' })}>
          {t('Go to Homepage')}
        </Link>
      )}
    </section>
  );
}

interface ChangeTimeProps {
  token: string;
  appointment: Appointment;
  onMoved: (moved: Appointment) => void;
  onFailed: (message: string, error: unknown) => void;
}

/**
 * Another bookable time for the same service: a day in the calendar, then one of its free starts — free
 * for the booking's services one after the other and, with a team, for its member. When the member is
 * not free at the time chosen after all (409 member_taken), anyone available may take it instead.
 */
function ChangeTime({ token, appointment, onMoved, onFailed }: ChangeTimeProps) {
  const [today] = useState(() => nairobiNow().date);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  // Anyone available instead of the booking's member, once the customer chose so.
  const [anyone, setAnyone] = useState(false);
  const member = anyone ? null : (appointment.member ?? null);
  const choice: BookingChoice = { optionIds: appointment.options.map((option) => option.id), memberId: member?.id ?? '' };
  const availability = useAvailability(appointment.serviceId, date, choice);
  // Not useSubmission: a booking may be moved more than once from the same page.
  const [moving, setMoving] = useState(false);
  const [failure, setFailure] = useState<{ message: string; memberTaken: boolean } | null>(null);
  const moveRef = useRef<HTMLDivElement>(null);
  const [focusMove, setFocusMove] = useState(0);

  useEffect(() => {
    // After switching to anyone available, the same time is moved to with the button that does it.
    if (focusMove > 0) moveRef.current?.querySelector('button')?.focus();
  }, [focusMove]);

  const pick = (next: string) => {
    setDate(next);
    setTime(null);
    setFailure(null);
  };

  function submitMove() {
    if (!date || !time || moving) return;
    setMoving(true);
    setFailure(null);
    // Named, the member is kept or the move refused; left out, the server keeps the booking's own
    // member when free then, else anyone free (docs/openapi.json, RescheduleInput).
    rescheduleAppointment(token, date, time, member?.id).then(
      (moved) => {
        setMoving(false);
        setDate(null);
        setTime(null);
        setAnyone(false);
        onMoved(moved);
      },
      (error: unknown) => {
        const message = apiErrorMessage(error) ?? MOVE_FAILED;
        setMoving(false);
        setFailure({ message, memberTaken: apiErrorCode(error) === 'member_taken' });
        availability.retry();
        onFailed(message, error);
      },
    );
  }

  return (
    <div className="cancel-booking__change">
      <h2 className="cancel-booking__subtitle">{t('Choose another time')}</h2>
      {appointment.member && (
        <p className="cancel-booking__with">
          {member ? t('The times when {name} is free.', { name: member.name }) : t('The times when anyone of the team is free.')}
        </p>
      )}
      <div className="booking-appointment">
        <DayAndTimes
          serviceId={appointment.serviceId}
          choice={choice}
          today={today}
          date={date}
          time={time}
          availability={availability}
          onDate={pick}
          onTime={setTime}
        />
      </div>
      {failure && <FormAlert>{failure.message}</FormAlert>}
      {failure?.memberTaken && member && (
        <Button
          variant="secondary"
          className="cancel-booking__anyone"
          onClick={() => {
            setAnyone(true);
            setFailure(null);
            setFocusMove((count) => count + 1);
          }}
        >
          {t('Switch to anyone available')}
        </Button>
      )}
      {date && time && (
        <div ref={moveRef} className="cancel-booking__move">
          <Button size="lg" disabled={moving} onClick={submitMove}>
            {moving ? t('Moving...') : t('Move to {time}, {date}', { time: formatTime(time), date: formatLongDate(date) })}
          </Button>
        </div>
      )}
    </div>
  );
}
