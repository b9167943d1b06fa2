// My Account, sellers: "Working hours" — the week a provider takes bookings in (up to three intervals a
// day on the half hour, 07:00–23:00), days off, how much notice they need, how far ahead they book,
// how many customers they serve at once and until when a customer may change a booking. Bookings from
// then on must fit it; the server checks every rule again and answers per field. With a team,
// each active member is one customer at a time, and the number of customers at once no longer applies.
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox, FormAlert } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { apiErrorMessage, apiFieldErrors } from '@/lib/api-client';
import { upperFirst } from '@/lib/format';
import { t } from '@/lib/i18n';
import type { WorkingHours as Hours } from '@/types/api';
import { saveWorkingHours, useWorkingHours } from '../api/working-hours';
import { useFocusFirstInvalid } from './use-focus-invalid';
import { DaysOffEditor, WeekEditor } from './week-editor';
import './working-hours.css';

export const HOURS_FAILED = t('Failed to load your working hours. Please try again.');
export const SAVE_FAILED = t('Failed to save your working hours. Please try again.');
export const SAVED = t('Working hours saved.');
export const INSTANT_ON = t("Bookings inside your hours are confirmed at once: the customer is told it is booked, and you get the booking by SMS and e-mail.");
export const INSTANT_OFF = t('Each booking is a request: you confirm or decline it here, and the customer waits for your answer.');
export const CAPACITY_WITH_TEAM = t('You have a team: each active member serves one customer at a time, so this number no longer applies.');

const NOTICE = [
  [0, t('No notice')],
  [30, t('30 minutes')],
  // The API's texts too (proto/i18n/sw.json), written for the middle of a sentence: "saa 1".
  [60, upperFirst(t('1 hour'))],
  [120, t('2 hours')],
  [180, t('3 hours')],
  [360, t('6 hours')],
  [720, t('12 hours')],
  [1440, upperFirst(t('1 day'))],
  [2880, t('2 days')],
] as const;
/** The same steps as NOTICE, said as the time before the start until which a booking may be changed. */
const CHANGE_NOTICE = [
  [0, t('The start')],
  [30, t('30 minutes before')],
  [60, t('1 hour before')],
  [120, t('2 hours before')],
  [180, t('3 hours before')],
  [360, t('6 hours before')],
  [720, t('12 hours before')],
  [1440, t('1 day before')],
  [2880, t('2 days before')],
] as const;
const AHEAD = [7, 14, 30, 60, 90, 180, 365] as const;

function choices(values: readonly (readonly [number, string])[], current: number) {
  // A value set elsewhere (the API) that is not in the list is still shown as it is.
  const known = values.some(([v]) => v === current);
  return known ? values : [...values, [current, t('{count} minutes', { count: current })] as const];
}

/** `hasTeam`: the provider has an active team member, so the customers at once no longer apply. */
export function WorkingHours({ hasTeam = false }: { hasTeam?: boolean }) {
  const titleId = useId();
  const query = useWorkingHours();

  let content: ReactNode;
  if (query.status === 'loading') {
    content = (
      <div role="status" className="working-hours__loading">
        <span className="visually-hidden">{t('Loading your working hours…')}</span>
      </div>
    );
  } else if (query.status === 'error') {
    content = (
      <div role="alert">
        <p>{HOURS_FAILED}</p>
        <Button variant="secondary" onClick={query.retry}>
          {t('Try Again')}
        </Button>
      </div>
    );
  } else {
    content = <HoursForm initial={query.data} hasTeam={hasTeam} />;
  }

  return (
    <section className="card working-hours" aria-labelledby={titleId}>
      <h2 id={titleId} className="working-hours__title">
        {t('Working hours')}
      </h2>
      <p className="working-hours__intro">
        {t('Customers can only book times inside these hours, for the whole length of the service.')}
      </p>
      {content}
    </section>
  );
}

