// The time slots of a chosen day, grouped Morning, Afternoon and Evening (SPEC §2, §9). Slots already
// booked or already past (Nairobi time) cannot be chosen and say why.
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import type { RequestState } from '@/lib/use-request';
import type { Availability } from '@/types/api';
import { pastSlots, SLOT_PERIODS, TIME_SLOTS } from '../slots';

export const SLOT_TAKEN = 'Already booked';
export const SLOT_PAST = 'Time has passed';

interface TimeSlotsProps {
  date: string;
  value: string | null;
  onChange: (time: string) => void;
  availability: RequestState<Availability> & { retry: () => void };
}

export function TimeSlots({ date, value, onChange, availability }: TimeSlotsProps) {
  const baseId = useId();
  const takenId = `${baseId}-taken`;
  const pastId = `${baseId}-past`;
  // An answer for another day (the previous choice) counts as still loading.
  const loaded = availability.status === 'success' && availability.data.date === date ? availability.data : null;
  const loading = availability.status === 'loading' || (availability.status === 'success' && !loaded);
  const taken = new Set(loaded?.taken);
  // The server's past slots and the device's own reckoning in Nairobi time, whichever says more.
  const past = new Set([...(loaded?.past ?? []), ...pastSlots(date)]);
  const free = TIME_SLOTS.filter((slot) => !taken.has(slot.time) && !past.has(slot.time));

  let status = '';
  if (loading) status = 'Checking which times are free…';
  else if (availability.status === 'error') status = 'Could not check which times are free.';
  else if (free.length === 0) status = 'No free times on this day. Please choose another date.';

  return (
    <div className="booking-slots" aria-busy={loading}>
      <div className="booking-slots__status">
        <p role="status">{status}</p>
        {availability.status === 'error' && (
          <Button variant="secondary" className="booking-slots__retry" onClick={availability.retry}>
            Try Again
          </Button>
        )}
      </div>
      <span id={takenId} hidden>
        {SLOT_TAKEN}
      </span>
      <span id={pastId} hidden>
        {SLOT_PAST}
      </span>
      {SLOT_PERIODS.map((period) => {
        const headingId = `${baseId}-${period}`;
        return (
          <div key={period} role="group" aria-labelledby={headingId} className="booking-slots__period">
            <h4 id={headingId} className="booking-slots__period-title">
              {period}
            </h4>
            <div className="booking-slots__grid">
              {TIME_SLOTS.filter((slot) => slot.period === period).map(({ time }) => {
                const reason = taken.has(time) ? SLOT_TAKEN : past.has(time) ? SLOT_PAST : undefined;
                const chosen = time === value && !reason;
                return (
                  <button
                    key={time}
                    type="button"
                    className={`booking-slot${reason === SLOT_TAKEN ? ' booking-slot--taken' : ''}`}
                    aria-pressed={chosen}
                    disabled={loading || Boolean(reason)}
                    title={reason}
                    aria-describedby={reason === SLOT_TAKEN ? takenId : reason ? pastId : undefined}
                    onClick={() => onChange(time)}
                  >
                    {time}
                  </button>
                );
              })}
            </div>
          </div>
        );
      })}
    </div>
  );
}
