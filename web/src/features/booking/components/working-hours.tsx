// My Account, sellers: "Working hours" — the week a provider takes bookings in (up to three intervals a
// day on the half hour, 07:00–23:00), days off, how much notice they need, how far ahead they book,
// how many customers they serve at once and until when a customer may change a booking. Bookings from
// then on must fit it; the server checks every rule again and answers per field.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox, FormAlert } from '@/components/ui/form-field';
import { CloseIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toast';
import { apiErrorMessage, apiFieldErrors } from '@/lib/api-client';
import { formatLongDate } from '@/lib/dates';
import { formatTime, twentyFourHourTime, upperFirst } from '@/lib/format';
import { t } from '@/lib/i18n';
import { WEEK } from '@/lib/week';
import type { WeekDay, WorkingHours as Hours } from '@/types/api';
import { saveWorkingHours, useWorkingHours } from '../api/working-hours';
import './working-hours.css';

export const HOURS_FAILED = t('Failed to load your working hours. Please try again.');
export const SAVE_FAILED = t('Failed to save your working hours. Please try again.');
export const SAVED = t('Working hours saved.');
export const INSTANT_ON = t("Bookings inside your hours are confirmed at once: the customer is told it is booked, and you get the booking by SMS and e-mail.");
export const INSTANT_OFF = t('Each booking is a request: you confirm or decline it here, and the customer waits for your answer.');

/** 07:00 to 23:00 on the half hour. */
const TIMES = Array.from({ length: 33 }, (_, i) => twentyFourHourTime(7 * 60 + i * 30));

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

export function WorkingHours() {
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
    content = <HoursForm initial={query.data} />;
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

function HoursForm({ initial }: { initial: Hours }) {
  const toast = useToast();
  const [hours, setHours] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [dayOff, setDayOff] = useState('');
  const [focusError, setFocusError] = useState(0);
  const formId = useId();
  const instantId = useId();

  useEffect(() => {
    if (focusError === 0) return;
    document.querySelector<HTMLElement>(`#${CSS.escape(formId)} [aria-invalid="true"]`)?.focus();
  }, [focusError, formId]);

  const setDay = (day: WeekDay, intervals: [string, string][]) =>
    setHours((h) => ({ ...h, weekly: { ...h.weekly, [day]: intervals } }));

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
        if (Object.keys(fields).length > 0) setFocusError((n) => n + 1);
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
      <fieldset className="working-hours__week">
        <legend className="working-hours__legend">{t('Weekly hours')}</legend>
        {WEEK.map(([day, name]) => (
          <DayRow
            key={day}
            name={name}
            intervals={hours.weekly[day] ?? []}
            error={errors[`weekly.${day}`]}
            onChange={(intervals) => setDay(day, intervals)}
          />
        ))}
      </fieldset>

      <fieldset className="working-hours__days-off">
        <legend className="working-hours__legend">{t('Days off')}</legend>
        {hours.daysOff.length > 0 ? (
          <ul className="plain-list working-hours__off-list">
            {hours.daysOff.map((date) => (
              <li key={date}>
                {formatLongDate(date)}
                <button
                  type="button"
                  className="working-hours__remove"
                  aria-label={t('Remove day off {date}', { date: formatLongDate(date) })}
                  onClick={() => setHours((h) => ({ ...h, daysOff: h.daysOff.filter((d) => d !== date) }))}
                >
                  <CloseIcon size={16} />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="working-hours__none">{t('No days off.')}</p>
        )}
        <div className="working-hours__add-off">
          <label>
            <span className="field__label">{t('Date')}</span>
            <input
              type="date"
              className="field__input"
              value={dayOff}
              aria-invalid={errors.daysOff ? true : undefined}
              onChange={(event) => setDayOff(event.target.value)}
            />
          </label>
          <Button
            type="button"
            variant="secondary"
            disabled={!dayOff}
            onClick={() => {
              setHours((h) => ({ ...h, daysOff: [...new Set([...h.daysOff, dayOff])].sort() }));
              setDayOff('');
            }}
          >
            {t('Add day off')}
          </Button>
        </div>
        {errors.daysOff && <p className="field__error">{errors.daysOff}</p>}
      </fieldset>

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

interface DayRowProps {
  name: string;
  intervals: [string, string][];
  error?: string;
  onChange: (intervals: [string, string][]) => void;
}

function DayRow({ name, intervals, error, onChange }: DayRowProps) {
  const errorId = useId();
  const open = intervals.length > 0;
  const set = (i: number, part: 0 | 1, value: string) =>
    onChange(intervals.map((interval, j) => (j === i ? (part === 0 ? [value, interval[1]] : [interval[0], value]) : interval)));
  return (
    <div className="working-hours__day" role="group" aria-label={name}>
      <label className="working-hours__open">
        <input
          type="checkbox"
          checked={open}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.checked ? [['08:00', '18:00']] : [])}
        />
        <span className="working-hours__day-name">{name}</span>
      </label>
      <div className="working-hours__intervals">
        {!open && <span className="working-hours__closed">{t('Closed')}</span>}
        {intervals.map(([start, end], i) => (
          <div key={i} className="working-hours__interval">
            <TimeSelect label={t('{day} from', { day: name })} value={start} invalid={Boolean(error)} onChange={(v) => set(i, 0, v)} />
            <span aria-hidden="true">–</span>
            <TimeSelect label={t('{day} to', { day: name })} value={end} invalid={Boolean(error)} onChange={(v) => set(i, 1, v)} />
            {intervals.length > 1 && (
              <button
                type="button"
                className="working-hours__remove"
                aria-label={t('Remove {day} {start}–{end}', { day: name, start: formatTime(start), end: formatTime(end) })}
                onClick={() => onChange(intervals.filter((_, j) => j !== i))}
              >
                <CloseIcon size={16} />
              </button>
            )}
          </div>
        ))}
        {open && intervals.length < 3 && (
          <button
            type="button"
            className="working-hours__add"
            onClick={() => {
              const last = intervals[intervals.length - 1]![1];
              const from = TIMES.indexOf(last);
              const start = TIMES[Math.min(from + 1, TIMES.length - 2)]!;
              const end = TIMES[Math.min(from + 3, TIMES.length - 1)]!;
              onChange([...intervals, [start, end]]);
            }}
          >
            {t('Add hours')}
          </button>
        )}
        {error && (
          <p id={errorId} className="field__error working-hours__error">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

function TimeSelect({ label, value, invalid, onChange }: { label: string; value: string; invalid: boolean; onChange: (v: string) => void }) {
  return (
    <select
      className="field__input working-hours__time"
      aria-label={label}
      aria-invalid={invalid || undefined}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      {TIMES.includes(value) ? null : <option value={value}>{formatTime(value)}</option>}
      {TIMES.map((time) => (
        <option key={time} value={time}>
          {formatTime(time)}
        </option>
      ))}
    </select>
  );
}

interface SelectProps {
  label: string;
  hint: string;
  value: number;
  error?: string;
  options: readonly (readonly [number, string])[];
  onChange: (value: number) => void;
}

function Select({ label, hint, value, error, options, onChange }: SelectProps) {
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
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
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
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
