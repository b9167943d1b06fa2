// A day, then a time: the month calendar of the days a service can take (for the services and the
// member chosen), and under it the chosen day's free starts. One block for the booking
// dialog and for moving a booking (routes/cancel-booking.tsx).
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '@/lib/i18n';
import type { RequestState } from '@/lib/use-request';
import type { Availability } from '@/types/api';
import { addDays, formatLongDate } from '@/lib/dates';
import type { BookingChoice } from '../api/get-availability';
import { unavailableDays, useCalendar } from '../api/get-calendar';
import { BookingCalendar } from './booking-calendar';
import { TimeSlots } from './time-slots';

/** Bookings are taken up to a year ahead (the server allows 366 days). */
const DAYS_AHEAD = 365;

interface DayAndTimesProps {
  serviceId: string;
  /** The services and the member the days and times are for. */
  choice: BookingChoice;
  /** Today in Nairobi: the first day that can be chosen. */
  today: string;
  date: string | null;
  time: string | null;
  /** The chosen day's free starts (asked for by the owner, who also retries them after a refusal). */
  availability: RequestState<Availability> & { retry: () => void };
  onDate: (date: string) => void;
  onTime: (time: string) => void;
}

export function DayAndTimes({ serviceId, choice, today, date, time, availability, onDate, onTime }: DayAndTimesProps) {
  // The month the calendar shows, and which of its days the provider (or the member) cannot take.
  const [month, setMonth] = useState(() => (date ?? today).slice(0, 7));
  const calendar = useCalendar(serviceId, month, choice);
  const onMonth = useCallback((first: string) => setMonth(first.slice(0, 7)), []);
  // A new key shows the calendar again from the chosen date (after "Next open day").
  const [calendarKey, setCalendarKey] = useState('first');
  const slotsRef = useRef<HTMLDivElement>(null);
  const [datePicked, setDatePicked] = useState(0);

  const pickDate = (next: string) => {
    onDate(next);
    setDatePicked((count) => count + 1);
  };

  useEffect(() => {
    // The slots appear under the calendar: on a phone they start below the fold.
    if (datePicked === 0) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    slotsRef.current?.scrollIntoView?.({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [datePicked]);

  return (
    <>
      <BookingCalendar
        key={calendarKey}
        value={date}
        min={today}
        max={addDays(today, DAYS_AHEAD)}
        unavailable={unavailableDays(calendar.status === 'success' ? calendar.data : null)}
        onMonth={onMonth}
        onChange={pickDate}
      />
      <div ref={slotsRef} className="booking-appointment__slots">
        {date ? (
          <>
            <p className="booking-appointment__date" aria-live="polite">
              {formatLongDate(date)}
            </p>
            <TimeSlots
              date={date}
              value={time}
              onChange={onTime}
              onDate={(next) => {
                // The calendar moves to the next open day's month and marks it.
                setCalendarKey(next);
                pickDate(next);
              }}
              availability={availability}
            />
          </>
        ) : (
          <p className="booking-appointment__hint">{t('Choose a date to see the available times.')}</p>
        )}
      </div>
    </>
  );
}
