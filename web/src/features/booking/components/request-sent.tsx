// The booking dialog's end for a request (issue 39 §2): a provider who confirms each booking has not
// confirmed it yet, so the dialog says what was asked for — when, where, for how much — who will
// answer, and links to the customer's change-or-cancel page (the e-mail has the same link).
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatPriceRange, formatTime } from '@/lib/format';
import { t } from '@/lib/i18n';
import type { Appointment } from '@/types/api';
import { formatLongDate } from '@/lib/dates';

/** The provider's first name, or '' when the answer had none. */
export function providerFirstName(appointment: Appointment): string {
  return appointment.request?.providerName.trim().split(/\s+/)[0] ?? '';
}

/** The toast of a request: who will confirm it, and how the customer hears. */
export function requestSentMessage(appointment: Appointment): string {
  const name = providerFirstName(appointment);
  return name
    ? t('Request sent. {name} will confirm by SMS or e-mail.', { name })
    : t('Request sent. The provider will confirm by SMS or e-mail.');
}

export function RequestSent({ appointment, onClose }: { appointment: Appointment; onClose: () => void }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const request = appointment.request;
  const name = providerFirstName(appointment);
  return (
    <section className="booking-request" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="booking-request__title">
        {t('Request sent')}
      </h3>
      <p>{name ? t('{name} will confirm by SMS or e-mail.', { name }) : t('The provider will confirm by SMS or e-mail.')}</p>
      <dl className="booking-request__details">
        <dt>{t('Service')}</dt>
        <dd>{appointment.serviceName}</dd>
        <dt>{t('When')}</dt>
        <dd>
          {formatLongDate(appointment.date)}, {formatTime(appointment.time)}
        </dd>
        {request?.location && (
          <>
            <dt>{t('Where')}</dt>
            <dd>{request.location}</dd>
          </>
        )}
        {request && request.minPrice > 0 && (
          <>
            <dt>{t('Price')}</dt>
            <dd>{formatPriceRange(request.minPrice, request.maxPrice)}</dd>
          </>
        )}
      </dl>
      <div className="booking-request__actions">
        {appointment.manageToken && (
          <Link className="booking-request__link" to={paths.cancelBooking.getHref(appointment.manageToken)}>
            {t('Change or cancel')}
          </Link>
        )}
        <Button type="button" onClick={onClose}>
          {t('Close')}
        </Button>
      </div>
    </section>
  );
}
