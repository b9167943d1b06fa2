// A booking's status as a pill, worded for who is reading (the provider or the customer).
import type { AppointmentStatus } from '@/types/api';
import '@/components/ui/status-badge.css';
import './booking-status.css';

export function BookingStatus({ status, labels }: { status: AppointmentStatus; labels: Record<AppointmentStatus, string> }) {
  return <span className={`status-badge booking-status--${status}`}>{labels[status] ?? status}</span>;
}
