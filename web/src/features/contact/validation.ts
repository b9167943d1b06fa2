// The contact form's rules and messages (SPEC §5 Contact), letter for letter.
import { t } from '@/lib/i18n';
import { email, minLength, trimmed, type Schema } from '@/lib/validation';

export const contactMessages = {
  name: t('Name must be at least 2 characters'),
  email: t('Please enter a valid email address'),
  phone: t('Please enter a valid phone number'),
  subject: t('Subject must be at least 5 characters'),
  message: t('Message must be at least 10 characters'),
} as const;

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

// Surrounding spaces do not count towards a length, and are not sent.
export const contactSchema: Schema<ContactValues> = {
  name: [trimmed(minLength(2, contactMessages.name))],
  email: [trimmed(email(contactMessages.email))],
  phone: [trimmed(minLength(10, contactMessages.phone))],
  subject: [trimmed(minLength(5, contactMessages.subject))],
  message: [trimmed(minLength(10, contactMessages.message))],
};

export const emptyContactValues: ContactValues = { name: '', email: '', phone: '', subject: '', message: '' };
