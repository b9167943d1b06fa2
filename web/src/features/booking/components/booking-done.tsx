// The booking dialog's end: what was booked — the service, the menu's services with whom, the day and
// time (on the build's clock), the place and the way in there, the total — and what to do with it:
// add it to a calendar (the .ics its e-mails carry), send it on WhatsApp, change or cancel it (the
// page the e-mail links to). A request says the same, and that it waits for the provider.
import { Fragment, useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { CalendarIcon, CheckCircleIcon, WhatsAppIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { formatLongDate } from '@/lib/dates';
import { formatKsh, formatPriceRange, formatTime } from '@/lib/format';
import { t } from '@/lib/i18n';
import { whatsappShareLink } from '@/lib/whatsapp';
import type { Appointment } from '@/types/api';
import { appointmentInviteUrl } from '../api/appointment-invite';
import { appointmentRows, type SummaryRow } from '../menu';
import { BOOKED } from '../validation';

/** The provider's first name, or '' when the answer had none. */
export function providerFirstName(appointment: Appointment): string {
  return appointment.provider?.name.trim().split(/\s+/)[0] ?? '';
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

/** The day and time of `appointment`, as the dialog writes them. */
function when(appointment: Appointment): string {
  return `${formatLongDate(appointment.date)}, ${formatTime(appointment.time)}`;
}

/** What the booking's rows say, in the order the view shows them. */
function rows(appointment: Appointment): SummaryRow[] {
  const provider = appointment.provider;
  const all: (SummaryRow | false)[] = [
    { label: t('Service'), value: appointment.serviceName },
    { label: t('When'), value: when(appointment) },
    !!provider?.location && { label: t('Where'), value: provider.location },
    !!provider?.directions && { label: t('Directions'), value: provider.directions },
    !!provider?.name && { label: t('Provider'), value: provider.name },
    ...appointmentRows(appointment),
    // The listing's price range, when no total of its menu's services says more.
    !!provider && provider.minPrice > 0 && appointment.totalKsh == null && {
      label: t('Price'),
      value: formatPriceRange(provider.minPrice, provider.maxPrice),
    },
  ];
  return all.filter((row): row is SummaryRow => !!row);
}

/** The booking as a message to send on: its rows, whether it waits, and its change-or-cancel link. */
function shareText(appointment: Appointment, requested: boolean): string {
  const token = appointment.manageToken;
  const link = token ? new URL(paths.cancelBooking.getHref(token), window.location.origin).href : null;
  return [
    requested ? t('My booking request on Mtaani (waiting for the provider to confirm):') : t('My booking on Mtaani:'),
    ...rows(appointment).map((row) => `${row.label}: ${row.value}`),
    link && t('Change or cancel: {link}', { link }),
  ]
    .filter(Boolean)
    .join('\n');
}

export function BookingDone({ appointment, onClose }: { appointment: Appointment; onClose: () => void }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const requested = appointment.status === 'requested';
  const name = providerFirstName(appointment);
  const token = appointment.manageToken;
  let news: string;
  if (!requested) news = t('The details and your change-or-cancel link are on their way to {email}.', { email: appointment.email });
  else if (name) news = t('{name} will confirm by SMS or e-mail.', { name });
  else news = t('The provider will confirm by SMS or e-mail.');

  return (
    <section className="booking-request" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="booking-request__title">
        {!requested && <CheckCircleIcon size={22} />}
        {requested ? t('Request sent') : t('Booking confirmed')}
      </h3>
      <p>{news}</p>
      <dl className="booking-request__details">
        {rows(appointment).map((row) => (
          <Fragment key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </Fragment>
        ))}
      </dl>
      <div className="booking-request__share">
        {/* A request is not in the diary yet: its invite comes with the provider's confirmation. */}
        {token && !requested && (
          <a className={buttonClass({ variant: 'secondary' })} href={appointmentInviteUrl(token)} download="mtaani-booking.ics">
            <CalendarIcon size={18} />
            {t('Add to calendar')}
          </a>
        )}
        <a
          className={buttonClass({ variant: 'whatsapp' })}
          href={whatsappShareLink(shareText(appointment, requested))}
          target="_blank"
          rel="noopener noreferrer"
        >
          <WhatsAppIcon size={18} />
          {t('Send to WhatsApp')}
        </a>
      </div>
      <div className="booking-request__actions">
        {token && (
          // In place of the dialog's step in the history: Back from that page comes to the page under the dialog.
          <Link className="booking-request__link" to={paths.cancelBooking.getHref(token)} replace>
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
