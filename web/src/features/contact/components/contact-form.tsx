// The contact form (SPEC §2 Contact, §5, §8): name, e-mail, phone, subject and message to the team.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { TextField } from '@/components/ui/form-field';
import { SendIcon } from '@/components/ui/page-icons';
import { TextareaField } from '@/components/ui/textarea-field';
import { useToast } from '@/components/ui/toast';
import { apiErrorMessage, apiFieldErrors } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { useIdempotentSubmissions } from '@/lib/idempotency';
import { useForm } from '@/lib/use-form';
import type { FieldErrors } from '@/lib/validation';
import { sendContactMessage, type ContactPayload } from '../api/send-contact-message';
import { contactSchema, emptyContactValues, type ContactValues } from '../validation';

export const MESSAGE_SENT = t("Message sent successfully! We'll get back to you soon.");
export const MESSAGE_FAILED = t('Failed to send message. Please try again.');

interface ContactFormProps {
  /** Called after the team has the message; the page then shows an empty form. */
  onSent: () => void;
  /** The heading that names the form. */
  labelledBy: string;
}

export function ContactForm({ onSent, labelledBy }: ContactFormProps) {
  const toast = useToast();
  const form = useForm<ContactValues>(contactSchema, emptyContactValues);
  const submissions = useIdempotentSubmissions();
  const [pending, setPending] = useState(false);

  const onSubmit = form.handleSubmit((input) => {
    if (pending) return;
    const payload: ContactPayload = {
      name: input.name.trim(),
      email: input.email.trim(),
      phone: input.phone.trim(),
      subject: input.subject.trim(),
      message: input.message.trim(),
    };
    setPending(true);
    sendContactMessage(payload, submissions.keyFor(payload)).then(
      () => {
        submissions.settle();
        toast.success(MESSAGE_SENT);
        onSent();
      },
      (error: unknown) => {
        submissions.settle(error);
        setPending(false);
        form.setFieldErrors(contactFieldErrors(apiFieldErrors(error)));
        toast.error(apiErrorMessage(error) ?? MESSAGE_FAILED);
      },
    );
  });

  const { field } = form;

  return (
    <form className="contact-form" noValidate aria-labelledby={labelledBy} onSubmit={onSubmit}>
      <div className="contact-form__pair">
        <TextField label={t('Name')} autoComplete="name" {...field('name')} />
        <EmailField {...field('email')} />
      </div>
      <div className="contact-form__pair">
        <TextField
          label={t('Phone number')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="0712 345 678"
          {...field('phone')}
        />
        <TextField label={t('Subject')} placeholder={t('e.g. Question about my booking')} {...field('subject')} />
      </div>
      <TextareaField
        label={t('Message')}
        rows={6}
        placeholder={t('How can we help?')}
        name="message"
        value={form.values.message}
        error={form.errors.message}
        onChange={(event) => form.setValue('message', event.target.value)}
      />
      <Button type="submit" size="lg" className="contact-form__submit" disabled={pending}>
        {!pending && <SendIcon size={18} />}
        {pending ? t('Sending...') : t('Send Message')}
      </Button>
    </form>
  );
}

/** The server's messages for this form's fields; others are covered by its overall message. */
function contactFieldErrors(errors: Record<string, string>): FieldErrors<ContactValues> {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => field in contactSchema));
}
