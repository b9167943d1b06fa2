// The bookable time slots of SPEC §9: 30-minute steps, Morning 7:00 AM–11:30 AM, Afternoon 12:00 PM–
// 3:30 PM, Evening 4:00 PM–10:30 PM. The same list as booking-svc/src/rules/slots.rs, label for label.
import { twelveHourLabel } from '@/lib/format';
import { nairobiNow } from '@/lib/dates';

export type SlotPeriod = 'Morning' | 'Afternoon' | 'Evening';

export interface TimeSlot {
  /** The label the API takes, e.g. '9:30 AM' (shown through formatTime: '09:30' in Kiswahili). */
  time: string;
  period: SlotPeriod;
  /** Minutes after midnight, Nairobi time. */
  minutes: number;
}

export const SLOT_PERIODS: readonly SlotPeriod[] = ['Morning', 'Afternoon', 'Evening'];

const FIRST_SLOT = 7 * 60;
const LAST_SLOT = 22 * 60 + 30;
const STEP = 30;

function slotPeriod(minutes: number): SlotPeriod {
  if (minutes < 12 * 60) return 'Morning';
  return minutes < 16 * 60 ? 'Afternoon' : 'Evening';
}

export const TIME_SLOTS: readonly TimeSlot[] = Array.from(
  { length: (LAST_SLOT - FIRST_SLOT) / STEP + 1 },
  (_, index) => {
    const minutes = FIRST_SLOT + index * STEP;
    return { time: twelveHourLabel(minutes), period: slotPeriod(minutes), minutes };
  },
);

/**
 * The slots of `date` that are gone at `now` in Nairobi: every slot of a day before today, today's
 * from their start on (the server's rule), none of a later day.
 */
export function pastSlots(date: string, now: Date = new Date()): Set<string> {
  const here = nairobiNow(now);
  if (date > here.date) return new Set();
  return new Set(TIME_SLOTS.filter((slot) => date < here.date || slot.minutes <= here.minutes).map((s) => s.time));
}
