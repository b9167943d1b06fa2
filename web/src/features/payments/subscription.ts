// The words and dates of a seller's subscription: its status labels and the end of the grace period.
import { t } from '@/lib/i18n';
import type { PaymentPurpose, PaymentStatus, SubscriptionStatus } from '@/types/api';

/** After the paid month ends, listings stay visible for this many days before the package expires. */
export const GRACE_DAYS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  active: t('Active'),
  pending_payment: t('Awaiting payment'),
  grace: t('In grace period'),
  expired: t('Expired'),
};

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: t('Waiting for PIN'),
  succeeded: t('Paid'),
  failed: t('Failed'),
};

export const paymentPurposeLabels: Record<PaymentPurpose, string> = {
  registration: t('First month'),
  renewal: t('Renewal'),
  upgrade: t('Upgrade'),
};

/** The instant the grace period of a month paid until `paidUntil` ends (an ISO instant). */
export function graceEndsAt(paidUntil: string): Date {
  return new Date(new Date(paidUntil).getTime() + GRACE_DAYS * DAY_MS);
}
