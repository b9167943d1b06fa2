// My Account, sellers: the booking requests for their services, newest first, with Confirm and Decline
// for those still waiting; the customer is told by e-mail either way. With a team, who
// serves each one, and the services of the listing's menu booked with their total.
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CalendarIcon, MailIcon, UserIcon, WhatsAppIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toast';
import { apiErrorMessage } from '@/lib/api-client';
import { formatTime, formatTimeRange } from '@/lib/format';
import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';
import { cleanPhoneNumber } from '@/lib/phone';
import { whatsappChatLink } from '@/lib/whatsapp';
import type { Appointment } from '@/types/api';
import { useSellerAppointments } from '../api/get-seller-appointments';
import { respondToAppointment, type AppointmentResponse } from '../api/respond-to-appointment';
import { formatLongDate } from '@/lib/dates';
import { BookedServices } from './booked-services';
import { BookingStatus, sellerStatusLabels } from './booking-status';
import './record-card.css';
import './seller-bookings.css';

export const BOOKINGS_FAILED = t('Failed to load your bookings. Please try again.');
export const RESPONSE_FAILED = t('Failed to update the booking. Please try again.');

interface SellerBookingsProps {
  /** A new value loads the list again (a booking changed in another section: moved to another member). */
  refreshKey?: number;
  /** A booking was confirmed or declined here. */
  onChanged?: () => void;
}

export function SellerBookings({ refreshKey = 0, onChanged }: SellerBookingsProps) {
  const titleId = useId();
  // The rows answered here show their answer at once: the list is not fetched again for each.
  const query = useSellerAppointments(refreshKey);

  let content;
  if (query.status === 'loading') {
    content = (
      <div role="status" className="seller-bookings__loading">
        <span className="visually-hidden">{t('Loading your bookings…')}</span>
        <span className="seller-bookings__skeleton" aria-hidden="true" />
        <span className="seller-bookings__skeleton" aria-hidden="true" />
      </div>
    );
  } else if (query.status === 'error') {
    content = (
      <div role="alert" className="seller-bookings__error">
        <p>{BOOKINGS_FAILED}</p>
        <Button variant="secondary" onClick={query.retry}>
          {t('Try Again')}
        </Button>
      </div>
    );
  } else if (query.data.length === 0) {
    content = <p className="seller-bookings__empty">{t('No bookings yet.')}</p>;
  } else {
    const appointments = query.appointments ?? [];
    const waiting = appointments.filter((appointment) => appointment.status === 'requested').length;
    content = (
      <>
        <p className="seller-bookings__summary">
          {waiting === 0
            ? t('No requests are waiting for your reply.')
            : waiting === 1
              ? t('1 request is waiting for your reply.')
              : t('{count} requests are waiting for your reply.', { count: waiting })}
        </p>
        <ul className="plain-list seller-bookings__list">
          {appointments.map((appointment) => (
            <li key={appointment.id}>
              <BookingRow
                appointment={appointment}
                onUpdated={(next) => {
                  query.updated(next);
                  onChanged?.();
                }}
              />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <section className="card seller-bookings" aria-labelledby={titleId}>
      <h2 id={titleId} className="seller-bookings__title">
        {t('Bookings')}
      </h2>
      {content}
    </section>
  );
}

function BookingRow({ appointment, onUpdated }: { appointment: Appointment; onUpdated: (next: Appointment) => void }) {
  const toast = useToast();
  const headingId = useId();
  const whenId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [sending, setSending] = useState<AppointmentResponse | null>(null);
  const date = formatLongDate(appointment.date);
  const chat = appointment.phone
    ? whatsappChatLink(
        // A Kenyan number typed as 07… needs its country code for WhatsApp.
        cleanPhoneNumber(appointment.phone) ?? appointment.phone,
        t('Hello {name}, this is about your booking for "{service}" on {date} at {time} on Mtaani.', {
          name: appointment.name,
          service: appointment.serviceName,
          date,
          time: formatTime(appointment.time),
        }),
      )
    : null;

  function respond(response: AppointmentResponse) {
    if (sending) return;
    setSending(response);
    respondToAppointment(appointment.id, response).then(
      (next) => {
        setSending(null);
        onUpdated(next);
        // The buttons are gone: keyboard and screen-reader users continue from the booking's title.
        headingRef.current?.focus();
      },
      (error: unknown) => {
        setSending(null);
        toast.error(apiErrorMessage(error) ?? RESPONSE_FAILED);
      },
    );
  }

  return (
    <article className="record-card" aria-labelledby={headingId}>
      <div className="record-card__top">
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className="record-card__title">
          {appointment.serviceName}
        </h3>
        <BookingStatus status={appointment.status} labels={sellerStatusLabels} />
      </div>
      <p id={whenId} className="booking-row__when">
        <CalendarIcon size={18} />
        <span>
          {tx('{date} at {time}', {
            date,
            time: <strong>{formatTimeRange(appointment.time, appointment.endTime)}</strong>,
          })}
        </span>
      </p>
      {appointment.member && (
        <p className="booking-row__member">
          <UserIcon size={18} />
          <span>{t('With {name}', { name: appointment.member.name })}</span>
        </p>
      )}
      <BookedServices appointment={appointment} />
      <dl className="record-card__details">
        <div>
          <dt>{t('Customer')}</dt>
          <dd>{appointment.name}</dd>
        </div>
        <div>
          <dt>{t('Email')}</dt>
          <dd>
            <a href={`mailto:${appointment.email}`} className="booking-row__contact">
              <MailIcon size={16} />
              {appointment.email}
            </a>
          </dd>
        </div>
        {chat && (
          <div>
            <dt>{t('Phone')}</dt>
            <dd>
              <a href={chat} target="_blank" rel="noopener noreferrer" className="booking-row__contact">
                <WhatsAppIcon size={16} />
                {appointment.phone}
                <span className="visually-hidden"> {t('on WhatsApp (opens in a new tab)')}</span>
              </a>
            </dd>
          </div>
        )}
        {appointment.message && (
          <div className="booking-row__message">
            <dt>{t('Message')}</dt>
            <dd>{appointment.message}</dd>
          </div>
        )}
      </dl>
      {appointment.status === 'requested' && (
        <div className="booking-row__actions">
          <Button disabled={sending !== null} aria-describedby={`${headingId} ${whenId}`} onClick={() => respond('confirm')}>
            {sending === 'confirm' ? t('Confirming...') : t('Confirm')}
          </Button>
          <Button
            variant="secondary"
            disabled={sending !== null}
            aria-describedby={`${headingId} ${whenId}`}
            onClick={() => respond('decline')}
          >
            {sending === 'decline' ? t('Declining...') : t('Decline')}
          </Button>
        </div>
      )}
    </article>
  );
}
