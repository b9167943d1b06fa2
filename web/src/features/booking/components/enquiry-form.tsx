// The "Your details" tab (SPEC §2's Enquiry, §4, §5, §8): the chosen date and time (and the menu's services, the team
// member and the total), name, e-mail, an optional phone number (the provider may answer on
// WhatsApp) and an optional message, and the request itself. On a failure the dialog stays open with
// everything entered; when the member chosen is no longer free then (409 member_taken), it offers
// anyone available at the same time, or another time.
import { useId, useState } from 'react';
import { ANYONE_AVAILABLE } from '@/components/ui/avatar';
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
import type { Appointment, ServiceOption, TeamMember } from '@/types/api';
import { createAppointment, type AppointmentPayload } from '../api/create-appointment';
import { summaryRows, totalOf } from '../menu';
import { bookedMessage, requestSentMessage } from './booking-done';
import { formatLongDate } from '@/lib/dates';
import {
  BOOKING_FAILED,
  BOOKING_OFFLINE,
  MESSAGE_MAX,
  NAME_MAX,
  REQUIRED_FIELDS,
  type EnquiryValues,
} from '../validation';

export const MESSAGE_PLACEHOLDER = t('Please provide any additional details about your appointment request...');

/** What the Appointment tab chose besides the day and time. */
export interface Chosen {
  /** The menu's services, in the order chosen. */
  services: readonly ServiceOption[];
  /** null: anyone available. */
  member: TeamMember | null;
  /** The listing has a menu: the booking names its services. */
  menu: boolean;
  /** The provider has a team: the booking names the member asked for ('' for anyone). */
  team: boolean;
}

interface EnquiryFormProps {
  serviceId: string;
  date: string | null;
  time: string | null;
  chosen: Chosen;
  form: Form<EnquiryValues>;
  /** Back to the Appointment tab to choose another date or time. */
  onChangeSlot: () => void;
  onBooked: (appointment: Appointment) => void;
  /** The slot (or the member's time) was taken meanwhile (409): the times are asked for again. */
  onSlotTaken: () => void;
  /** Anyone available for the same date and time, after the member chosen was not free then. */
  onAnyone: () => void;
  /** A service chosen is no longer on the listing's menu (400 errors.optionIds): the menu is asked for again. */
  onMenuChanged: () => void;
}

export function EnquiryForm(props: EnquiryFormProps) {
  const { serviceId, date, time, chosen, form, onChangeSlot, onBooked, onSlotTaken, onAnyone, onMenuChanged } = props;
  const toast = useToast();
  const alertId = useId();
  const { busy, submit } = useSubmission<Appointment>(BOOKING_FAILED, BOOKING_OFFLINE);
  const submissions = useIdempotentSubmissions();
  // The server's answer to the last try (with the member it was for), or the required-fields message
  // for a missing date or time.
  const [failure, setFailure] = useState<{ message: string; memberTaken?: string } | null>(null);
  const memberId = chosen.member?.id ?? '';
  // A member who was not free is no news once another (or anyone) is chosen.
  const stale = failure?.memberTaken !== undefined && failure.memberTaken !== memberId;
  const memberTaken = failure?.memberTaken !== undefined && !stale;

  const missing = (field: keyof EnquiryValues) => form.errors[field] === REQUIRED_FIELDS;
  const anyMissing = missing('name') || missing('email');
  const alert = (stale ? null : failure?.message) ?? (anyMissing ? REQUIRED_FIELDS : null);

  const onSubmit = form.handleSubmit((values) => {
    if (busy) return;
    if (!date || !time) {
      setFailure({ message: REQUIRED_FIELDS });
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
      // A listing without a menu, a provider without a team: neither field is sent.
      ...(chosen.menu && { optionIds: chosen.services.map((option) => option.id) }),
      ...(chosen.team && { memberId }),
    };
    setFailure(null);
    submit(() => createAppointment(payload, submissions.keyFor(payload)), {
      onDone: (appointment) => {
        submissions.settle();
        // Booked only when the provider confirms at once; a request says who will confirm it.
        toast.success(appointment.status === 'requested' ? requestSentMessage(appointment) : bookedMessage(appointment));
        onBooked(appointment);
      },
      onFailed: (message, error) => {
        submissions.settle(error);
        const code = apiErrorCode(error);
        setFailure({ message, ...(code === 'member_taken' && { memberTaken: memberId }) });
        const fields = apiFieldErrors(error);
        form.setFieldErrors(enquiryFieldErrors(fields));
        toast.error(message);
        if (code === 'slot_taken' || code === 'member_taken') onSlotTaken();
        if (fields.optionIds) onMenuChanged();
      },
    });
  });

  const rows = summaryRows({
    services: chosen.services,
    member: chosen.team ? (chosen.member?.name ?? ANYONE_AVAILABLE) : null,
    total: chosen.menu ? totalOf(chosen.services) : null,
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
      {rows.length > 0 && (
        <dl className="booking-enquiry__choices">
          {rows.map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <form className="booking-enquiry__form" noValidate onSubmit={onSubmit}>
        {alert && <FormAlert id={alertId}>{alert}</FormAlert>}
        {memberTaken && (
          <div className="booking-enquiry__taken">
            <Button variant="secondary" onClick={onAnyone}>
              {t('Switch to anyone available')}
            </Button>
            <Button variant="secondary" onClick={onChangeSlot}>
              {t('Choose another time')}
            </Button>
          </div>
        )}
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
