// The editors of a week and of days off, shared by the provider's working hours and a team member's own
// hours: up to three intervals a day on the half hour, 07:00–23:00, and dates off. The server checks
// every rule again and answers per field (`weekly.mon`, `daysOff`), which these show in place.
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { formatLongDate } from '@/lib/dates';
import { formatTime, twentyFourHourTime } from '@/lib/format';
import { t } from '@/lib/i18n';
import { WEEK } from '@/lib/week';
import type { Week, WeekDay } from '@/types/api';
import './week-editor.css';

/** 07:00 to 23:00 on the half hour. */
const TIMES = Array.from({ length: 33 }, (_, i) => twentyFourHourTime(7 * 60 + i * 30));

interface WeekEditorProps {
  legend: string;
  week: Week;
  /** The server's messages, by field: `weekly.mon` … `weekly.sun` are shown on their day. */
  errors: Record<string, string>;
  onChange: (week: Week) => void;
}

export function WeekEditor({ legend, week, errors, onChange }: WeekEditorProps) {
  const setDay = (day: WeekDay, intervals: [string, string][]) => onChange({ ...week, [day]: intervals });
  return (
    <fieldset className="week-editor">
      <legend className="week-editor__legend">{legend}</legend>
      {WEEK.map(([day, name]) => (
        <DayRow
          key={day}
          name={name}
          intervals={week[day] ?? []}
          error={errors[`weekly.${day}`]}
          onChange={(intervals) => setDay(day, intervals)}
        />
      ))}
    </fieldset>
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
    <div className="week-editor__day" role="group" aria-label={name}>
      <label className="week-editor__open">
        <input
          type="checkbox"
          checked={open}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.checked ? [['08:00', '18:00']] : [])}
        />
        <span>{name}</span>
      </label>
      <div className="week-editor__intervals">
        {!open && <span className="week-editor__closed">{t('Closed')}</span>}
        {intervals.map(([start, end], i) => (
          <div key={i} className="week-editor__interval">
            <TimeSelect label={t('{day} from', { day: name })} value={start} invalid={Boolean(error)} onChange={(v) => set(i, 0, v)} />
            <span aria-hidden="true">–</span>
            <TimeSelect label={t('{day} to', { day: name })} value={end} invalid={Boolean(error)} onChange={(v) => set(i, 1, v)} />
            {intervals.length > 1 && (
              <button
                type="button"
                className="week-editor__remove"
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
            className="week-editor__add"
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
          <p id={errorId} className="field__error week-editor__error">
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
      className="field__input week-editor__time"
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

interface DaysOffEditorProps {
  /** 'YYYY-MM-DD', in order. */
  daysOff: string[];
  /** The server's message for `daysOff`. */
  error?: string;
  onChange: (daysOff: string[]) => void;
}

export function DaysOffEditor({ daysOff, error, onChange }: DaysOffEditorProps) {
  const [dayOff, setDayOff] = useState('');
  const errorId = useId();
  return (
    <fieldset className="week-editor">
      <legend className="week-editor__legend">{t('Days off')}</legend>
      {daysOff.length > 0 ? (
        <ul className="plain-list week-editor__off-list">
          {daysOff.map((date) => (
            <li key={date}>
              {formatLongDate(date)}
              <button
                type="button"
                className="week-editor__remove"
                aria-label={t('Remove day off {date}', { date: formatLongDate(date) })}
                onClick={() => onChange(daysOff.filter((d) => d !== date))}
              >
                <CloseIcon size={16} />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="week-editor__closed">{t('No days off.')}</p>
      )}
      <div className="week-editor__add-off">
        <label>
          <span className="field__label">{t('Date')}</span>
          <input
            type="date"
            className="field__input"
            value={dayOff}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setDayOff(event.target.value)}
          />
        </label>
        <Button
          type="button"
          variant="secondary"
          disabled={!dayOff}
          onClick={() => {
            onChange([...new Set([...daysOff, dayOff])].sort());
            setDayOff('');
          }}
        >
          {t('Add day off')}
        </Button>
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
