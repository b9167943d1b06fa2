// The Enquiry tab (SPEC §2, §4, §5, §8): the chosen date and time, name, e-mail, an optional phone
// number (the provider may answer on WhatsApp) and an optional message, and the request itself. On a failure the dialog stays open with everything entered.
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { CalendarIcon } from '@/components/ui/icons';
import { TextareaField } from '@/components/ui/textarea-field';
import { useToast } from '@/components/ui/toast';
import { apiErrorCode, apiFieldErrors } from '@/lib/api-client';
import { formatTime } from '@/lib/format';
import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';
import { cleanPhoneNumber } from '@/lib/phone';
import { useIdempotentSubmissions } from '@/lib/idempotency';
import type { Form } from '@/lib/use-form';
import { useSubmission } from '@/lib/use-submission';
import type { FieldErrors } from '@/lib/validation';
import type { Appointment } from '@/types/api';
import { createAppointment, type AppointmentPayload } from '../api/create-appointment';
import { requestSentMessage } from './request-sent';
import { formatLongDate } from '@/lib/dates';
import {
  BOOKED,
  BOOKING_FAILED,
  BOOKING_OFFLINE,
  MESSAGE_MAX,
  NAME_MAX,
  REQUIRED_FIELDS,
  type EnquiryValues,
} from '../validation';

export const MESSAGE_PLACEHOLDER = t('Please provide any additional details about your appointment request...');

interface EnquiryFormProps {
  serviceId: string;
  date: string | null;
  time: string | null;
  form: Form<EnquiryValues>;
  /** Back to the Appointment tab to choose another date or time. */
  onChangeSlot: () => void;
  onBooked: (appointment: Appointment) => void;
  /** The slot was taken meanwhile (409): the times are asked for again. */
  onSlotTaken: () => void;
}

export function EnquiryForm({ serviceId, date, time, form, onChangeSlot, onBooked, onSlotTaken }: EnquiryFormProps) {
  const toast = useToast();
  const alertId = useId();
  const { busy, submit } = useSubmission<Appointment>(BOOKING_FAILED, BOOKING_OFFLINE);
  const submissions = useIdempotentSubmissions();
  // The server's answer to the last try, or the required-fields message for a missing date or time.
  const [failure, setFailure] = useState<string | null>(null);

  const missing = (field: keyof EnquiryValues) => form.errors[field] === REQUIRED_FIELDS;
  const anyMissing = missing('name') || missing('email');
  const alert = failure ?? (anyMissing ? REQUIRED_FIELDS : null);

  const onSubmit = form.handleSubmit((values) => {
    if (busy) return;
    if (!date || !time) {
      setFailure(REQUIRED_FIELDS);
      return;
    }
    const payload: AppointmentPayload = {
      serviceId,
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim() ? (cleanPhoneNumber(values.phone) ?? '') : '',
      date,
      time,
      message: values.message.trim(),
    };
    setFailure(null);
    submit(() => createAppointment(payload, submissions.keyFor(payload)), {
      onDone: (appointment) => {
        submissions.settle();
        // Booked only when the provider confirms at once; a request says who will confirm it.
        toast.success(appointment.status === 'requested' ? requestSentMessage(appointment) : BOOKED);
        onBooked(appointment);
      },
      onFailed: (message, error) => {
        submissions.settle(error);
        setFailure(message);
        form.setFieldErrors(enquiryFieldErrors(apiFieldErrors(error)));
        toast.error(message);
        if (apiErrorCode(error) === 'slot_taken') onSlotTaken();
      },
    });
  });

  /** A missing required field is marked invalid and described by the one message above the fields. */
  const missingProps = (field: keyof EnquiryValues) =>
    missing(field) ? { 'aria-invalid': true, 'aria-describedby': alertId } : {};
  const shownError = (field: keyof EnquiryValues) => (missing(field) ? undefined : form.errors[field]);

  return (
    <div className="booking-enquiry">
      {date && time && (
        <div className="booking-enquiry__summary">
          <CalendarIcon size={20} />
          <p>
            {tx('{date} at {time}', { date: <strong>{formatLongDate(date)}</strong>, time: <strong>{formatTime(time)}</strong> })}
          </p>
          <button type="button" className="booking-dialog__link" aria-label={t('Change date or time')} onClick={onChangeSlot}>
            {t('Change')}
          </button>
        </div>
      )}
      <form className="booking-enquiry__form" noValidate onSubmit={onSubmit}>
        {alert && <FormAlert id={alertId}>{alert}</FormAlert>}
        <TextField
          label={t('Name')}
          autoComplete="name"
          required
          maxLength={NAME_MAX}
          {...form.field('name')}
          error={shownError('name')}
          {...missingProps('name')}
        />
        <EmailField required {...form.field('email')} error={shownError('email')} {...missingProps('email')} />
        <TextField
          label={t('Phone number (optional)')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
          hint={t('Add it for a text when the provider confirms, and to let them reply on WhatsApp.')}
          {...form.field('phone')}
        />
        <TextareaField
          label={t('Message (optional)')}
          rows={4}
          name="message"
          maxLength={MESSAGE_MAX}
          placeholder={MESSAGE_PLACEHOLDER}
          value={form.values.message}
          error={form.errors.message}
          onChange={(event) => form.setValue('message', event.target.value)}
        />
        <Button type="submit" size="lg" block disabled={busy}>
          {busy ? t('Booking...') : t('Book Appointment')}
        </Button>
      </form>
    </div>
  );
}

/** The server's messages for this form's fields; the others (date, time) are in its overall message. */
function enquiryFieldErrors(errors: Record<string, string>): FieldErrors<EnquiryValues> {
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => ['name', 'email', 'phone', 'message'].includes(field)),
  );
}
