// The booking dialog's end for a request: a provider who confirms each booking has not
// confirmed it yet, so the dialog says what was asked for — when, where, which services with whom,
// for how much — who will answer, and links to the customer's change-or-cancel page (the
// e-mail has the same link). And the notice of a booking confirmed at once.
import { Fragment, useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatKsh, formatPriceRange, formatTime } from '@/lib/format';
import { t } from '@/lib/i18n';
import type { Appointment } from '@/types/api';
import { formatLongDate } from '@/lib/dates';
import { appointmentRows } from '../menu';
import { BOOKED } from '../validation';

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

/** The notice of a booking confirmed at once (SPEC §8's), with who serves it and the total when it has them. */
export function bookedMessage(appointment: Appointment): string {
  const member = appointment.member?.name;
  return [
    BOOKED,
    member && t('Your stylist: {name}.', { name: member }),
    appointment.totalKsh != null && t('Total: {price}.', { price: formatKsh(appointment.totalKsh) }),
  ]
    .filter(Boolean)
    .join(' ');
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
        {appointmentRows(appointment).map((row) => (
          <Fragment key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </Fragment>
        ))}
        {/* The listing's price range, when no total of its menu's services says more. */}
        {request && request.minPrice > 0 && appointment.totalKsh == null && (
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
