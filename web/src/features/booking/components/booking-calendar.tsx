// A single-date month calendar (SPEC §2, §5): days before today (in Nairobi) cannot be chosen. A grid
// after the WAI-ARIA date picker pattern: one Tab stop, arrows move by day and week, Home and End to
// the week's ends, Page Up and Page Down by month (with Shift, by year).
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons';
import { t } from '@/lib/i18n';
import { addDays, addMonths, daysInMonth, formatLongDate, formatMonth, startOfMonth, weekday } from '@/lib/dates';

const WEEKDAYS = [
  [t('Su'), t('Sunday')],
  [t('Mo'), t('Monday')],
  [t('Tu'), t('Tuesday')],
  [t('We'), t('Wednesday')],
  [t('Th'), t('Thursday')],
  [t('Fr'), t('Friday')],
  [t('Sa'), t('Saturday')],
] as const;

/** Six weeks always: the grid keeps its height from month to month. */
const CELLS = 42;

interface BookingCalendarProps {
  /** The chosen date, 'YYYY-MM-DD'. */
  value: string | null;
  onChange: (date: string) => void;
  /** The first day that can be chosen: today in Nairobi. */
  min: string;
  /** The last day that can be chosen. */
  max: string;
  /** Days the provider cannot take, with why (closed, a day off, fully booked…): shown unavailable. */
  unavailable?: ReadonlyMap<string, string>;
  /** Told the month shown ('YYYY-MM-01') whenever it changes, so its days can be asked for. */
  onMonth?: (month: string) => void;
}

function clamp(date: string, min: string, max: string): string {
  if (date < min) return min;
  return date > max ? max : date;
}

export function BookingCalendar({ value, onChange, min, max, unavailable, onMonth }: BookingCalendarProps) {
  const monthLabelId = useId();
  // The day with the grid's Tab stop; the month shown is always its month.
  const [focusDate, setFocusDate] = useState(() => clamp(value ?? min, min, max));
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);
  // The unavailable day last tapped, whose reason shows under the grid: a phone has no hover for
  // the day's title.
  const [explained, setExplained] = useState<string | null>(null);
  const why = explained && unavailable?.has(explained) ? `${formatLongDate(explained)}: ${unavailable.get(explained)}` : '';
  const month = startOfMonth(focusDate);

  useEffect(() => {
    onMonth?.(month);
  }, [month, onMonth]);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focusDate}"]`)?.focus();
  }, [focusDate]);

  function showMonth(months: number) {
    setFocusDate((current) => clamp(addMonths(current, months), min, max));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const day = weekday(focusDate);
    const next = {
      ArrowLeft: () => addDays(focusDate, -1),
      ArrowRight: () => addDays(focusDate, 1),
      ArrowUp: () => addDays(focusDate, -7),
      ArrowDown: () => addDays(focusDate, 7),
      Home: () => addDays(focusDate, -day),
      End: () => addDays(focusDate, 6 - day),
      PageUp: () => addMonths(focusDate, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focusDate, event.shiftKey ? 12 : 1),
    }[event.key];
    if (!next) return;
    event.preventDefault();
    moveFocus.current = true;
    setFocusDate(clamp(next(), min, max));
  }

  const lead = weekday(month);
  const length = daysInMonth(month);
  const cells = Array.from({ length: CELLS }, (_, index) => {
    const day = index - lead + 1;
    return day >= 1 && day <= length ? `${month.slice(0, 8)}${String(day).padStart(2, '0')}` : null;
  });
  const weeks = Array.from({ length: CELLS / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));

  return (
    <div className="booking-calendar">
      <div className="booking-calendar__header">
        <button
          type="button"
          className="booking-calendar__nav booking-calendar__nav--previous"
          aria-label={t('Previous month')}
          disabled={month <= startOfMonth(min)}
          onClick={() => showMonth(-1)}
        >
          <ChevronDownIcon size={20} />
        </button>
        <h3 id={monthLabelId} className="booking-calendar__month" aria-live="polite">
          {formatMonth(month)}
        </h3>
        <button
          type="button"
          className="booking-calendar__nav booking-calendar__nav--next"
          aria-label={t('Next month')}
          disabled={month >= startOfMonth(max)}
          onClick={() => showMonth(1)}
        >
          <ChevronDownIcon size={20} />
        </button>
      </div>
      <table ref={gridRef} role="grid" className="booking-calendar__grid" aria-labelledby={monthLabelId} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={long} scope="col" abbr={long}>
                <span aria-hidden="true">{short}</span>
                <span className="visually-hidden">{long}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, index) => (
            <tr key={index}>
              {week.map((date, column) =>
                date ? (
                  <td key={date}>
                    <button
                      type="button"
                      data-date={date}
                      className="booking-calendar__day"
                      tabIndex={date === focusDate ? 0 : -1}
                      disabled={date < min || date > max}
                      // Unavailable days stay focusable (the grid's keyboard moves through them) but
                      // cannot be chosen, and say why.
                      aria-disabled={unavailable?.has(date) || undefined}
                      title={unavailable?.get(date)}
                      aria-label={unavailable?.has(date) ? `${formatLongDate(date)}: ${unavailable.get(date)}` : formatLongDate(date)}
                      aria-pressed={date === value}
                      aria-current={date === min ? 'date' : undefined}
                      onClick={() => {
                        setFocusDate(date);
                        if (unavailable?.has(date)) setExplained(date);
                        else {
                          setExplained(null);
                          onChange(date);
                        }
                      }}
                    >
                      {Number(date.slice(8))}
                    </button>
                  </td>
                ) : (
                  <td key={`blank-${column}`} aria-hidden="true" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {/* Always there, one line high, so that a reason appearing moves nothing below it. */}
      <p className="booking-calendar__why" role="status">
        {why}
      </p>
    </div>
  );
}
