// My Account, everyone: the bookings made while signed in, with their status and, while they may still
// be changed, a link to their "Change or cancel" page.
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { CalendarIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { formatTimeRange } from '@/lib/format';
import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';
import type { AppointmentStatus } from '@/types/api';
import { useMyBookings } from '../api/get-my-bookings';
import { formatLongDate } from '@/lib/dates';
import { BookingStatus } from './booking-status';
import './seller-bookings.css';

export const MY_BOOKINGS_FAILED = t('Failed to load your bookings. Please try again.');

const customerStatusLabels: Record<AppointmentStatus, string> = {
  requested: t('Awaiting confirmation'),
  confirmed: t('Confirmed'),
  declined: t('Declined by the provider'),
  cancelled: t('Cancelled'),
};

export function MyBookings() {
  const titleId = useId();
  const query = useMyBookings();

  let content;
  if (query.status === 'loading') {
    content = (
      <div role="status" className="seller-bookings__loading">
        <span className="visually-hidden">{t('Loading your bookings…')}</span>
        <span className="seller-bookings__skeleton" aria-hidden="true" />
      </div>
    );
  } else if (query.status === 'error') {
    content = (
      <div role="alert" className="seller-bookings__error">
        <p>{MY_BOOKINGS_FAILED}</p>
        <Button variant="secondary" onClick={query.retry}>
          {t('Try Again')}
        </Button>
      </div>
    );
  } else if (query.data.length === 0) {
    content = (
      <p className="seller-bookings__empty">
        {t('No bookings yet. Bookings you make while signed in appear here.')}
      </p>
    );
  } else {
    content = (
      <ul className="plain-list seller-bookings__list">
        {query.data.map((a) => {
          const live = a.status === 'requested' || a.status === 'confirmed';
          return (
            <li key={a.id}>
              <article className="booking-row" aria-label={`${a.serviceName}, ${formatLongDate(a.date)}`}>
                <div className="booking-row__top">
                  <h3 className="booking-row__service">{a.serviceName}</h3>
                  <BookingStatus status={a.status} labels={customerStatusLabels} />
                </div>
                <p className="booking-row__when">
                  <CalendarIcon size={18} />
                  <span>
                    {tx('{date} at {time}', {
                      date: formatLongDate(a.date),
                      time: <strong>{formatTimeRange(a.time, a.endTime)}</strong>,
                    })}
                  </span>
                </p>
                {live && a.manageToken && (
                  <div className="booking-row__actions">
                    <Link
                      to={paths.cancelBooking.getHref(a.manageToken)}
                      className={buttonClass({ variant: 'secondary' })}
                      aria-label={t('Change or cancel {service} on {date}', { service: a.serviceName, date: formatLongDate(a.date) })}
                    >
                      {t('Change or cancel')}
                    </Link>
                  </div>
                )}
              </article>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="card seller-bookings" aria-labelledby={titleId}>
      <h2 id={titleId} className="seller-bookings__title">
        {t('My bookings')}
      </h2>
      {content}
    </section>
  );
}
