// The booking form's rules and messages (SPEC §5 Booking, §8), letter for letter.
import { t } from '@/lib/i18n';
import { cleanPhoneNumber } from '@/lib/phone';
import { email, minLength, trimmed, type Schema } from '@/lib/validation';

export const REQUIRED_FIELDS = t('Please fill in all required fields');
export const INVALID_EMAIL = t('Please enter a valid email address');
export const INVALID_PHONE = t('Please enter a valid phone number');
export const BOOKED = t('Appointment booked successfully!');
export const BOOKING_FAILED = t('Failed to book appointment. Please try again.');
/** Sent without a connection; what was entered stays in the dialog. */
export const BOOKING_OFFLINE = t(
  'You are offline. Your booking was not sent: please try again once you are back online.',
);

/** The server's limits (booking-svc rules.rs), kept by the inputs so nobody types past them. */
export const NAME_MAX = 100;
export const MESSAGE_MAX = 1000;

export interface EnquiryValues {
  name: string;
  email: string;
  /** Optional: given, the provider can answer on WhatsApp. */
  phone: string;
  message: string;
}

// Date and time are checked beside these: they are chosen, not typed.
export const enquirySchema: Schema<EnquiryValues> = {
  name: [trimmed(minLength(1, REQUIRED_FIELDS))],
  email: [trimmed(minLength(1, REQUIRED_FIELDS)), trimmed(email(INVALID_EMAIL))],
  phone: [(value) => (value.trim() === '' || cleanPhoneNumber(value) ? undefined : INVALID_PHONE)],
};
