// The words and dates of a seller's subscription: its status labels and the end of the grace period.
import type { PaymentPurpose, PaymentStatus, SubscriptionStatus } from '@/types/api';

/** After the paid month ends, listings stay visible for this many days before the package expires. */
export const GRACE_DAYS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  active: 'Active',
  pending_payment: 'Awaiting payment',
  grace: 'In grace period',
  expired: 'Expired',
};

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Waiting for PIN',
  succeeded: 'Paid',
  failed: 'Failed',
};

export const paymentPurposeLabels: Record<PaymentPurpose, string> = {
  registration: 'First month',
  renewal: 'Renewal',
  upgrade: 'Upgrade',
};

/** The instant the grace period of a month paid until `paidUntil` ends (an ISO instant). */
export function graceEndsAt(paidUntil: string): Date {
  return new Date(new Date(paidUntil).getTime() + GRACE_DAYS * DAY_MS);
}
