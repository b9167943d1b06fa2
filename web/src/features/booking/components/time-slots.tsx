// The start times a chosen day offers, grouped Morning, Afternoon and Evening (SPEC §2, §9): only the
// ones the provider can take — inside their working hours, with the service's whole length fitting,
// not already full, not inside their notice. A day with none says why and offers the next open day.
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { apiErrorMessage, isRetryable } from '@/lib/api-client';
import { formatTime } from '@/lib/format';
import { t } from '@/lib/i18n';
import type { RequestState } from '@/lib/use-request';
import type { Availability } from '@/types/api';
import { formatLongDate } from '@/lib/dates';
import { pastSlots, SLOT_PERIODS, TIME_SLOTS, type SlotPeriod } from '../slots';

export const NOTHING_LEFT = t('No free times on this day.');

const PERIOD_LABELS: Record<SlotPeriod, string> = {
  Morning: t('Morning'),
  Afternoon: t('Afternoon'),
  Evening: t('Evening'),
};

interface TimeSlotsProps {
  date: string;
  value: string | null;
  onChange: (time: string) => void;
  /** Moves the dialog to another day (the next open one). */
  onDate?: (date: string) => void;
  availability: RequestState<Availability> & { retry: () => void };
}

export function TimeSlots({ date, value, onChange, onDate, availability }: TimeSlotsProps) {
  const baseId = useId();
  // An answer for another day (the previous choice) counts as still loading.
  const loaded = availability.status === 'success' && availability.data.date === date ? availability.data : null;
  const loading = availability.status === 'loading' || (availability.status === 'success' && !loaded);
  // The device's own reckoning of what is past in Nairobi time too, in case the page stayed open.
  const past = pastSlots(date);
  const bookable = new Set((loaded?.slots ?? []).filter((time) => !past.has(time)));
  const offered = TIME_SLOTS.filter((slot) => bookable.has(slot.time));

  let status = '';
  if (loading) status = t('Checking which times are free…');
  else if (availability.status === 'error') {
    // A refusal says why (too many services for one day); no answer at all may be tried again.
    status = (!isRetryable(availability.error) && apiErrorMessage(availability.error)) || t('Could not check which times are free.');
  }
  else if (offered.length === 0) {
    status = loaded?.reason ? t('No free times on this day. {reason}', { reason: loaded.reason }) : NOTHING_LEFT;
  }
  const next = !loading && offered.length === 0 ? loaded?.nextOpenDate : null;

  return (
    <div className="booking-slots" aria-busy={loading}>
      <div className="booking-slots__status">
        <p role="status">{status}</p>
        {availability.status === 'error' && (
          <Button variant="secondary" className="booking-slots__retry" onClick={availability.retry}>
            {t('Try Again')}
          </Button>
        )}
        {next && onDate && (
          <Button variant="secondary" className="booking-slots__retry" onClick={() => onDate(next)}>
            {t('Next open day: {date}', { date: formatLongDate(next) })}
          </Button>
        )}
      </div>
      {SLOT_PERIODS.map((period) => {
        const times = offered.filter((slot) => slot.period === period);
        if (times.length === 0) return null;
        const headingId = `${baseId}-${period}`;
        return (
          <div key={period} role="group" aria-labelledby={headingId} className="booking-slots__period">
            <h4 id={headingId} className="booking-slots__period-title">
              {PERIOD_LABELS[period]}
            </h4>
            <div className="booking-slots__grid">
              {times.map(({ time }) => (
                <button
                  key={time}
                  type="button"
                  className="booking-slot"
                  aria-pressed={time === value}
                  disabled={loading}
                  onClick={() => onChange(time)}
                >
                  {formatTime(time)}
                </button>
              ))}
            </div>
          </div>
        );
      })}
    </div>
  );
}