function HoursForm({ initial, hasTeam }: { initial: Hours; hasTeam: boolean }) {
  const toast = useToast();
  const [hours, setHours] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [formId, focusFirstInvalid] = useFocusFirstInvalid();
  const instantId = useId();

  function save() {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    saveWorkingHours(hours).then(
      (saved) => {
        setSaving(false);
        setErrors({});
        setHours(saved);
        toast.success(SAVED);
      },
      (error: unknown) => {
        setSaving(false);
        const fields = apiFieldErrors(error);
        setErrors(fields);
        setFailure(apiErrorMessage(error) ?? SAVE_FAILED);
        if (Object.keys(fields).length > 0) focusFirstInvalid();
      },
    );
  }

  return (
    <form
      id={formId}
      className="working-hours__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <WeekEditor
        legend={t('Weekly hours')}
        week={hours.weekly}
        errors={errors}
        onChange={(weekly) => setHours((h) => ({ ...h, weekly }))}
      />
      <DaysOffEditor daysOff={hours.daysOff} error={errors.daysOff} onChange={(daysOff) => setHours((h) => ({ ...h, daysOff }))} />

      <div className="working-hours__instant">
        <Checkbox
          name="instantBooking"
          role="switch"
          label={t('Confirm bookings at once')}
          checked={hours.instantBooking}
          aria-describedby={instantId}
          onChange={(event) => setHours((h) => ({ ...h, instantBooking: event.target.checked }))}
        />
        <p id={instantId} className="field__hint" aria-live="polite">
          {hours.instantBooking ? INSTANT_ON : INSTANT_OFF}
        </p>
      </div>

      <div className="working-hours__settings">
        <Select
          label={t('Minimum notice')}
          hint={t('How long before a start it can still be booked.')}
          value={hours.minNoticeMinutes}
          error={errors.minNoticeMinutes}
          options={choices(NOTICE, hours.minNoticeMinutes)}
          onChange={(v) => setHours((h) => ({ ...h, minNoticeMinutes: v }))}
        />
        <Select
          label={t('Book ahead')}
          hint={t('How far ahead customers can book.')}
          value={hours.horizonDays}
          error={errors.horizonDays}
          options={choices(
            AHEAD.map((d) => [d, t('{count} days', { count: d })] as const),
            hours.horizonDays,
          )}
          onChange={(v) => setHours((h) => ({ ...h, horizonDays: v }))}
        />
        <Select
          label={t('Customers at once')}
          hint={t('Chairs or staff: how many bookings may overlap.')}
          note={hasTeam ? CAPACITY_WITH_TEAM : undefined}
          value={hours.capacity}
          error={errors.capacity}
          options={Array.from({ length: 20 }, (_, i) => [i + 1, String(i + 1)] as const)}
          onChange={(v) => setHours((h) => ({ ...h, capacity: v }))}
        />
        <Select
          label={t('Changes by link until')}
          hint={t('How long before the start a customer may still change or cancel.')}
          value={hours.changeNoticeMinutes}
          error={errors.changeNoticeMinutes}
          options={choices(CHANGE_NOTICE, hours.changeNoticeMinutes)}
          onChange={(v) => setHours((h) => ({ ...h, changeNoticeMinutes: v }))}
        />
      </div>

      {failure && <FormAlert>{failure}</FormAlert>}
      <Button type="submit" size="lg" disabled={saving}>
        {saving ? t('Saving...') : t('Save working hours')}
      </Button>
    </form>
  );
}

interface SelectProps {
  label: string;
  hint: string;
  /** A second hint, about when the setting applies. */
  note?: string;
  value: number;
  error?: string;
  options: readonly (readonly [number, string])[];
  onChange: (value: number) => void;
}

function Select({ label, hint, note, value, error, options, onChange }: SelectProps) {
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, note && `${id}-note`, error && `${id}-error`].filter(Boolean).join(' ')}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {note && (
        <p id={`${id}-note`} className="field__hint">
          {note}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
