// A booking's status as a pill, worded for who is reading (the provider or the customer).
import { t } from '@/lib/i18n';
import type { AppointmentStatus } from '@/types/api';
import '@/components/ui/status-badge.css';
import './booking-status.css';

/** A booking's status as its provider reads it (their bookings, the team's day). */
export const sellerStatusLabels: Record<AppointmentStatus, string> = {
  requested: t('Awaiting your reply'),
  confirmed: t('Confirmed'),
  declined: t('Declined'),
  cancelled: t('Cancelled by customer'),
};

export function BookingStatus({ status, labels }: { status: AppointmentStatus; labels: Record<AppointmentStatus, string> }) {
  return <span className={`status-badge booking-status--${status}`}>{labels[status] ?? status}</span>;
}
